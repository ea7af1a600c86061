// The review-thread part of the real GitHub port (octokit, GraphQL and REST) against the loopback
// GitHub, which checks every GraphQL request against GitHub's published schema and answers by
// executing it over that schema.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import type { GitHubPort } from "../../src/github/port.js";
import { GraphQLRefusal } from "../../src/github/review-threads.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";

const FULL = "acme/widgets";
const BOT = "rivumi[bot]";
const TOKENS = {
  ghs_rivumi: { login: BOT, type: "installation" },
  // A workflow with `contents: read`: may comment and review, may not resolve threads.
  ghs_contents_read: { login: BOT, type: "installation", contents: "read" },
  ghp_alice: { login: "alice", type: "user" },
} as const;
const PATCH = "@@ -1,2 +1,3 @@\n one\n+two\n three";

let github: GitHubServer;

beforeEach(async () => {
  github = await startGitHubServer({ tokens: TOKENS });
  github.addRepo(FULL);
  github.addPullRequest(FULL, {
    number: 1,
    user: "carol",
    files: [{ filename: "a.ts", patch: PATCH }],
  });
  github.setPermission(FULL, "alice", "write");
});
afterEach(async () => {
  try {
    github.assertNoViolations();
  } finally {
    await github.close();
  }
});

function octokitFor(token: keyof typeof TOKENS) {
  return createOctokit({ token, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE });
}
function portFor(token: keyof typeof TOKENS = "ghs_rivumi"): GitHubPort {
  return createGitHubPort(octokitFor(token), { owner: "acme", repo: "widgets" });
}
function finding(body = "finding", user = BOT) {
  return github.addReviewComment(FULL, 1, { path: "a.ts", line: 2, body, user });
}

describe("listReviewThreads", () => {
  it("reads every page of threads and of a thread's comments (230 threads, one with 130)", async () => {
    const roots = Array.from({ length: 230 }, (_, i) => finding(`finding ${i}`));
    const long = roots[150]!;
    for (let i = 1; i < 130; i++) github.replyInThread(FULL, long.id, `reply ${i}`, "alice");

    const threads = await portFor().listReviewThreads(1);

    expect(threads.map((t) => t.comments[0]!.body)).toEqual(roots.map((r) => r.body));
    expect(new Set(threads.map((t) => t.id)).size).toBe(230);
    const comments = threads[150]!.comments;
    expect(comments).toHaveLength(130);
    expect(comments.map((c) => c.body)).toEqual([
      "finding 150",
      ...Array.from({ length: 129 }, (_, i) => `reply ${i + 1}`),
    ]);
    expect(new Set(comments.map((c) => c.id)).size).toBe(130);
    // Three pages of threads, and one more page of the long thread's comments.
    expect(github.requestsTo("POST /graphql")).toHaveLength(4);
  });

  it("gives a bot's login without [bot], viewerDidAuthor, the 👎 logins and the lines", async () => {
    const root = finding("x");
    github.replyInThread(FULL, root.id, "won't fix", "alice");
    await octokitFor("ghp_alice").rest.reactions.createForPullRequestReviewComment({
      owner: "acme",
      repo: "widgets",
      comment_id: root.id,
      content: "-1",
    });
    github.reactToReviewComment(FULL, root.id, "-1", "bob");
    github.reactToReviewComment(FULL, root.id, "+1", "carol");

    const [thread] = await portFor().listReviewThreads(1);

    expect(thread).toMatchObject({
      isResolved: false,
      isOutdated: false,
      path: "a.ts",
      line: 2,
      originalLine: 2,
      resolvedBy: undefined,
    });
    expect(thread!.comments).toEqual([
      expect.objectContaining({ id: root.id, author: "rivumi", viewerDidAuthor: true }),
      expect.objectContaining({ author: "alice", body: "won't fix", viewerDidAuthor: false }),
    ]);
    expect(thread!.comments[0]!.thumbsDown).toEqual(["alice", "bob"]);
    expect(thread!.comments[0]!.createdAt).toBe(root.created_at);
  });

  it("shows a thread a push made outdated: no line any more, the original one kept", async () => {
    const root = finding();
    github.markThreadOutdated(FULL, root.id);
    const [thread] = await portFor().listReviewThreads(1);
    expect(thread).toMatchObject({ isOutdated: true, line: null, originalLine: 2 });
  });

  it("turns GitHub's errors[] into a GraphQLRefusal", async () => {
    github.failNextGraphQL({ field: "repository", type: "RATE_LIMITED", message: "slow down" });
    const error = await portFor()
      .listReviewThreads(1)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRefusal);
    expect(error).toMatchObject({ type: "RATE_LIMITED", message: "slow down" });
  });
});

