/**
 * `commitToBranch` with the real Octokit against the loopback GitHub: one commit on the pull
 * request's branch through the Git Data API, or nothing written when the branch is not ours to
 * move (a fork, a push meanwhile, a protected branch, an abort).
 */
import { chmod } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import type { BranchCommitRequest, TreeChange } from "../../src/github/port.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";
import { makeTempGit } from "../support/temp-git.js";

const REPO = "acme/app";
const BRANCH = "rivumi/fix-26";
const REF_ROUTE = "PATCH /repos/{owner}/{repo}/git/refs/{ref}";
const WRITES = ["POST", "PATCH", "PUT", "DELETE"];
let github: GitHubServer;
let pr: number;
let parent: string;

beforeEach(async () => {
  github = await startGitHubServer({
    validateResponses: true,
    tokens: {
      ghs_app: { login: "github-actions[bot]", type: "installation" },
      ghs_reader: { login: "github-actions[bot]", type: "installation", contents: "read" },
      ghp_person: { login: "alice", type: "user" },
    },
  });
  github.addRepo(REPO, {
    files: {
      "README.md": "# app\n",
      "src/app.ts": "export const answer = 41;\n",
      "old.txt": "to be removed\n",
    },
  });
  pr = github.addPullRequestOnBranch(REPO, {
    branch: BRANCH,
    branchFiles: { "src/app.ts": "export const answer = 40;\n" },
  });
  parent = github.refSha(REPO, BRANCH)!;
});

afterEach(async () => {
  github.assertNoViolations();
  await github.close();
});

const port = (token = "ghs_app") =>
  createGitHubPort(createOctokit({ token, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }), {
    owner: "acme",
    repo: "app",
  });

const text = (s: string) => new TextEncoder().encode(s);
const BINARY = Uint8Array.from([0xff, 0xfe, 0x00, 0x80, 0x41]);
const BOM_TEXT = Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69, 0x0a]);
const CHANGES: TreeChange[] = [
  { path: "src/app.ts", mode: "100644", content: text("export const answer = 42;\n") },
  { path: "old.txt", mode: "100644", content: null },
  { path: "scripts/build.sh", mode: "100755", content: text("#!/bin/sh\necho built\n") },
  { path: "src/deep/new/file.ts", mode: "100644", content: text("export {};\n") },
  { path: "assets/logo.bin", mode: "100644", content: BINARY },
  { path: "bom.txt", mode: "100644", content: BOM_TEXT },
];
const request = (changes: readonly TreeChange[] = CHANGES): BranchCommitRequest => ({
  pr,
  parent,
  message: "Fix the answer\n\nnot verified",
  changes,
});
const writes = () => github.requests.filter((r) => WRITES.includes(r.method));

