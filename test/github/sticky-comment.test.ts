import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { StickyComment, stickyKey, stickyMarker } from "../../src/publish/sticky-comment.js";

const KEY = "ci/review";
const STICKY_MARKER = stickyMarker(KEY);
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";

const FULL = "acme/widgets";
let github: GitHubServer;

beforeEach(async () => {
  github = await startGitHubServer({
    tokens: {
      ghs_inst: { login: "github-actions[bot]", type: "installation" },
      ghp_mallory: { login: "mallory", type: "user" },
    },
  });
  github.addRepo(FULL);
  github.addPullRequest(FULL, { number: 3, user: "alice" });
});
afterEach(async () => {
  github.assertNoViolations();
  await github.close();
});

const port = (token = "ghs_inst") =>
  createGitHubPort(createOctokit({ token, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }), {
    owner: "acme",
    repo: "widgets",
  });

describe("GitHub port and sticky comment against the loopback GitHub", () => {
  it("learns its own login from GraphQL viewer, since GET /user is refused to installation tokens", async () => {
    expect(await port().viewerLogin()).toBe("github-actions[bot]");
  });

  it("creates once, then updates in place, and ignores a forged marker in someone else's comment", async () => {
    github.addIssueComment(FULL, 3, `${STICKY_MARKER}\nI am not Rivumi`, "mallory");
    const gh = port();
    const sticky = new StickyComment(gh, 3, () => gh.viewerLogin(), KEY);
    const first = await sticky.upsert("working");
    expect(first.action).toBe("created");
    // A later run (a new StickyComment) finds and updates the same comment.
    const again = new StickyComment(gh, 3, () => Promise.resolve("github-actions[bot]"), KEY);
    const second = await again.upsert("done");
    expect(second).toMatchObject({ action: "updated", comment: { id: first.comment.id } });
    const comments = github.issueComments(FULL, 3);
    expect(comments).toHaveLength(2);
    expect(comments.find((c) => c.user?.login === "mallory")?.body).toContain("I am not Rivumi");
    expect(comments.find((c) => c.id === first.comment.id)?.body).toContain("done");
  });

  it("keeps one comment per key: two jobs on one pull request do not overwrite each other", async () => {
    const gh = port();
    const self = () => Promise.resolve("github-actions[bot]");
    const review = new StickyComment(gh, 3, self, "CI/review");
    const lint = new StickyComment(gh, 3, self, "CI/lint");
    await review.upsert("review result");
    await lint.upsert("lint result");
    await new StickyComment(gh, 3, self, "CI/review").upsert("review again");
    const bodies = github.issueComments(FULL, 3).map((c) => c.body);
    expect(bodies).toEqual([
      `${stickyMarker("CI/review")}\nreview again`,
      `${stickyMarker("CI/lint")}\nlint result`,
    ]);
  });

  it("serialises overlapping writes so a progress note and a result never make two comments", async () => {
    const gh = port();
    const sticky = new StickyComment(gh, 3, () => Promise.resolve("github-actions[bot]"), KEY);
    const first = await sticky.upsert("working");
    const [a, b] = await Promise.all([sticky.upsert("progress"), sticky.upsert("result")]);
    expect(first.action).toBe("created");
    expect([a.action, b.action]).toEqual(["updated", "updated"]);
    expect(github.issueComments(FULL, 3).map((c) => c.body)).toEqual([`${STICKY_MARKER}\nresult`]);
  });

  it("writes only the newest of the texts that wait behind a write in flight", async () => {
    const gh = port();
    const sticky = new StickyComment(gh, 3, () => Promise.resolve("github-actions[bot]"), KEY);
    const writes = () =>
      github.requests.filter((r) => r.method !== "GET" && r.path.includes("/comments")).length;
    await sticky.upsert("working");
    const before = writes();
    // One write under way, then two that wait: the second waiting text replaces the first.
    const inFlight = sticky.upsert("progress 1");
    await new Promise((resolve) => setImmediate(resolve)); // its request is on the wire
    const stale = sticky.upsert("progress 2");
    const result = sticky.upsert("result");
    const [r1, r2, r3] = await Promise.all([inFlight, stale, result]);
    expect(writes() - before).toBe(2);
    expect(r1.superseded).toBeUndefined();
    expect(r2).toMatchObject({ superseded: true, comment: { body: `${STICKY_MARKER}\nresult` } });
    expect(r3.superseded).toBeUndefined();
    expect(github.issueComments(FULL, 3).map((c) => c.body)).toEqual([`${STICKY_MARKER}\nresult`]);
  });

  it("reads the earlier body without waiting for a write GitHub has not answered", async () => {
    const gh = port();
    const self = () => Promise.resolve("github-actions[bot]");
    await new StickyComment(gh, 3, self, KEY).upsert("last run's result");
    const sticky = new StickyComment(gh, 3, self, KEY);
    // Every comment write from now on stalls; reads still answer.
    github.onRequest((req) =>
      req.method === "PATCH" || req.method === "POST" ? new Promise(() => undefined) : undefined,
    );
    const stalled = new AbortController();
    void sticky.upsert("progress", { signal: stalled.signal }).catch(() => undefined);
    expect(await sticky.previous()).toBe(`${STICKY_MARKER}\nlast run's result`);
    stalled.abort();
    github.onRequest(undefined);
  });

  it("two runs that create at the same moment end with one comment, the oldest", async () => {
    // Separate clients, as two workflow runs would have. Their first lookups are held until both
    // have answered, so neither sees the other's comment and both create one.
    let arrived = 0;
    let release!: () => void;
    const bothLooked = new Promise<void>((resolve) => (release = resolve));
    const racing = () => {
      const gh = port();
      let first = true;
      return {
        ...gh,
        async listIssueComments(n: number) {
          const listed = await gh.listIssueComments(n);
          if (first) {
            first = false;
            if (++arrived === 2) release();
            await bothLooked;
          }
          return listed;
        },
      };
    };
    const a = new StickyComment(racing(), 3, () => Promise.resolve("github-actions[bot]"), KEY);
    const b = new StickyComment(racing(), 3, () => Promise.resolve("github-actions[bot]"), KEY);
    const [ra, rb] = await Promise.all([a.upsert("run a"), b.upsert("run b")]);
    const left = github.issueComments(FULL, 3);
    expect(left).toHaveLength(1);
    expect([ra.comment.id, rb.comment.id]).toEqual([left[0]!.id, left[0]!.id]);
    expect(
      github.requestsTo("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}"),
    ).toHaveLength(1);
  });

  it("reads permissions and the pull request", async () => {
    github.setPermission(FULL, "bob", "maintain");
    github.addPullRequest(FULL, { number: 4, user: "bob" });
    const gh = port();
    expect(await gh.getPermission("bob")).toEqual({ permission: "write", roleName: "maintain" });
    expect(await gh.getPermission("stranger")).toMatchObject({ permission: "none" });
    expect((await gh.getPull(4)).author).toBe("bob");
  });
});

