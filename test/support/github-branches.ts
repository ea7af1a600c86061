/**
 * Pull requests whose head is a real branch of the fake's git store, and what tests do to such a
 * branch meanwhile: push to it, protect it, read its files back. A branch's pull requests follow
 * it: whenever the ref moves (a push here, a ref update or a contents write through the API), the
 * open same-repository pull requests on it get the new head SHA, as GitHub's do.
 *
 *   const pr = github.addPullRequestOnBranch("o/r", { branch: "fix/x", branchFiles: { "a.ts": "1\n" } });
 *   github.pushToBranch("o/r", "fix/x", { "a.ts": "2\n" });      // someone pushed meanwhile
 *   github.protectBranch("o/r", "fix/x");                          // the ref update is refused
 *   github.branchFiles("o/r", "fix/x")["a.ts"]?.text;
 *   await github.importBranch("o/r", fixture.origin, "feature", fixture.headSha); // a real clone's commits
 */
import { execa } from "execa";
import type { GitIdentity } from "./github-git.js";
import { importGitHistory } from "./github-git-import.js";
import { branchMoved, signedByGitHub } from "./github-branch-rules.js";
import { GitHubState, type RepoState } from "./github-state.js";
import type { BranchProtection, PullRequestInit } from "./github-types.js";

export type { BranchProtection, CommitOrigin } from "./github-types.js";

/** GitHub's refusal when a required status check has not passed on the new commit. */
export const REQUIRED_CHECK_REFUSAL: BranchProtection = {
  status: 422,
  message: 'Required status check "ci" is expected.',
};

export interface BranchFile {
  mode: string;
  bytes: Buffer;
  /** The bytes as UTF-8. */
  text: string;
}

export interface BranchPullInit extends Omit<PullRequestInit, "head"> {
  branch: string;
  /**
   * Files committed on the branch, on top of the default branch (null deletes). `files` stays
   * what the pull request's file listing shows.
   */
  branchFiles?: Record<string, string | Buffer | null>;
  /** `owner/repo` of a fork holding the branch: the head commit lives in `refs/pull/{n}/head`. */
  fork?: string;
}

export class GitBranchState extends GitHubState {
  /**
   * A pull request whose head is `branch`: a commit of `files` on the default branch's head,
   * written to the branch (or, for a fork, to `refs/pull/{n}/head` only). Returns its number.
   */
  addPullRequestOnBranch(fullName: string, init: BranchPullInit): number {
    const { branch, branchFiles = {}, fork, ...rest } = init;
    const repo = this.hasRepo(fullName) ? this.repo(fullName) : this.addRepo(fullName);
    const base = repo.git.resolve(repo.defaultBranch);
    if (!base) throw new Error(`${fullName} has no ${repo.defaultBranch} to branch from`);
    const number = repo.nextNumber;
    const ref = fork ? `refs/pull/${number}/head` : `refs/heads/${branch}`;
    if (repo.git.refs.has(ref)) throw new Error(`${fullName} already has ${ref}`);
    repo.git.refs.set(ref, base);
    const head = this.commitOn(repo, ref, branchFiles, `Work on ${branch}`);
    return this.addPullRequest(fullName, {
      ...rest,
      number,
      base: { ref: repo.defaultBranch, sha: base },
      head: { ref: branch, sha: head, repo: fork ?? repo.fullName },
    });
  }

  /** Someone pushes a commit of `files` (null deletes) to the branch; returns its SHA. */
  pushToBranch(
    fullName: string,
    branch: string,
    files: Record<string, string | Buffer | null>,
    message = "A push meanwhile",
  ): string {
    const repo = this.repo(fullName);
    const ref = `refs/heads/${branch}`;
    if (!repo.git.refs.has(ref)) throw new Error(`${fullName} has no branch ${branch}`);
    return this.commitOn(repo, ref, files, message);
  }

  /**
   * Copies `rev` and its history from the git repository at `dir` (SHAs kept) and points `branch`
   * at it, so that a clone of that repository and this GitHub agree on the branch's commits.
   */
  async importBranch(fullName: string, dir: string, branch: string, rev: string): Promise<string> {
    const repo = this.repo(fullName);
    const { stdout } = await execa("git", ["rev-parse", "--verify", `${rev}^{commit}`], {
      cwd: dir,
    });
    const sha = stdout.trim();
    await importGitHistory(repo.git, dir, [sha]);
    repo.git.refs.set(`refs/heads/${branch}`, sha);
    branchMoved(repo, branch, sha);
    return sha;
  }

  /** Protects the branch: every update of its ref is refused with `refusal`. */
  protectBranch(
    fullName: string,
    branch: string,
    refusal: BranchProtection = REQUIRED_CHECK_REFUSAL,
  ): void {
    this.repo(fullName).protectedBranches.set(branch, refusal);
  }

  /** Every file on the branch (or any ref or commit), by path. */
  branchFiles(fullName: string, refish: string): Record<string, BranchFile> {
    const git = this.repo(fullName).git;
    const commit = git.resolve(refish);
    if (!commit) throw new Error(`${fullName} has no ${refish}`);
    const files: Record<string, BranchFile> = {};
    for (const entry of git.walk(git.commit(commit)!.tree)) {
      if (entry.type !== "blob") continue;
      const bytes = git.blob(entry.sha)!;
      files[entry.path] = { mode: entry.mode, bytes, text: bytes.toString("utf8") };
    }
    return files;
  }

  /** A commit's parents, tree, message and how it was made (undefined for one made otherwise). */
  commitOf(fullName: string, sha: string) {
    const repo = this.repo(fullName);
    const commit = repo.git.commit(sha);
    if (!commit) return undefined;
    const origin = repo.commitOrigins.get(sha);
    return { ...commit, origin, verified: signedByGitHub(origin) };
  }

  private commitOn(
    repo: RepoState,
    ref: string,
    files: Record<string, string | Buffer | null>,
    message: string,
  ): string {
    const parent = repo.git.refs.get(ref)!;
    const tree = repo.git.buildTree(
      repo.git.commit(parent)!.tree,
      Object.entries(files).map(([path, content]) =>
        content === null
          ? { path, sha: null }
          : {
              path,
              sha: repo.git.writeBlob(Buffer.isBuffer(content) ? content : Buffer.from(content)),
            },
      ),
    );
    const author: GitIdentity = this.identity(repo.owner);
    const sha = repo.git.writeCommit({
      tree,
      parents: [parent],
      message,
      author,
      committer: author,
    });
    repo.git.refs.set(ref, sha);
    if (ref.startsWith("refs/heads/")) branchMoved(repo, ref.slice("refs/heads/".length), sha);
    return sha;
  }
}