describe("commitToBranch", () => {
  it("commits every change as one verified commit on the head and moves the branch without force", async () => {
    const result = await port().commitToBranch(request());

    expect(result).toMatchObject({ kind: "committed", branch: BRANCH, verified: true });
    if (result.kind !== "committed") return;
    expect(github.refSha(REPO, BRANCH)).toBe(result.sha);
    expect(result.url).toBe(`https://github.com/${REPO}/commit/${result.sha}`);
    const commit = github.commitOf(REPO, result.sha)!;
    expect(commit.parents).toEqual([parent]);
    expect(commit.tree).toBe(result.tree);
    expect(commit.message).toBe("Fix the answer\n\nnot verified");
    expect(commit.origin).toMatchObject({ authorGiven: false, committerGiven: false });

    expect(github.requestsTo("POST /repos/{owner}/{repo}/git/trees")).toHaveLength(1);
    expect(github.requestsTo("POST /repos/{owner}/{repo}/git/commits")).toHaveLength(1);
    // Only the bytes that are not text travel as a blob; the rest is inline in the tree.
    expect(github.requestsTo("POST /repos/{owner}/{repo}/git/blobs")).toHaveLength(1);
    const [update] = github.requestsTo(REF_ROUTE);
    expect(update?.body).toEqual({ sha: result.sha, force: false });
    expect(update?.path).toBe(`/repos/${REPO}/git/refs/heads%2Frivumi%2Ffix-26`);
    const [tree] = github.requestsTo("POST /repos/{owner}/{repo}/git/trees");
    expect(tree?.body).toMatchObject({ base_tree: github.commitOf(REPO, parent)!.tree });

    const files = github.branchFiles(REPO, BRANCH);
    expect(Object.keys(files).sort()).toEqual([
      "README.md",
      "assets/logo.bin",
      "bom.txt",
      "scripts/build.sh",
      "src/app.ts",
      "src/deep/new/file.ts",
    ]);
    expect(files["src/app.ts"]?.text).toBe("export const answer = 42;\n");
    expect(files["scripts/build.sh"]?.mode).toBe("100755");
    expect(files["src/app.ts"]?.mode).toBe("100644");
    expect([...files["assets/logo.bin"]!.bytes]).toEqual([...BINARY]);
    expect([...files["bom.txt"]!.bytes]).toEqual([...BOM_TEXT]);
    // The pull request follows its branch.
    expect((await port().getPull(pr)).headSha).toBe(result.sha);
  });

  it("commits on a real repository's head the tree git itself makes of the same edit", async () => {
    const disk = await makeTempGit();
    try {
      await disk.write("README.md", "# app\n");
      await disk.write("src/app.ts", "export const answer = 40;\n");
      await disk.write("old.txt", "to be removed\n");
      const head = await disk.commit("the pull request's head");
      const pull = github.addPullRequest(REPO, { head: { ref: "from-disk", sha: head } });
      await github.importBranch(REPO, disk.root, "from-disk", head);

      const result = await port().commitToBranch({ ...request(), pr: pull, parent: head });
      if (result.kind !== "committed") throw new Error(`not committed: ${result.kind}`);

      // The same edit made by git in the repository on disk.
      for (const change of CHANGES) {
        if (change.content === null) {
          await disk.git("rm", "-q", change.path);
          continue;
        }
        await disk.write(change.path, change.content);
        if (change.mode === "100755") await chmod(path.join(disk.root, change.path), 0o755);
      }
      await disk.git("add", "-A");
      expect((await disk.git("write-tree")).trim()).toBe(result.tree);
      expect(github.commitOf(REPO, result.sha)?.parents).toEqual([head]);
    } finally {
      await disk.remove();
    }
  });

  it("records each request with its route and status, and no file content", async () => {
    const result = await port().commitToBranch(request());
    expect(result.requests.map((r) => `${r.method} ${r.route} ${r.status}`)).toEqual([
      "GET /repos/{owner}/{repo}/pulls/{pull_number} 200",
      "GET /repos/{owner}/{repo}/git/commits/{commit_sha} 200",
      "POST /repos/{owner}/{repo}/git/blobs 201",
      "POST /repos/{owner}/{repo}/git/trees 201",
      "POST /repos/{owner}/{repo}/git/commits 201",
      "GET /repos/{owner}/{repo}/git/ref/{ref} 200",
      "PATCH /repos/{owner}/{repo}/git/refs/{ref} 200",
    ]);
    expect(result.requests[3]?.summary).toMatch(
      /^tree base=[0-9a-f]{40} 6 entries \(1 deletion, 1 blob\)$/,
    );
    const recorded = JSON.stringify(result.requests);
    for (const secret of ["answer = 42", "echo built", "export {}", "hi\\n"]) {
      expect(recorded).not.toContain(secret);
    }
    expect(recorded).not.toContain(Buffer.from(BINARY).toString("base64"));
  });

  it("writes nothing when the head moved before writing", async () => {
    const pushed = github.pushToBranch(REPO, BRANCH, { "src/app.ts": "someone else's\n" });

    const result = await port().commitToBranch(request());

    expect(result).toMatchObject({ kind: "moved", head: pushed, branch: BRANCH });
    expect(writes()).toEqual([]);
    expect(github.refSha(REPO, BRANCH)).toBe(pushed);
  });

  it("reports a ref update refused as not a fast forward as a moved branch, and leaves it", async () => {
    let pushed = "";
    github.onRequest((req) => {
      if (req.method === "PATCH" && !pushed) {
        pushed = github.pushToBranch(REPO, BRANCH, { "other.txt": "meanwhile\n" });
      }
    });

    const result = await port().commitToBranch(request());

    expect(result).toMatchObject({ kind: "moved", head: pushed, branch: BRANCH });
    expect(github.requestsTo(REF_ROUTE)).toHaveLength(1); // never retried
    expect(github.requestsTo(REF_ROUTE)[0]?.status).toBe(422);
    expect(github.refSha(REPO, BRANCH)).toBe(pushed);
    expect(github.branchFiles(REPO, BRANCH)["src/app.ts"]?.text).toBe(
      "export const answer = 40;\n",
    );
  });

  it("does not bring back commits a force-push dropped while the fix was being made", async () => {
    const repo = github.repo(REPO);
    const ancestor = repo.git.commit(parent)!.parents[0]!;
    github.onRequest((req) => {
      // Someone resets the branch to the parent's parent (say, to drop a leaked secret).
      if (req.method === "POST" && req.path.endsWith("/git/commits"))
        repo.git.refs.set(`refs/heads/${BRANCH}`, ancestor);
    });

    const result = await port().commitToBranch(request());

    expect(result).toMatchObject({ kind: "moved", head: ancestor, branch: BRANCH });
    expect(github.requestsTo(REF_ROUTE)).toEqual([]);
    expect(github.refSha(REPO, BRANCH)).toBe(ancestor);
  });

  it("never commits to the default branch, even as a pull request's head", async () => {
    const main = github.refSha(REPO, "main")!;
    github.addPullRequest(REPO, {
      number: 90,
      user: "alice",
      head: { sha: main, ref: "main" },
      base: { sha: main, ref: "release" },
    });
    const result = await port().commitToBranch({ ...request(), pr: 90, parent: main });
    expect(result).toMatchObject({ kind: "refused", branch: "main" });
    expect(result.kind === "refused" ? result.message : "").toContain("default branch");
    expect(writes()).toEqual([]);
    expect(github.refSha(REPO, "main")).toBe(main);
  });

  it("reports a protected branch's refusal with GitHub's message", async () => {
    github.protectBranch(REPO, BRANCH);

    const result = await port().commitToBranch(request());

    expect(result).toMatchObject({
      kind: "refused",
      status: 422,
      message: 'Required status check "ci" is expected.',
      branch: BRANCH,
    });
    expect(github.refSha(REPO, BRANCH)).toBe(parent);
  });

  it("reports a ruleset's refusal the same way", async () => {
    const message =
      "Repository rule violations found\n\nChanges must be made through a pull request.";
    github.protectBranch(REPO, BRANCH, { status: 422, message });
    const result = await port().commitToBranch(request());
    expect(result).toMatchObject({ kind: "refused", status: 422, message });
    expect(github.refSha(REPO, BRANCH)).toBe(parent);
  });

  it("reports a branch deleted meanwhile as refused, with GitHub's words", async () => {
    github.repo(REPO).git.refs.delete(`refs/heads/${BRANCH}`);
    const result = await port().commitToBranch(request());
    expect(result).toMatchObject({
      kind: "refused",
      status: 404,
      message: `the branch ${BRANCH} no longer exists`,
    });
  });

  it("reports a token without contents: write as refused, before any object is made", async () => {
    const result = await port("ghs_reader").commitToBranch(request());
    expect(result).toMatchObject({
      kind: "refused",
      status: 403,
      message: "Resource not accessible by integration",
    });
    expect(github.refSha(REPO, BRANCH)).toBe(parent);
  });

  it("writes nothing on a pull request from a fork", async () => {
    const fork = github.addPullRequestOnBranch(REPO, {
      branch: BRANCH.replace("26", "27"),
      fork: "mallory/app",
      branchFiles: { "src/app.ts": "forked\n" },
    });
    const head = (await port().getPull(fork)).headSha;
    github.requests.length = 0;

    const result = await port().commitToBranch({ ...request(), pr: fork, parent: head });

    expect(result).toMatchObject({ kind: "fork", headRepo: "mallory/app" });
    expect(result.requests.map((r) => r.method)).toEqual(["GET"]);
    expect(writes()).toEqual([]);
  });

  it("leaves the ref alone when aborted after the commit object is made", async () => {
    const controller = new AbortController();
    const octokit = createOctokit({
      token: "ghs_app",
      baseUrl: github.url,
      waitScale: LOOPBACK_WAIT_SCALE,
    });
    // Aborts once the client holds GitHub's answer to the commit, before the next step.
    octokit.hook.after("request", (response, options) => {
      if (options.method === "POST" && response.url.endsWith("/git/commits")) {
        controller.abort(new DOMException("out of time", "AbortError"));
      }
    });
    const gh = createGitHubPort(octokit, { owner: "acme", repo: "app" });

    await expect(gh.commitToBranch(request(), { signal: controller.signal })).rejects.toThrow(
      "out of time",
    );

    const [made] = github.requestsTo("POST /repos/{owner}/{repo}/git/commits");
    expect(made?.status).toBe(201);
    expect(github.requestsTo(REF_ROUTE)).toEqual([]);
    expect(github.refSha(REPO, BRANCH)).toBe(parent);
  });

  it("leaves the ref alone when aborted while the commit request is in flight", async () => {
    const controller = new AbortController();
    github.onRequest((req) => {
      if (req.method === "POST" && req.path.endsWith("/git/commits")) {
        controller.abort({ rivumi: "timeout" }); // the run's own reason is not an Error
      }
    });

    await expect(
      port().commitToBranch(request(), { signal: controller.signal }),
    ).rejects.toMatchObject({ rivumi: "timeout" });

    // Sent once (an abort is not retried as a server error); nothing points to what it made.
    expect(github.requestsTo("POST /repos/{owner}/{repo}/git/commits")).toHaveLength(1);
    expect(github.requestsTo(REF_ROUTE)).toEqual([]);
    expect(github.refSha(REPO, BRANCH)).toBe(parent);
  });

  it("asks again after a ref update without an answer, and knows one that landed", async () => {
    github.failNext(REF_ROUTE, { status: 502 });
    const retried = await port().commitToBranch(request());
    expect(retried.kind).toBe("committed");
    expect(github.requestsTo(REF_ROUTE).map((r) => r.status)).toEqual([502, 200]);

    // The update lands but its answer is lost: the ref says so, and nothing is sent again.
    github.requests.length = 0;
    const head = github.refSha(REPO, BRANCH)!;
    github.onRequest((req) => {
      if (req.method !== "PATCH") return;
      const sha = (req.body as { sha: string }).sha;
      github.repo(REPO).git.refs.set(`refs/heads/${BRANCH}`, sha);
      return { status: 504 };
    });
    const again = [{ path: "src/app.ts", mode: "100644", content: text("43;\n") }] as const;
    const landed = await port().commitToBranch({ ...request(again), parent: head });
    expect(landed.kind).toBe("committed");
    expect(github.requestsTo(REF_ROUTE)).toHaveLength(1);
  });

  it("commits as a person's token too, but GitHub does not sign that commit", async () => {
    const result = await port("ghp_person").commitToBranch(request());
    expect(result).toMatchObject({ kind: "committed", verified: false });
  });
});
