// The fake GitHub's GraphQL endpoint itself: the schema check, GitHub's connection rules, its error
// answers, and review threads as the REST routes and the helpers leave them.
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubServer, type GitHubServer } from "./github-server.js";

const REPO = "acme/widgets";
const BOT = "rivumi[bot]";
const PATCH = "@@ -1,2 +1,3 @@\n one\n+two\n three";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const THREADS = `query($n: Int!, $first: Int, $last: Int, $after: String, $before: String) {
  repository(owner: "acme", name: "widgets") {
    pullRequest(number: $n) {
      reviewThreads(first: $first, last: $last, after: $after, before: $before) {
        totalCount
        pageInfo { hasNextPage hasPreviousPage startCursor endCursor }
        edges { cursor node { id isResolved comments(first: 5) { nodes { body } } } }
      }
    }
  }
}`;

let github: GitHubServer;

beforeEach(async () => {
  github = await startGitHubServer({
    tokens: {
      ghs_bot: { login: BOT, type: "installation" },
      ghs_fork: { login: BOT, type: "installation", readOnly: true },
      ghs_contents_read: { login: BOT, type: "installation", contents: "read" },
      ghp_alice: { login: "alice", type: "user" },
      ghp_carol: { login: "carol", type: "user" },
      ghp_eve: { login: "eve", type: "user" },
    },
    validateResponses: true,
  });
  github.addRepo(REPO);
  github.addPullRequest(REPO, {
    number: 1,
    user: "carol",
    files: [{ filename: "a.ts", patch: PATCH }],
  });
});
afterEach(async () => {
  try {
    github.assertNoViolations();
  } finally {
    await github.close();
  }
});

function client(token = "ghs_bot"): Octokit {
  return new Octokit({ auth: token, baseUrl: github.url, log: quiet });
}
function finding(body: string) {
  return github.addReviewComment(REPO, 1, { path: "a.ts", line: 2, body, user: BOT });
}
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.fail("expected the request to fail"),
    (e: unknown) => e,
  );
}
const RESOLVE = `mutation($id: ID!) { resolveReviewThread(input: { threadId: $id }) { thread { isResolved } } }`;

describe("the check against GitHub's schema", () => {
  it("refuses unparsable queries, wrong variables and missing query text, recording each", async () => {
    await failure(client().graphql("query { viewer { login }"));
    await failure(client().graphql(THREADS, { n: "one", first: 1 }));
    const { data } = await client().request("POST /graphql", { variables: {} });
    expect(data).toEqual({ errors: [expect.objectContaining({ message: expect.any(String) })] });
    const violations = github.takeViolations();
    expect(violations).toHaveLength(3);
    expect(violations[0]).toMatch(/Syntax Error/);
    expect(violations[1]).toMatch(/\$n.*Int/);
    expect(violations[2]).toMatch(/A query attribute must be specified/);
  });

  it("enforces GitHub's connection rules: first or last, at most 100", async () => {
    finding("a");
    const none = await failure(client().graphql(THREADS, { n: 1 }));
    const many = await failure(client().graphql(THREADS, { n: 1, first: 101 }));
    expect(none).toMatchObject({ errors: [{ type: "MISSING_PAGINATION_BOUNDARIES" }] });
    expect(many).toMatchObject({ errors: [{ type: "EXCESSIVE_PAGINATION" }] });
    expect(github.takeViolations()).toEqual([
      expect.stringContaining("You must provide a `first` or `last` value"),
      expect.stringContaining("Requesting 101 records on the `reviewThreads` connection"),
    ]);
  });

  it("refuses a request that could return more than 500,000 nodes, variables counted", async () => {
    const query = `query($n: Int!) { repository(owner: "acme", name: "widgets") {
      pullRequest(number: 1) { reviewThreads(first: $n) { nodes { ...Comments } } } } }
    fragment Comments on PullRequestReviewThread {
      comments(first: 100) { nodes { reactions(first: 100) { totalCount } } } }`;
    // 100 + 100 × 100 + 100 × 100 × 100 = 1,010,100; with 40 threads a page, 404,040.
    const error = await failure(client().graphql(query, { n: 100 }));
    expect(error).toMatchObject({ errors: [{ type: "MAX_NODE_LIMIT_EXCEEDED" }] });
    expect(github.takeViolations()).toEqual([
      expect.stringContaining("requests up to 1,010,100 possible nodes"),
    ]);
    await client().graphql(query, { n: 40 });
  });

  it("answers exactly the selection asked for, aliases and fragments included", async () => {
    const data = await client().graphql(`{
      me: viewer { login }
      repo: repository(owner: "acme", name: "widgets") { ...Names }
    }
    fragment Names on Repository { nameWithOwner __typename }`);
    expect(data).toEqual({
      me: { login: BOT },
      repo: { nameWithOwner: REPO, __typename: "Repository" },
    });
  });
});

