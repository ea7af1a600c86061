/**
 * GitHub's rules for branches that the routes and the tests' helpers share: pull requests follow
 * their branch, protected branches refuse updates, and which API commits GitHub signs.
 */
import { HttpError } from "./github-http.js";
import type { RepoState } from "./github-state.js";
import type { CommitOrigin } from "./github-types.js";

/** Whether GitHub would sign a commit made so (signature verification for bots). */
export function signedByGitHub(origin: CommitOrigin | undefined): boolean {
  return (
    origin !== undefined &&
    origin.tokenType === "installation" &&
    !origin.authorGiven &&
    !origin.committerGiven &&
    !origin.signatureGiven
  );
}

/** The open same-repository pull requests on `branch` follow it to `sha`. */
export function branchMoved(repo: RepoState, branch: string, sha: string): void {
  for (const issue of repo.issues.values()) {
    const pull = issue.pull;
    if (!pull || issue.state !== "open" || pull.head.ref !== branch) continue;
    if (pull.head.repo.toLowerCase() !== repo.fullName.toLowerCase()) continue;
    if (pull.head.sha === sha) continue;
    pull.head.sha = sha;
    pull.headShas.push(sha);
  }
}

/** Refuses an update of a protected branch the way GitHub does (before the ref moves). */
export function checkProtection(repo: RepoState, ref: string): void {
  const branch = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : undefined;
  const rule = branch === undefined ? undefined : repo.protectedBranches.get(branch);
  if (rule) throw new HttpError(rule.status, rule.message);
}