describe("permission lookups", () => {
  it("treats GitHub's 404 for a non-collaborator (an app bot, a deleted user) as no permission", async () => {
    github.failNext("GET /repos/{owner}/{repo}/collaborators/{username}/permission", {
      status: 404,
      message: "Not Found",
    });
    expect(await port().getPermission("dependabot[bot]")).toEqual({
      permission: "none",
      roleName: "none",
    });
  });
});

describe("stickyKey", () => {
  it("is the workflow and job by default, the input when set, and per command for a task", () => {
    expect(stickyKey({ configured: undefined, workflow: "CI", job: "review" })).toBe("CI/review");
    expect(stickyKey({ configured: "mine", workflow: "CI", job: "review" })).toBe("mine");
    expect(stickyKey({ configured: undefined, workflow: "CI", job: "review", commentId: 42 })).toBe(
      "CI/review/task-42",
    );
    expect(stickyKey({ configured: undefined, workflow: undefined, job: "" })).toBe("workflow/job");
  });

  it("keeps names apart that differ only in replaced characters or past the length cut", () => {
    const key = (workflow: string, commentId?: number) =>
      stickyKey({ configured: undefined, workflow, job: "review", commentId });
    expect(key("Code review (Rivumi)")).not.toBe(key("Code review [Rivumi]"));
    expect(key("Prüfung")).not.toBe(key("Prüfüng"));
    const long = "Rivumi pull request review ".repeat(5);
    // A task's suffix survives however long the workflow's name is.
    const review = key(long);
    const task = key(long, 2345678901);
    const other = key(long, 2345678999);
    expect(new Set([review, task, other]).size).toBe(3);
    expect(task.endsWith("/task-2345678901")).toBe(true);
    for (const k of [review, task, other, key(`${long}x`)]) {
      expect(k).toMatch(/^[A-Za-z0-9._/-]{1,100}$/);
      // Whatever the names, the marker stays one harmless HTML comment line.
      expect(stickyMarker(k).match(/-->/g)).toHaveLength(1);
    }
    expect(key(long)).not.toBe(key(`${long}x`));
  });
});
