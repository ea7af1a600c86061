/** Journal events of `/rivumi fix`: what changed, why it was held back, its verification and commit. */
export type FixEvent =
  /** The agent's changes as git staged them, with the patch (its first 256 KiB). */
  | {
      type: "fix.changes";
      files: {
        path: string;
        from?: string;
        status: string;
        added: number | null;
        removed: number | null;
      }[];
      bytes: number;
      diff: string;
    }
  /** One reason the fix is not committed (a rule, the fork, the verification, the attempts). */
  | { type: "fix.held"; reason: string; text: string; files: string[] }
  /** The verify command's result: passed, failed or not run (and why). */
  | {
      type: "fix.verify";
      command: string;
      kind: "passed" | "failed" | "not-run";
      exitCode?: number | null;
      timedOut?: boolean;
      tail?: string;
      reason?: string;
      ms?: number;
      confinement?: string;
    }
  /** One request to GitHub's Git Data API, without file contents. */
  | { type: "fix.request"; method: string; route: string; status: number; summary: string }
  /** What became of the commit: committed, or why the branch was left alone. */
  | {
      type: "fix.commit";
      result: "committed" | "moved" | "refused" | "fork" | "failed";
      sha?: string;
      branch?: string;
      detail?: string;
    };
