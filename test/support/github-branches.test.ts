/**
 * The loopback GitHub's branches as GitHub keeps them: pull requests follow their branch, a
 * deletion of a missing path is refused, protected branches refuse updates, and only an app's
 * commit without an identity is signed.
 */
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubServer, type GitHubServer } from "./github-server.js";

const REPO = "acme/app";
let github: GitHubServer;
let octokit: Octokit;
const repo = { owner: "acme", repo: "app" };

beforeEach(async () => {
  github = await startGitHubServer({ validateResponses: true });
  github.addRepo(REPO, { files: { "a.txt": "a\n" } });
  octokit = new Octokit({ auth: "ghs_installation", baseUrl: github.url });
});
afterEach(async () => {
  github.assertNoViolations();
  await github.close();
});

describe("the loopback GitHub's branches", () => {
  it("moves a pull request's head with its branch, whoever moves it", async () => {
    const pr = github.addPullRequestOnBranch(REPO, {
      branch: "fix/x",
      branchFiles: { "b.txt": "b" },
    });
    const headOf = async () =>
      (await octokit.rest.pulls.get({ ...repo, pull_number: pr })).data.head.sha;
    expect(await headOf()).toBe(github.refSha(REPO, "fix/x"));

    const pushed = github.pushToBranch(REPO, "fix/x", { "b.txt": null });
    expect(await headOf()).toBe(pushed);

    const { data: file } = await octokit.rest.repos.createOrUpdateFileContents({
      ...repo,
      path: "c.txt",
      message: "c",
      content: Buffer.from("c\n").toString("base64"),
      branch: "fix/x",
    });
    expect(await headOf()).toBe(file.commit.sha);
    expect(Object.keys(github.branchFiles(REPO, "fix/x")).sort()).toEqual(["a.txt", "c.txt"]);
  });

  it("refuses a tree that deletes a path its base does not have, as GitHub does", async () => {
    const base = github.commitOf(REPO, github.refSha(REPO, "main")!)!.tree;
    const error = await octokit.rest.git
      .createTree({
        ...repo,
        base_tree: base,
        tree: [{ path: "nope.txt", mode: "100644", type: "blob", sha: null }],
      })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 422,
      response: { data: { message: "GitRPC::BadObjectState" } },
    });
  });

  it("refuses any update of a protected branch, even a fast forward", async () => {
    github.addPullRequestOnBranch(REPO, { branch: "locked" });
    github.protectBranch(REPO, "locked", {
      status: 422,
      message: "Changes must be made through a pull request.",
    });
    const before = github.refSha(REPO, "locked")!;
    const { data: commit } = await octokit.rest.git.createCommit({
      ...repo,
      message: "m",
      tree: github.commitOf(REPO, before)!.tree,
      parents: [before],
    });
    const error = await octokit.rest.git
      .updateRef({ ...repo, ref: "heads/locked", sha: commit.sha, force: false })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 422 });
    expect(github.refSha(REPO, "locked")).toBe(before);
  });

  it("signs an app's commit only when it names no author or committer", async () => {
    const head = github.refSha(REPO, "main")!;
    const tree = github.commitOf(REPO, head)!.tree;
    const bare = await octokit.rest.git.createCommit({
      ...repo,
      message: "m",
      tree,
      parents: [head],
    });
    const named = await octokit.rest.git.createCommit({
      ...repo,
      message: "m",
      tree,
      parents: [head],
      author: { name: "Rivumi", email: "rivumi@example.com", date: "2026-12-04T00:00:00Z" },
    });
    expect(bare.data.verification).toMatchObject({ verified: true, reason: "valid" });
    expect(named.data.verification).toMatchObject({ verified: false, reason: "unsigned" });
    expect(github.commitOf(REPO, bare.data.sha)?.verified).toBe(true);
  });
});
