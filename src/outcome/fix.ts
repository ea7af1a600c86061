// What `/rivumi fix` decided and what its commit became, as data: the fix's run fills `FixReport`,
// the publication carries `FixProposal` to GitHub, and `FixPosted` is what GitHub answered.

/** One file of the fix, as git counted it (lines undefined for a binary file). */
export interface FixFile {
  path: string;
  /** The path it was renamed from. */
  from?: string;
  status: string;
  added: number | undefined;
  removed: number | undefined;
}

/** Why a fix is not committed, decided by code before anything is written. */
export interface FixHold {
  /**
   * `push-off` (push-fixes is false), `fork`, `no-changes`, `run` (the agent's run did not
   * succeed), `verify` (the verify command failed or could not run), a policy refusal
   * (`workflow`, `gitmodules`, `submodule`, `symlink`, `binary`, `mode`, `too-many-files`,
   * `too-many-lines`, `secret`) or `attempts` (a CI fix past its attempts).
   */
  reason: string;
  text: string;
  files: string[];
}

/** The verify command's result, quoted in the reply either way. */
export interface FixVerification {
  command: string;
  kind: "passed" | "failed" | "not-run";
  exitCode?: number | null;
  timedOut?: boolean;
  /** Its last lines, bounded and redacted. */
  tail?: string;
  /** Why it did not run. */
  reason?: string;
  ms?: number;
  /** What confinement applied, in one line. */
  confinement?: string;
}

/** A fix started from a failed CI run: which run, which failure, which attempt. */
export interface FixAttempt {
  runId: number;
  signature: string;
  /** This attempt's number, from 1, and the most allowed (`max-fix-attempts`). */
  number: number;
  max: number;
}

/** The fix's own part of a task's result. */
export interface FixReport {
  /** Why nothing goes to the branch; empty when the commit is proposed to the publication. */
  held: FixHold[];
  files: FixFile[];
  /** Lines added plus removed. */
  lines: number;
  /** Undefined: no `verify-command`, so the commit says "not verified". */
  verification: FixVerification | undefined;
  /**
   * The patch, for a reply whose fix is not committed: inline when it is small, else named as a
   * file of the run's artifact.
   */
  patch: { inline: string | undefined; bytes: number } | undefined;
  attempt: FixAttempt | undefined;
}

/** One entry of the commit's tree: a file's new content, or its deletion (`content` null). */
export interface FixChange {
  path: string;
  mode: "100644" | "100755";
  content: Uint8Array | null;
}

/** What the publication commits: one commit on the pull request's head, whose only parent it is. */
export interface FixProposal {
  parent: string;
  message: string;
  changes: FixChange[];
}

/** What became of the proposal on GitHub. */
export type FixPosted =
  | { kind: "committed"; sha: string; url: string; branch: string }
  /** The branch is no longer at the proposal's parent: nothing was moved. */
  | { kind: "moved"; head: string; branch: string }
  /** GitHub refused the write (branch protection, a ruleset, the token's permission). */
  | { kind: "refused"; status: number; message: string; branch: string }
  /** The head is in another repository: nothing was written. */
  | { kind: "fork"; headRepo: string }
  /** The requests failed before GitHub answered them (network, time). */
  | { kind: "failed"; error: string };
