import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubServer, type GitHubServer } from "./github-server.js";

const INSTALLATION = "ghs_test_installation";
const USER = "ghp_test_user";
const READ_ONLY = "ghs_test_fork";
const owner = "acme";
const repo = "widgets";
const REPO = `${owner}/${repo}`;

// a.ts: line 2 replaced, line 4 added; a second hunk adds line 21.
const PATCH_A = [
  "@@ -1,3 +1,4 @@",
  " first",
  "-second",
  "+second, changed",
  " third",
  "+fourth",
  "@@ -20,2 +21,3 @@ function tail() {",
  " twenty",
  "+twenty-one",
  " twenty-two",
].join("\n");

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

let github: GitHubServer;

function client(token = INSTALLATION): Octokit {
  return new Octokit({ auth: token, baseUrl: github.url, log: quiet });
}

/** A fake clock one second per reading, so updated_at visibly moves. */
function tickingClock(): () => Date {
  let t = Date.parse("2024-05-01T12:00:00Z");
  return () => new Date((t += 1000));
}

async function start(extra: Parameters<typeof startGitHubServer>[0] = {}): Promise<GitHubServer> {
  return startGitHubServer({
    tokens: {
      [INSTALLATION]: { login: "github-actions[bot]", type: "installation" },
      [USER]: { login: "mona", type: "user" },
      [READ_ONLY]: { login: "github-actions[bot]", type: "installation", readOnly: true },
    },
    now: tickingClock(),
    validateResponses: true,
    ...extra,
  });
}

beforeEach(async () => {
  github = await start();
  github.addRepo(REPO);
});

afterEach(async () => {
  try {
    github.assertNoViolations();
  } finally {
    await github.close();
  }
});

