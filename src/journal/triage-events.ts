/** Journal events of failed-CI triage, in the order they happen in a run. */
export type TriageEvent =
  /** The failed run was read back from the Actions API, with its latest attempt's jobs. */
  | {
      type: "triage.run_loaded";
      runId: number;
      attempt: number;
      conclusion: string;
      jobs: number;
      failed: string[];
      cancelled: string[];
      /** The pull requests the triage goes to. */
      pulls: number[];
    }
  /** A failed job's log is on disk; `cut` when it was over the size limit. */
  | {
      type: "triage.log_saved";
      job: number;
      name: string;
      bytes: number;
      cut?: { afterLine: number; droppedLines: number; droppedBytes: number };
      ms: number;
    }
  /** A failed job's log could not be downloaded; the job is reported without evidence. */
  | { type: "triage.log_failed"; job: number; name: string; error: string }
  /** A job's log was triaged without a model: its signature and its best candidates. */
  | {
      type: "triage.job_triaged";
      job: number;
      name: string;
      signature: string;
      candidates: number;
      top: { kind: string; step: string; startLine: number; endLine: number }[];
      ms: number;
    }
  /** The last green run of the workflow was looked for on these branches; `runId` null when none. */
  | { type: "triage.green_found"; runId: number | null; branches: string[] }
  /** A job's failed step was compared with the same job of the last green run. */
  | {
      type: "triage.log_diffed";
      job: number;
      greenRunId: number;
      lines: number;
      truncated: boolean;
    }
  /** The triage's history was read: valid rows, lines that were not rows, earlier rows of its signatures. */
  | { type: "triage.history_read"; source: string; rows: number; skipped: number; earlier: number }
  /** Earlier failures were looked up in the Actions API for a later pass of the same commit. */
  | {
      type: "triage.history_checked";
      lookups: number;
      /** `rerun`: a later attempt of the run passed; `commit`: another run of the commit did. */
      passes: { how: string; run: number; attempt: number }[];
      errors: number;
    }
  /** The run's failed jobs were remembered (or were already); what the history now says. */
  | {
      type: "triage.history_recorded";
      source: string;
      added: number;
      attempts: number;
      written: boolean;
      rows: number;
      flaky: string[];
      new: string[];
    }
  /** The history could not be read or written; the triage is posted without it, saying why. */
  | {
      type: "triage.history_failed";
      source: string;
      phase: "read" | "write";
      code: string;
      error: string;
    }
  /** The model's digest: `ok` with its category, or the reason there is none. */
  | { type: "triage.digested"; ok: boolean; category?: string; note?: string; ms: number }
  /** The triage is ready to publish: its signature and where it goes. */
  | {
      type: "triage.concluded";
      signature: string;
      jobs: number;
      evidence: number;
      pulls: number[];
      issue: boolean;
    };
