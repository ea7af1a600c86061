/**
 * GitHub's rules for branches that the routes and the tests' helpers share: pull requests follow
 * their branch, protected branches refuse updates, and which API commits GitHub signs.
 */
import { HttpError } from "./github-http.js";
import type { RepoState } from "./github-state.js";
import type { CommitOrigin } from "./github-types.js";

/**
 * Whether GitHub would sign a commit made so: a GitHub App's commit made through the API with no
 * author, committer or signature of its own is signed by GitHub and shown as verified ("Signature
 * verification for bots", https://docs.github.com/en/authentication/managing-commit-signature-verification/about-commit-signature-verification#signature-verification-for-bots;
 * the `verification` object of https://docs.github.com/en/rest/git/commits#create-a-commit).
 */
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

/**
 * Refuses an update of a protected branch the way GitHub does (before the ref moves): a required
 * status check or a ruleset refuses a push that does not satisfy it
 * (https://docs.github.com/en/repositories/configuring-branches-and-merges-in-your-repository/managing-protected-branches/about-protected-branches).
 */
export function checkProtection(repo: RepoState, ref: string): void {
  const branch = ref.startsWith("refs/heads/") ? ref.slice("refs/heads/".length) : undefined;
  const rule = branch === undefined ? undefined : repo.protectedBranches.get(branch);
  if (rule) throw new HttpError(rule.status, rule.message);
}