describe("validation against the REST description", () => {
  it("refuses a comment without a body with 422 and records a violation", async () => {
    github.addIssue(REPO, { number: 1 });
    const error = await client()
      .request("POST /repos/acme/widgets/issues/1/comments", { title: "no body" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(String(error)).toContain(`"body" wasn't supplied`);
    expect(github.takeViolations()).toEqual([
      `POST /repos/acme/widgets/issues/1/comments: 422 Invalid request.\n\n"body" wasn't supplied.`,
    ]);
    expect(github.issueComments(REPO, 1)).toEqual([]);
  });

  it("refuses a review whose event is not one of the description's values", async () => {
    github.addPullRequest(REPO, { number: 2, files: [{ filename: "a.ts", patch: PATCH_A }] });
    const error = await client()
      .request("POST /repos/acme/widgets/pulls/2/reviews", { event: "LGTM", body: "ok" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(String(error)).toContain(
      `"LGTM" is not a member of ["APPROVE", "REQUEST_CHANGES", "COMMENT"]`,
    );
    expect(github.takeViolations()).toHaveLength(1);
    expect(github.reviews(REPO, 2)).toEqual([]);
  });

  it("answers 404 for a non-numeric issue number and for an unknown route", async () => {
    await expect(client().request("GET /repos/acme/widgets/issues/abc")).rejects.toMatchObject({
      status: 404,
    });
    await expect(client().request("GET /repos/acme/widgets/no-such-thing")).rejects.toMatchObject({
      status: 404,
    });
    expect(github.takeViolations()).toEqual([
      "GET /repos/acme/widgets/issues/abc: 404 Not Found",
      "GET /repos/acme/widgets/no-such-thing: 404 Not Found",
    ]);
  });

  it("flags query parameters the operation does not have", async () => {
    github.addIssue(REPO, { number: 3 });
    await client().request("GET /repos/acme/widgets/issues/3/comments", { per_pgae: 5 });
    expect(github.takeViolations()).toEqual([
      expect.stringContaining(`unknown query parameter "per_pgae"`),
    ]);
  });

  it("answers 404 for a repository it does not hold, without a violation", async () => {
    await expect(client().rest.repos.get({ owner, repo: "other" })).rejects.toMatchObject({
      status: 404,
    });
    expect(github.violations).toEqual([]);
  });
});

describe("tokens", () => {
  it("refuses GET /user for an installation token and answers it for a user token", async () => {
    const error = await client(INSTALLATION)
      .rest.users.getAuthenticated()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 403,
      message: expect.stringContaining("Resource not accessible by integration"),
    });
    const { data } = await client(USER).rest.users.getAuthenticated();
    expect(data).toMatchObject({ login: "mona", type: "User" });
  });

  it("answers GraphQL viewer { login } for both kinds of token", async () => {
    const query = "query { viewer { login } }";
    expect(await client(INSTALLATION).graphql(query)).toEqual({
      viewer: { login: "github-actions[bot]" },
    });
    expect(await client(USER).graphql(query)).toEqual({ viewer: { login: "mona" } });
  });

  it("answers 401 to an unknown token and 403 to writes with a read-only token", async () => {
    github.addIssue(REPO, { number: 4 });
    await expect(client("nope").rest.repos.get({ owner, repo })).rejects.toMatchObject({
      status: 401,
    });
    await expect(client("nope").graphql("{ viewer { login } }")).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      client(READ_ONLY).rest.issues.createComment({ owner, repo, issue_number: 4, body: "hi" }),
    ).rejects.toMatchObject({ status: 403 });
    expect(github.issueComments(REPO, 4)).toEqual([]);
  });
});

describe("pull requests and permissions", () => {
  it("returns a realistic pull request, its files and its diff", async () => {
    const number = github.addPullRequest(REPO, {
      title: "Add widgets",
      body: "Please review",
      user: "contributor",
      draft: true,
      head: { sha: "a".repeat(40), ref: "feature", repo: "contributor/widgets" },
      files: [
        { filename: "a.ts", patch: PATCH_A },
        { filename: "logo.png", status: "added" },
      ],
    });
    const { data } = await client().rest.pulls.get({ owner, repo, pull_number: number });
    expect(data).toMatchObject({
      number,
      title: "Add widgets",
      body: "Please review",
      draft: true,
      state: "open",
      html_url: `https://github.com/${REPO}/pull/${number}`,
      user: { login: "contributor", type: "User" },
      author_association: "CONTRIBUTOR",
      head: {
        sha: "a".repeat(40),
        ref: "feature",
        repo: { full_name: "contributor/widgets", fork: true },
      },
      base: {
        ref: "main",
        sha: github.refSha(REPO, "main"),
        repo: { full_name: REPO, clone_url: `https://github.com/${REPO}.git` },
      },
      changed_files: 2,
      additions: 3,
      deletions: 1,
    });

    const { data: files } = await client().rest.pulls.listFiles({
      owner,
      repo,
      pull_number: number,
    });
    expect(files.map((f) => [f.filename, f.status, f.patch])).toEqual([
      ["a.ts", "modified", PATCH_A],
      ["logo.png", "added", undefined],
    ]);

    const diff = await client().rest.pulls.get({
      owner,
      repo,
      pull_number: number,
      mediaType: { format: "diff" },
    });
    // octokit types the data as a pull request; with the diff media type it is the diff text
    expect(diff.data as unknown as string).toContain(
      `diff --git a/a.ts b/a.ts\n--- a/a.ts\n+++ b/a.ts\n${PATCH_A}`,
    );
  });

  it("reports collaborator permissions, with maintain as write and strangers as none", async () => {
    github.setPermission(REPO, "maintainer", "maintain");
    github.setPermission(REPO, "triager", "triage");
    const perm = async (username: string) =>
      (await client().rest.repos.getCollaboratorPermissionLevel({ owner, repo, username })).data;
    expect(await perm("maintainer")).toMatchObject({
      permission: "write",
      role_name: "maintain",
      user: { login: "maintainer" },
    });
    expect(await perm("triager")).toMatchObject({ permission: "read", role_name: "triage" });
    expect(await perm("acme")).toMatchObject({ permission: "admin", role_name: "admin" });
    expect(await perm("stranger")).toMatchObject({ permission: "none", role_name: "none" });
  });
});

describe("issue comments", () => {
  it("creates, lists, updates and reacts to comments as the token's identity", async () => {
    const issue_number = github.addPullRequest(REPO, { files: [] });
    const bot = client();
    const { data: created, status } = await bot.rest.issues.createComment({
      owner,
      repo,
      issue_number,
      body: "Reviewing…",
    });
    expect(status).toBe(201);
    expect(created).toMatchObject({
      body: "Reviewing…",
      user: { login: "github-actions[bot]", type: "Bot" },
      html_url: `https://github.com/${REPO}/pull/${issue_number}#issuecomment-${created.id}`,
    });
    await client(USER).rest.issues.createComment({ owner, repo, issue_number, body: "thanks" });

    const { data: listed } = await bot.rest.issues.listComments({ owner, repo, issue_number });
    expect(listed.map((c) => [c.user?.login, c.user?.type, c.body])).toEqual([
      ["github-actions[bot]", "Bot", "Reviewing…"],
      ["mona", "User", "thanks"],
    ]);

    const { data: updated } = await bot.rest.issues.updateComment({
      owner,
      repo,
      comment_id: created.id,
      body: "Done.",
    });
    expect(updated.body).toBe("Done.");
    expect(updated.updated_at > created.updated_at).toBe(true);
    const { data: fetched } = await bot.rest.issues.getComment({
      owner,
      repo,
      comment_id: created.id,
    });
    expect(fetched.body).toBe("Done.");

    const react = () =>
      bot.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: created.id,
        content: "eyes",
      });
    expect((await react()).status).toBe(201);
    expect((await react()).status).toBe(200);
    expect(github.reactions(REPO, created.id)).toEqual(["eyes"]);
    expect(github.issueComments(REPO, issue_number).map((c) => c.body)).toEqual([
      "Done.",
      "thanks",
    ]);
  });

  it("accepts a body of exactly 65,536 characters and refuses one more", async () => {
    github.addIssue(REPO, { number: 7 });
    const bot = client();
    await bot.rest.issues.createComment({ owner, repo, issue_number: 7, body: "x".repeat(65_536) });
    const error = await bot.rest.issues
      .createComment({ owner, repo, issue_number: 7, body: "x".repeat(65_537) })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(String(error)).toContain("body is too long (maximum is 65536 characters)");
    expect(github.takeViolations()).toHaveLength(1);
    expect(github.issueComments(REPO, 7)).toHaveLength(1);
  });

  it("paginates comments with per_page/page and a Link header", async () => {
    github.addIssue(REPO, { number: 9 });
    for (let i = 1; i <= 75; i++) github.addIssueComment(REPO, 9, `comment ${i}`);
    const bot = client();
    const first = await bot.rest.issues.listComments({
      owner,
      repo,
      issue_number: 9,
      per_page: 30,
    });
    expect(first.data).toHaveLength(30);
    expect(first.headers.link).toContain(`page=2>; rel="next"`);
    expect(first.headers.link).toContain(`page=3>; rel="last"`);

    const all = await bot.paginate(bot.rest.issues.listComments, {
      owner,
      repo,
      issue_number: 9,
      per_page: 30,
    });
    expect(all.map((c) => c.body)).toEqual(
      Array.from({ length: 75 }, (_, i) => `comment ${i + 1}`),
    );
    const pages = github.requestsTo("GET /repos/{owner}/{repo}/issues/{issue_number}/comments");
    expect(pages.map((r) => r.query.page)).toEqual([undefined, undefined, "2", "3"]);
  });
});

