/**
 * A loopback GitHub set up for memory commands, and a helper that delivers one comment event to
 * `handleMemoryCommand` the way the action does: the comment exists on the fake, the trigger is
 * parsed from a real-shaped payload, the permission comes from the collaborator-permission API,
 * and the reaction and reply go out through the publisher.
 */
import { retry } from "@octokit/plugin-retry";
import { Octokit } from "@octokit/rest";
import { parseSettings, type Settings } from "../../src/config/settings.js";
import type { MemoryStore } from "../../src/context/memory/index.js";
import { memoryStoreFor } from "../../src/github/memory-store.js";
import { createGitHubPort } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { handleMemoryCommand, type MemoryCommandResult } from "../../src/memory/handle-command.js";
import { memoryOutcome } from "../../src/memory/run.js";
import { idleStats } from "../../src/outcome/stats.js";
import { Publisher } from "../../src/publish/publisher.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import type { CommentTrigger } from "../../src/trigger/trigger.js";
import { startGitHubServer, type GitHubServer, type Role } from "../support/github-server.js";
import { issueCommentPayload } from "../support/payloads.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";

export const OWNER = "acme";
export const REPO = "widgets";
export const FULL = `${OWNER}/${REPO}`;
export const TOKEN = "ghs_memoryTestToken0123456789abcdef";
export const BOT = "github-actions[bot]";
export const BRANCH = "rivumi-memory";

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * A client without the throttling plugin (which spaces writes a second apart), without retries,
 * and without logging each expected 404/422 to stderr.
 */
export function testOctokit(url: string, token = TOKEN): Octokit {
  return new (Octokit.plugin(retry))({
    auth: token,
    baseUrl: url,
    request: { retries: 0 },
    log: quiet,
  });
}

export function testSettings(inputs: Record<string, string> = {}): Settings {
  const all: Record<string, string> = { "github-token": TOKEN, model: "m", ...inputs };
  return parseSettings((name) => all[name] ?? "");
}

export interface MemoryWorld {
  github: GitHubServer;
  issue: number;
  /** The memory file on the branch, or undefined when the branch or file is missing. */
  stored(full?: string): string | undefined;
  close(): Promise<void>;
}

export async function createMemoryWorld(
  opts: {
    latencyMs?: [number, number];
    roles?: Record<string, Role>;
    extraTokens?: Record<
      string,
      { login: string; type: "installation" | "user"; readOnly?: boolean }
    >;
  } = {},
): Promise<MemoryWorld> {
  const github = await startGitHubServer({
    tokens: { [TOKEN]: { login: BOT, type: "installation" }, ...opts.extraTokens },
    ...(opts.latencyMs ? { latencyMs: opts.latencyMs } : {}),
  });
  github.addRepo(FULL);
  const roles: Record<string, Role> = opts.roles ?? { alice: "write" };
  for (const [login, role] of Object.entries(roles)) {
    github.setPermission(FULL, login, role);
  }
  const issue = github.addIssue(FULL, { title: "Where we keep notes" });
  return {
    github,
    issue,
    stored: (full = FULL) => github.readFile(full, BRANCH, "memory.jsonl"),
    close: () => github.close(),
  };
}

export interface SendOptions {
  commenter?: string;
  commenterType?: "User" | "Bot";
  settings?: Settings;
  octokit?: Octokit;
  store?: MemoryStore;
  memoryOctokit?: Octokit;
  /** Deliver an existing comment again instead of writing a new one. */
  commentId?: number;
  now?: () => Date;
}

export interface Delivery {
  result: MemoryCommandResult;
  trigger: CommentTrigger;
  journal: MemoryJournal;
  commentId: number;
}

/** Writes `body` as a comment (unless re-delivering one) and runs the handler on its event. */
export async function send(
  world: MemoryWorld,
  body: string,
  o: SendOptions = {},
): Promise<Delivery> {
  const commenter = o.commenter ?? "alice";
  const commenterType = o.commenterType ?? (commenter.endsWith("[bot]") ? "Bot" : "User");
  const commentId =
    o.commentId ??
    world.github.addIssueComment(FULL, world.issue, body, { login: commenter, type: commenterType })
      .id;
  const payload = issueCommentPayload({
    owner: OWNER,
    repo: REPO,
    number: world.issue,
    body,
    commenter,
    commenterType,
    onPullRequest: false,
    commentId,
  });
  const trigger = parseTrigger("issue_comment", payload);
  if (trigger.kind !== "comment")
    throw new Error(`expected a comment trigger, got ${trigger.kind}`);
  const octokit = o.octokit ?? testOctokit(world.github.url);
  const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
    owner: OWNER,
    repo: REPO,
    username: commenter,
  });
  const journal = new MemoryJournal();
  const repo = { owner: OWNER, repo: REPO };
  const settings = o.settings ?? testSettings();
  const store =
    o.store ??
    memoryStoreFor({
      octokit,
      repo,
      settings,
      ...(o.memoryOctokit ? { memoryOctokit: o.memoryOctokit } : {}),
    });
  const result = await handleMemoryCommand({
    repo,
    trigger,
    settings,
    permission: { permission: data.permission, roleName: data.role_name },
    journal,
    store,
    ...(o.now ? { now: o.now } : {}),
  });
  // Then published as the action publishes it: a reaction and a reply through the GitHub port.
  const outcome = memoryOutcome(result, trigger, {
    stats: idleStats(settings, 0),
    journalName: "j",
  });
  const publisher = new Publisher(createGitHubPort(octokit, repo), {
    journal,
    stickyKey: "memory-test",
    botLogin: BOT,
    texts: FEATURE_TEXTS,
    postReview: publishReview,
    redact: (text) => text,
  });
  await publisher.publishAll(outcome);
  return { result, trigger, journal, commentId };
}

/** The rows of a store's text, parsed; throws on a line that is not JSON. */
export function rowsOf(text: string | undefined): Record<string, unknown>[] {
  return (text ?? "")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
