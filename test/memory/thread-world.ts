/**
 * A pull request with one of Rivumi's review threads on `src/api/users.ts`, on the loopback
 * GitHub, and a helper that replies in the thread as a person and delivers the reply's
 * `pull_request_review_comment` event as the action does: trigger parsed from a real-shaped
 * payload, permission from the collaborator-permission API, the memory command on the branch
 * store, and the reaction and reply published through the publisher.
 */
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { memoryStoreFor } from "../../src/github/memory-store.js";
import { createGitHubPort } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { handleMemoryCommand, type MemoryCommandResult } from "../../src/memory/handle-command.js";
import { memoryOutcome } from "../../src/memory/run.js";
import { idleStats } from "../../src/outcome/stats.js";
import { Publisher } from "../../src/publish/publisher.js";
import { publishReview } from "../../src/review/publish.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import type { CommentTrigger } from "../../src/trigger/trigger.js";
import { startGitHubServer, type GitHubServer, type Role } from "../support/github-server.js";
import { fakeSha } from "../support/payloads.js";
import { reviewCommentPayload } from "../support/review-comment-payload.js";
import {
  BOT,
  BRANCH,
  FULL,
  OWNER,
  REPO,
  TOKEN,
  testOctokit,
  testSettings,
} from "./memory-world.js";

export const READ_ONLY = "ghs_readOnlyForkToken0123456789abcdef";
export const FILE = "src/api/users.ts";
const HEAD = fakeSha("thread-head");
const BASE = fakeSha("thread-base");
/** A person's own token on the fake, to write the reply as them. */
const tokenOf = (login: string) => `ghu_${login.replace(/\W/g, "")}_0123456789abcdef`;

export interface ThreadWorld {
  github: GitHubServer;
  pr: number;
  /** The thread's first comment: Rivumi's finding. */
  root: number;
  stored(): string | undefined;
  /** Rivumi's replies in the thread, oldest first. */
  replies(): { body: string; inReplyTo: number | undefined }[];
  /** Reactions on a review comment. */
  reactions(commentId: number): string[];
  close(): Promise<void>;
}

export async function createThreadWorld(
  opts: { roles?: Record<string, Role> } = {},
): Promise<ThreadWorld> {
  const roles = opts.roles ?? { alice: "write" };
  const people = Object.fromEntries(
    Object.keys(roles).map((login) => [
      tokenOf(login),
      { login, type: login.endsWith("[bot]") ? "installation" : "user" } as const,
    ]),
  );
  const github = await startGitHubServer({
    tokens: {
      [TOKEN]: { login: BOT, type: "installation" },
      [READ_ONLY]: { login: BOT, type: "installation", readOnly: true },
      ...people,
    },
  });
  github.addRepo(FULL);
  for (const [login, role] of Object.entries(roles)) github.setPermission(FULL, login, role);
  const pr = github.addPullRequest(FULL, {
    title: "Tenants",
    head: { sha: HEAD, ref: "feature" },
    base: { sha: BASE, ref: "main" },
    files: [
      {
        filename: FILE,
        status: "modified",
        patch: "@@ -1,2 +1,3 @@\n export const a = 1;\n+export const b = 2;\n export const c = 3;",
      },
    ],
  });
  const { data: root } = await testOctokit(github.url).rest.pulls.createReviewComment({
    owner: OWNER,
    repo: REPO,
    pull_number: pr,
    commit_id: HEAD,
    path: FILE,
    line: 2,
    side: "RIGHT",
    body: "**major**: `b` is never checked against the tenant.",
  });
  return {
    github,
    pr,
    root: root.id,
    stored: () => github.readFile(FULL, BRANCH, "memory.jsonl"),
    replies: () =>
      [...github.repo(FULL).reviewComments.values()]
        .filter((c) => c.pullNumber === pr && c.user.login === BOT && c.id !== root.id)
        .map((c) => ({ body: c.body, inReplyTo: c.inReplyTo })),
    reactions: (id) =>
      (github.repo(FULL).reviewComments.get(id)?.reactions ?? []).map((r) => r.content),
    close: () => github.close(),
  };
}

export interface ThreadDelivery {
  result: MemoryCommandResult;
  trigger: CommentTrigger;
  journal: MemoryJournal;
  commentId: number;
  failures: { target: string; error: string }[];
}

/** Replies `body` in the thread as `commenter` and runs the memory command on the reply's event. */
export async function replyInThread(
  world: ThreadWorld,
  body: string,
  o: { commenter?: string; fork?: boolean } = {},
): Promise<ThreadDelivery> {
  const commenter = o.commenter ?? "alice";
  const commenterType = commenter.endsWith("[bot]") ? "Bot" : "User";
  const { data: reply } = await testOctokit(
    world.github.url,
    tokenOf(commenter),
  ).rest.pulls.createReplyForReviewComment({
    owner: OWNER,
    repo: REPO,
    pull_number: world.pr,
    comment_id: world.root,
    body,
  });
  const trigger = parseTrigger(
    "pull_request_review_comment",
    reviewCommentPayload({
      owner: OWNER,
      repo: REPO,
      number: world.pr,
      body,
      commenter,
      commenterType,
      path: FILE,
      commentId: reply.id,
      inReplyTo: world.root,
      headSha: HEAD,
      baseSha: BASE,
      ...(o.fork ? { headRepoFullName: "mallory/widgets" } : {}),
    }),
  );
  if (trigger.kind !== "comment") throw new Error(`expected a comment, got ${trigger.kind}`);
  // A fork's pull request gets a read-only token, as GitHub gives its review-comment runs.
  const octokit = testOctokit(world.github.url, o.fork ? READ_ONLY : TOKEN);
  const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
    owner: OWNER,
    repo: REPO,
    username: commenter,
  });
  const journal = new MemoryJournal();
  const repo = { owner: OWNER, repo: REPO };
  const settings = testSettings();
  const result = await handleMemoryCommand({
    repo,
    trigger,
    settings,
    permission: { permission: data.permission, roleName: data.role_name },
    journal,
    store: memoryStoreFor({ octokit, repo, settings }),
  });
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
  const { failures } = await publisher.publishAll(outcome);
  return { result, trigger, journal, commentId: reply.id, failures };
}