describe("GitHub's answers", () => {
  it("answers NOT_FOUND beside the data it could read, which is no violation", async () => {
    const error = await failure(client().graphql(THREADS, { n: 9, first: 10 }));
    expect(error).toMatchObject({
      data: { repository: { pullRequest: null } },
      errors: [
        {
          type: "NOT_FOUND",
          path: ["repository", "pullRequest"],
          message: "Could not resolve to a PullRequest with the number of 9.",
        },
      ],
    });
  });

  it("pages forward and backward with opaque cursors", async () => {
    for (const body of ["a", "b", "c", "d", "e"]) finding(body);
    type Page = {
      repository: {
        pullRequest: {
          reviewThreads: {
            totalCount: number;
            pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string };
            edges: Array<{
              cursor: string;
              node: { comments: { nodes: Array<{ body: string }> } };
            }>;
          };
        };
      };
    };
    const bodies = (p: Page) =>
      p.repository.pullRequest.reviewThreads.edges.map((e) => e.node.comments.nodes[0]!.body);
    const first = await client().graphql<Page>(THREADS, { n: 1, first: 2 });
    expect(bodies(first)).toEqual(["a", "b"]);
    const { pageInfo, totalCount } = first.repository.pullRequest.reviewThreads;
    expect({ totalCount, next: pageInfo.hasNextPage, previous: pageInfo.hasPreviousPage }).toEqual({
      totalCount: 5,
      next: true,
      previous: false,
    });
    const second = await client().graphql<Page>(THREADS, {
      n: 1,
      first: 2,
      after: pageInfo.endCursor,
    });
    expect(bodies(second)).toEqual(["c", "d"]);
    const last = await client().graphql<Page>(THREADS, { n: 1, last: 2 });
    expect(bodies(last)).toEqual(["d", "e"]);
    const before = await client().graphql<Page>(THREADS, {
      n: 1,
      last: 1,
      before: last.repository.pullRequest.reviewThreads.edges[0]!.cursor,
    });
    expect(bodies(before)).toEqual(["c"]);
  });

  it("answers failNextGraphQL's errors[] to the request it is aimed at, once", async () => {
    const root = finding("a");
    const { id } = github.reviewThread(REPO, root.id);
    github.failNextGraphQL({ field: "resolveReviewThread", type: "FORBIDDEN", message: "no" });
    // A query that does not select the field is answered as usual.
    await client().graphql("{ viewer { login } }");
    const error = await failure(client().graphql(RESOLVE, { id }));
    expect(error).toMatchObject({
      data: { resolveReviewThread: null },
      errors: [{ type: "FORBIDDEN", message: "no", path: ["resolveReviewThread"] }],
    });
    expect(github.reviewThread(REPO, root.id).isResolved).toBe(false);
    await client().graphql(RESOLVE, { id });
    expect(github.reviewThread(REPO, root.id).isResolved).toBe(true);
  });
});

describe("who may resolve a thread", () => {
  it("refuses a fork's token, one without contents: write, and a person without write access", async () => {
    const root = finding("a");
    const { id } = github.reviewThread(REPO, root.id);
    for (const token of ["ghs_fork", "ghs_contents_read", "ghp_eve"]) {
      const error = await failure(client(token).graphql(RESOLVE, { id }));
      expect(error).toMatchObject({
        data: { resolveReviewThread: null },
        errors: [{ type: "FORBIDDEN", path: ["resolveReviewThread"] }],
      });
    }
    expect(github.reviewThread(REPO, root.id).isResolved).toBe(false);
    // The pull request's author may resolve threads on it without write access.
    await client("ghp_carol").graphql(RESOLVE, { id });
    expect(github.reviewThread(REPO, root.id)).toMatchObject({
      isResolved: true,
      resolvedBy: "carol",
    });
  });

  it("refuses git writes, but not comments, to a token without contents: write", async () => {
    github.addIssue(REPO, { number: 2 });
    const contentsRead = client("ghs_contents_read");
    await contentsRead.rest.issues.createComment({
      owner: "acme",
      repo: "widgets",
      issue_number: 2,
      body: "hi",
    });
    const error = await failure(
      contentsRead.rest.git.createBlob({ owner: "acme", repo: "widgets", content: "x" }),
    );
    expect(error).toMatchObject({ status: 403 });
  });
});

describe("review threads in the fake's state", () => {
  it("keeps a pending review's comments from everyone but their author", async () => {
    await client("ghp_alice").rest.pulls.createReview({
      owner: "acme",
      repo: "widgets",
      pull_number: 1,
      comments: [{ path: "a.ts", line: 2, body: "draft" }],
    });
    finding("posted");
    const threads = async (token: string) => {
      const page = await client(token).graphql<{
        repository: {
          pullRequest: {
            reviewThreads: {
              edges: Array<{ node: { comments: { nodes: Array<{ body: string }> } } }>;
            };
          };
        };
      }>(THREADS, { n: 1, first: 10 });
      return page.repository.pullRequest.reviewThreads.edges.map(
        (e) => e.node.comments.nodes[0]!.body,
      );
    };
    expect(await threads("ghp_alice")).toEqual(["draft", "posted"]);
    expect(await threads("ghs_bot")).toEqual(["posted"]);
  });
});