describe("resolveReviewThread", () => {
  it("resolves: the next read says so, and names the person who did", async () => {
    const mine = finding("mine");
    const theirs = finding("theirs");
    const before = await portFor().listReviewThreads(1);

    await portFor().resolveReviewThread(before[0]!.id);
    await portFor("ghp_alice").resolveReviewThread(before[1]!.id);

    const after = await portFor().listReviewThreads(1);
    // A bot cannot be shown in `resolvedBy`, which the schema types as a User.
    expect(after[0]).toMatchObject({ isResolved: true, resolvedBy: undefined });
    expect(after[1]).toMatchObject({ isResolved: true, resolvedBy: "alice" });
    expect(github.reviewThread(FULL, mine.id)).toMatchObject({ isResolved: true, resolvedBy: BOT });
    expect(github.reviewThread(FULL, theirs.id).resolvedBy).toBe("alice");
  });

  it("reads a thread a person resolved through the helper", async () => {
    const root = finding();
    github.resolveThread(FULL, root.id, "alice");
    const [thread] = await portFor().listReviewThreads(1);
    expect(thread).toMatchObject({ isResolved: true, resolvedBy: "alice" });
  });

  it("throws a FORBIDDEN GraphQLRefusal for a token without contents: write", async () => {
    const root = finding();
    const { id } = github.reviewThread(FULL, root.id);
    const error = await portFor("ghs_contents_read")
      .resolveReviewThread(id)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GraphQLRefusal);
    expect(error).toMatchObject({
      type: "FORBIDDEN",
      message: "Resource not accessible by integration",
    });
    expect(github.reviewThread(FULL, root.id).isResolved).toBe(false);
    // GitHub answers it with an HTTP 200 whose errors[] carry the refusal.
    expect(github.requestsTo("POST /graphql").at(-1)?.status).toBe(200);
  });

  it("passes an HTTP 403 on the mutation through as the HTTP error it is", async () => {
    const root = finding();
    github.failNext("POST /graphql", { status: 403, message: "Forbidden" });
    const error = await portFor()
      .resolveReviewThread(github.reviewThread(FULL, root.id).id)
      .catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(GraphQLRefusal);
    expect(error).toMatchObject({ status: 403 });
    expect(github.reviewThread(FULL, root.id).isResolved).toBe(false);
  });
});

describe("replyToReviewComment", () => {
  it("replies in the thread: a review comment answering its first comment", async () => {
    const root = finding();
    const human = github.replyInThread(FULL, root.id, "fixed", "alice");

    const reply = await portFor().replyToReviewComment(1, human.id, "The line is still there.");

    const stored = github.reviewComments(FULL, 1).find((c) => c.id === reply.id);
    expect(stored).toMatchObject({ in_reply_to_id: root.id, body: "The line is still there." });
    expect(reply.url).toBe(stored!.html_url);
    const [thread] = await portFor().listReviewThreads(1);
    expect(thread!.comments.map((c) => c.author)).toEqual(["rivumi", "alice", "rivumi"]);
  });
});

describe("the schema check", () => {
  it("records a query GitHub's schema refuses as a violation", async () => {
    const octokit = octokitFor("ghs_rivumi");
    const error = await octokit
      .graphql(
        `query { repository(owner: "acme", name: "widgets") {
          pullRequest(number: 1) { reviewThreads(first: 10) { nodes { isResolvd } } } } }`,
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      errors: [expect.objectContaining({ message: expect.stringContaining("isResolvd") })],
    });
    expect(github.takeViolations()).toEqual([
      expect.stringContaining(`Cannot query field "isResolvd" on type "PullRequestReviewThread"`),
    ]);
  });
});
