// What the triage's history says of a failure, as data for the comment. Branch names, forks and
// workflow names come from runs: untrusted.

/** One remembered failure: where and when, and the link to its run. */
export interface TriageSeen {
  at: string;
  run: number;
  attempt: number;
  branch: string;
  /** `owner/repo` of a fork's head. */
  fork: string | undefined;
  onDefault: boolean;
  pulls: number[];
  /** The run attempt's page. */
  url: string;
}

/** One failure signature over the history's window. */
export interface TriageSignatureHistory {
  signature: string;
  /** The window, in days. */
  days: number;
  /** Run attempts that failed with it in the window, this one included. */
  failures: number;
  firstSeen: TriageSeen;
  /** Where it failed, most recent first. */
  branches: Array<{ name: string; fork: string | undefined }>;
  /** Runs that failed with it and then passed on a re-run of the same commit. */
  passedOnRerun: number;
  /** Commits of the default branch where it failed and the same workflow also passed. */
  passedOnDefault: number;
  flaky: boolean;
  /** Only this run and runs of the same pull request have had it. */
  isNew: boolean;
  /** The latest earlier failure with it on the default branch. */
  lastOnDefault: TriageSeen | undefined;
}

/** The history of a triaged run's failures, or why there is none. */
export type TriageHistory =
  | {
      recorded: true;
      /** Where it is kept: `acme/widgets@rivumi-memory:triage-history.jsonl`. */
      source: string;
      /** One per failed job's signature, in the order of the jobs. */
      signatures: TriageSignatureHistory[];
      /** The default branch, when the event named it. */
      defaultBranch: string | undefined;
      /**
       * For a failure new to its pull request: the latest completed run of the same workflow on
       * the base branch, which passed.
       */
      baseGreen: { branch: string; run: number; url: string } | undefined;
    }
  | { recorded: false; source: string; reason: string };
