/** What a fake-GitHub route handler receives, and helpers several route files share. */
import type { IncomingHttpHeaders } from "node:http";
import { ok, okPage, type RouteResult } from "./github-http.js";
import * as json from "./github-json.js";
import type { GitHubState, RepoState } from "./github-state.js";
import type { Actor, ReactionRecord, TokenInfo } from "./github-types.js";

export interface RouteContext {
  state: GitHubState;
  /** The absolute request URL on the fake (for Link headers). */
  url: URL;
  params: Record<string, string>;
  /** The JSON body, already checked against the description. */
  body: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  token: TokenInfo;
  actor: Actor;
  /** The `{owner}/{repo}` of the path; 404 when the fake has no such repository. */
  repo: () => RepoState;
  /** A numeric path parameter (already checked by the description). */
  num: (name: string) => number;
}

export type Handler = (ctx: RouteContext) => RouteResult;

/** Whether the client asked for one of GitHub's non-JSON media types (`diff`, `raw`, ...). */
export function wantsMedia(ctx: RouteContext, kind: string): boolean {
  return new RegExp(`application/vnd\\.github(\\.v3)?\\.${kind}\\b`).test(ctx.headers.accept ?? "");
}

/** 201 for a new reaction, 200 with the existing one when this user already reacted so. */
export function addReaction(ctx: RouteContext, reactions: ReactionRecord[]): RouteResult {
  const content = String(ctx.body.content);
  const existing = reactions.find((r) => r.content === content && r.user.login === ctx.actor.login);
  if (existing) return ok(json.reaction(ctx.state, existing));
  const record = { id: ctx.state.nextId(), content, user: ctx.actor, createdAt: ctx.state.now() };
  reactions.push(record);
  return ok(json.reaction(ctx.state, record), 201);
}

export function listReactions(ctx: RouteContext, reactions: ReactionRecord[]): RouteResult {
  const content = ctx.url.searchParams.get("content");
  const list = reactions.filter((r) => !content || r.content === content);
  return okPage(
    list.map((r) => json.reaction(ctx.state, r)),
    ctx.url,
  );
}