describe("reviews", () => {
  const pull = () =>
    github.addPullRequest(REPO, {
      user: "contributor",
      head: { sha: "b".repeat(40) },
      files: [{ filename: "a.ts", patch: PATCH_A }],
    });

  it("refuses a review comment outside the diff and stores nothing", async () => {
    const pull_number = pull();
    const error = await client()
      .rest.pulls.createReview({
        owner,
        repo,
        pull_number,
        event: "COMMENT",
        comments: [
          { path: "a.ts", line: 2, side: "RIGHT", body: "fine" },
          { path: "a.ts", line: 10, side: "RIGHT", body: "not in any hunk" },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(String(error)).toContain("Pull request review thread line must be part of the diff");
    expect(github.reviews(REPO, pull_number)).toEqual([]);
    expect(github.reviewComments(REPO, pull_number)).toEqual([]);
    expect(github.violations).toEqual([]); // a state-dependent refusal, not an invalid request
  });

  it("refuses a multi-line comment spanning two hunks and a LEFT comment on an added line", async () => {
    const pull_number = pull();
    const review = (comment: { line: number; side: "LEFT" | "RIGHT"; start_line?: number }) =>
      client().rest.pulls.createReview({
        owner,
        repo,
        pull_number,
        event: "COMMENT",
        comments: [{ path: "a.ts", body: "x", ...comment }],
      });
    await expect(review({ line: 22, side: "RIGHT", start_line: 3 })).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("same hunk"),
    });
    await expect(review({ line: 4, side: "LEFT" })).rejects.toMatchObject({ status: 422 });
  });

  it("accepts comments on added, removed and context lines and lists them back", async () => {
    const pull_number = pull();
    const bot = client();
    const { data: created, status } = await bot.rest.pulls.createReview({
      owner,
      repo,
      pull_number,
      event: "COMMENT",
      body: "Two notes.",
      comments: [
        { path: "a.ts", line: 4, side: "RIGHT", start_line: 2, body: "added block" },
        { path: "a.ts", line: 2, side: "LEFT", body: "removed line" },
        { path: "a.ts", line: 22, body: "context in hunk two" },
      ],
    });
    expect(status).toBe(200);
    expect(created).toMatchObject({
      state: "COMMENTED",
      commit_id: "b".repeat(40),
      user: { login: "github-actions[bot]" },
    });

    const { data: reviews } = await bot.rest.pulls.listReviews({ owner, repo, pull_number });
    expect(reviews.map((r) => [r.id, r.state, r.body])).toEqual([
      [created.id, "COMMENTED", "Two notes."],
    ]);
    const { data: comments } = await bot.rest.pulls.listReviewComments({
      owner,
      repo,
      pull_number,
    });
    expect(
      comments.map((c) => [c.path, c.start_line, c.line, c.side, c.pull_request_review_id]),
    ).toEqual([
      ["a.ts", 2, 4, "RIGHT", created.id],
      ["a.ts", null, 2, "LEFT", created.id],
      ["a.ts", null, 22, "RIGHT", created.id],
    ]);
    expect(comments[0]!.diff_hunk).toBe(PATCH_A.split("\n").slice(0, 6).join("\n"));
  });

  it("maps a legacy position to its line, counting later hunk headers and no-newline markers", async () => {
    const patch = [
      "@@ -1 +1 @@",
      "-old",
      "\\ No newline at end of file",
      "+new",
      "@@ -9,2 +9,2 @@",
      " nine",
      "+ten",
    ].join("\n");
    const pull_number = github.addPullRequest(REPO, { files: [{ filename: "b.txt", patch }] });
    await client().rest.pulls.createReview({
      owner,
      repo,
      pull_number,
      event: "COMMENT",
      comments: [
        { path: "b.txt", position: 1, body: "removed" },
        { path: "b.txt", position: 3, body: "added" },
        { path: "b.txt", position: 6, body: "second hunk" },
      ],
    });
    expect(
      github.reviewComments(REPO, pull_number).map((c) => [c.position, c.side, c.line]),
    ).toEqual([
      [1, "LEFT", 1],
      [3, "RIGHT", 1],
      [6, "RIGHT", 10],
    ]);
    await expect(
      client().rest.pulls.createReview({
        owner,
        repo,
        pull_number,
        event: "COMMENT",
        comments: [{ path: "b.txt", position: 4, body: "a hunk header" }],
      }),
    ).rejects.toMatchObject({ status: 422 });
  });

  it("keeps GitHub's rules on who may approve", async () => {
    const pull_number = pull();
    await expect(
      client().rest.pulls.createReview({ owner, repo, pull_number, event: "APPROVE" }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("not permitted to approve"),
    });
    const own = github.addPullRequest(REPO, { user: "mona", files: [] });
    await expect(
      client(USER).rest.pulls.createReview({ owner, repo, pull_number: own, event: "APPROVE" }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("Can not approve your own pull request"),
    });
    const { data } = await client(USER).rest.pulls.createReview({
      owner,
      repo,
      pull_number,
      event: "APPROVE",
    });
    expect(data.state).toBe("APPROVED");
  });
});

describe("git data", () => {
  it("creates a ref once and refuses to create it again", async () => {
    const bot = client();
    const sha = github.refSha(REPO, "main")!;
    const { status } = await bot.rest.git.createRef({ owner, repo, ref: "refs/heads/memory", sha });
    expect(status).toBe(201);
    await expect(
      bot.rest.git.createRef({ owner, repo, ref: "refs/heads/memory", sha }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("Reference already exists"),
    });
    await expect(bot.rest.git.getRef({ owner, repo, ref: "heads/absent" })).rejects.toMatchObject({
      status: 404,
    });
    expect((await bot.rest.git.getRef({ owner, repo, ref: "heads/memory" })).data.object.sha).toBe(
      sha,
    );
  });

  it("commits through blobs, trees and commits, and refuses a non-fast-forward update", async () => {
    const bot = client();
    github.commitFiles(REPO, "memory", { "memory.jsonl": '{"n":1}\n' }, "seed");
    const base = (await bot.rest.git.getRef({ owner, repo, ref: "heads/memory" })).data.object.sha;
    const baseTree = (await bot.rest.git.getCommit({ owner, repo, commit_sha: base })).data.tree
      .sha;

    const commitWith = async (content: string) => {
      const blob = await bot.rest.git.createBlob({
        owner,
        repo,
        content: Buffer.from(content).toString("base64"),
        encoding: "base64",
      });
      const tree = await bot.rest.git.createTree({
        owner,
        repo,
        base_tree: baseTree,
        tree: [{ path: "data/memory.jsonl", mode: "100644", type: "blob", sha: blob.data.sha }],
      });
      const commit = await bot.rest.git.createCommit({
        owner,
        repo,
        message: "append",
        tree: tree.data.sha,
        parents: [base],
      });
      expect(commit.data.parents.map((p) => p.sha)).toEqual([base]);
      return commit.data.sha;
    };
    const first = await commitWith('{"n":1}\n{"n":2}\n');
    const rival = await commitWith('{"n":1}\n{"n":3}\n');

    await bot.rest.git.updateRef({ owner, repo, ref: "heads/memory", sha: first });
    await expect(
      bot.rest.git.updateRef({ owner, repo, ref: "heads/memory", sha: rival }),
    ).rejects.toMatchObject({
      status: 422,
      message: expect.stringContaining("Update is not a fast forward"),
    });
    expect(github.readFile(REPO, "memory", "data/memory.jsonl")).toBe('{"n":1}\n{"n":2}\n');
    expect(github.readFile(REPO, "memory", "memory.jsonl")).toBe('{"n":1}\n'); // base_tree kept

    await bot.rest.git.updateRef({ owner, repo, ref: "heads/memory", sha: rival, force: true });
    expect(github.refSha(REPO, "heads/memory")).toBe(rival);

    const { data: file } = await bot.rest.repos.getContent({
      owner,
      repo,
      path: "data/memory.jsonl",
      ref: "memory",
    });
    expect(
      Array.isArray(file)
        ? undefined
        : file.type === "file" && Buffer.from(file.content, "base64").toString(),
    ).toBe('{"n":1}\n{"n":3}\n');
    await expect(
      bot.rest.repos.getContent({ owner, repo, path: "missing.txt", ref: "memory" }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("hashes blobs like git and reads them back in utf-8 and base64", async () => {
    const bot = client();
    const { data } = await bot.rest.git.createBlob({
      owner,
      repo,
      content: "hello\n",
      encoding: "utf-8",
    });
    expect(data.sha).toBe("ce013625030ba8dba906f756967f9e9ca394464a"); // `git hash-object` of "hello\n"
    const { data: blob } = await bot.rest.git.getBlob({ owner, repo, file_sha: data.sha });
    expect(Buffer.from(blob.content, "base64").toString()).toBe("hello\n");
  });

  it("refuses a contents write whose sha is stale (409)", async () => {
    const bot = client();
    github.commitFiles(REPO, "main", { "notes.md": "v1\n" });
    const { data } = await bot.rest.repos.getContent({ owner, repo, path: "notes.md" });
    const sha = Array.isArray(data) ? "" : data.sha;
    const put = (text: string) =>
      bot.rest.repos.createOrUpdateFileContents({
        owner,
        repo,
        path: "notes.md",
        message: "edit",
        content: Buffer.from(text).toString("base64"),
        sha,
      });
    expect((await put("v2\n")).status).toBe(200);
    await expect(put("v3\n")).rejects.toMatchObject({ status: 409 });
    expect(github.readFile(REPO, "main", "notes.md")).toBe("v2\n");
  });
});

describe("latency and concurrency", () => {
  it("makes concurrent compare-and-swap writers collide, and a retry loop loses nothing", async () => {
    await github.close();
    github = await start({ latencyMs: [10, 20] });
    github.addRepo(REPO);
    github.commitFiles(REPO, "memory", { "memory.jsonl": "" });
    const bot = client();

    const append = async (line: string) => {
      for (;;) {
        const head = (await bot.rest.git.getRef({ owner, repo, ref: "heads/memory" })).data.object
          .sha;
        const { data: commit } = await bot.rest.git.getCommit({ owner, repo, commit_sha: head });
        const current = github.readFile(REPO, head, "memory.jsonl") ?? "";
        const { data: tree } = await bot.rest.git.createTree({
          owner,
          repo,
          base_tree: commit.tree.sha,
          tree: [
            { path: "memory.jsonl", mode: "100644", type: "blob", content: current + line + "\n" },
          ],
        });
        const { data: next } = await bot.rest.git.createCommit({
          owner,
          repo,
          message: line,
          tree: tree.sha,
          parents: [head],
        });
        try {
          await bot.rest.git.updateRef({ owner, repo, ref: "heads/memory", sha: next.sha });
          return;
        } catch (error) {
          if ((error as { status?: number }).status !== 422) throw error;
        }
      }
    };
    await Promise.all(["a", "b", "c", "d", "e"].map(append));

    const lines = github.readFile(REPO, "memory", "memory.jsonl")!.trim().split("\n");
    expect([...lines].sort()).toEqual(["a", "b", "c", "d", "e"]);
    const refused = github
      .requestsTo("PATCH /repos/{owner}/{repo}/git/refs/{ref}")
      .filter((r) => r.status === 422);
    expect(refused.length).toBeGreaterThanOrEqual(4);
  });
});

describe("Actions", () => {
  it("serves runs, jobs and job logs through a redirect that octokit follows", async () => {
    const runId = github.addWorkflowRun(REPO, {
      name: "CI",
      conclusion: "failure",
      jobs: [
        { id: 501, name: "build", conclusion: "success", log: "all good\n" },
        {
          id: 502,
          name: "test",
          conclusion: "failure",
          steps: [{ name: "npm test", conclusion: "failure" }],
          log: "FAIL test/a.test.ts\n",
        },
      ],
    });
    const bot = client();
    const { data: run } = await bot.rest.actions.getWorkflowRun({ owner, repo, run_id: runId });
    expect(run).toMatchObject({ id: runId, name: "CI", conclusion: "failure" });
    const { data: jobs } = await bot.rest.actions.listJobsForWorkflowRun({
      owner,
      repo,
      run_id: runId,
    });
    expect(jobs.total_count).toBe(2);
    expect(jobs.jobs.map((j) => [j.id, j.conclusion, j.steps?.map((s) => s.conclusion)])).toEqual([
      [501, "success", []],
      [502, "failure", ["failure"]],
    ]);

    const logs = await bot.rest.actions.downloadJobLogsForWorkflowRun({ owner, repo, job_id: 502 });
    expect(logs.data).toBe("FAIL test/a.test.ts\n");
    const [api, blob] = github.requests.slice(-2);
    expect([api!.status, blob!.path.startsWith("/_fake/job-logs/"), blob!.status]).toEqual([
      302,
      true,
      200,
    ]);
  });
});

describe("failure injection and lifecycle", () => {
  it("fails the next N requests to a route with the given status", async () => {
    github.addIssue(REPO, { number: 11 });
    github.failNext("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      status: 502,
      times: 2,
    });
    const post = () =>
      client().rest.issues.createComment({ owner, repo, issue_number: 11, body: "hi" });
    await expect(post()).rejects.toMatchObject({ status: 502 });
    await expect(post()).rejects.toMatchObject({ status: 502 });
    expect((await post()).status).toBe(201);
    expect(github.issueComments(REPO, 11)).toHaveLength(1);
  });

  it("lets onRequest answer with a fault", async () => {
    await github.close();
    github = await start({
      onRequest: (req) =>
        req.operationId === "repos/get" ? { status: 503, message: "busy" } : undefined,
    });
    github.addRepo(REPO);
    await expect(client().rest.repos.get({ owner, repo })).rejects.toMatchObject({
      status: 503,
      message: expect.stringContaining("busy"),
    });
  });

  it("checks its own answers against the description when validateResponses is on", async () => {
    await github.close();
    github = await start({ onRequest: () => ({ status: 200, body: { number: 1 } }) });
    github.addRepo(REPO);
    github.addPullRequest(REPO, { number: 1 });
    await client().rest.pulls.get({ owner, repo, pull_number: 1 });
    expect(github.takeViolations()).toEqual([
      expect.stringMatching(
        /answer to GET \/repos\/acme\/widgets\/pulls\/1 does not match the description: .*_links/,
      ),
    ]);
  });

  it("records GraphQL fields it does not model as violations, never a silent null", async () => {
    await expect(
      client().graphql('query { repository(owner: "acme", name: "widgets") { stargazerCount } }'),
    ).rejects.toThrow();
    expect(github.takeViolations()).toEqual([
      expect.stringContaining("the fake GitHub does not model Repository.stargazerCount"),
    ]);
  });

  it("stops answering after close(), even with keep-alive connections open", async () => {
    await client().rest.repos.get({ owner, repo });
    const url = github.url;
    await github.close();
    await expect(fetch(`${url}/repos/${REPO}`)).rejects.toThrow();
  });
});
