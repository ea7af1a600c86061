// What a failed-CI triage produced, as data: the failed jobs quoted and ranked by the code, and
// the model's digest. Every string from a log or a run is untrusted.
import type { FixReport } from "./fix.js";
import type { TriageHistory } from "./triage-history.js";

/** The categories of a failed-CI digest. */
export const TRIAGE_CATEGORIES = [
  "test",
  "build",
  "lint",
  "types",
  "dependency",
  "infrastructure",
  "timeout",
  "flaky",
] as const;
export type TriageCategory = (typeof TRIAGE_CATEGORIES)[number];

/** A short range of a job log, quoted; lines are the log's, timestamps and colours removed. */
export interface TriageEvidence {
  /** 1-based lines of the job's log as GitHub serves it. */
  startLine: number;
  endLine: number;
  step: string;
  /** What the deterministic triage took it for: test, build, types, timeout, … */
  kind: string;
  lines: string[];
  /** The job's log page at that step and line (the job's page when the step is not known). */
  url: string;
  /** The repository file and line the log names in or just after the range, if any. */
  location?: { file: string; line: number };
}

/** One failed job of the run. */
export interface TriageJob {
  id: number;
  name: string;
  conclusion: string;
  url: string;
  /** The step the Actions API says failed. */
  failedStep: { number: number; name: string } | undefined;
  /** Empty when the log could not be read. */
  signature: string;
  /** Best first. */
  evidence: TriageEvidence[];
  /** The log's size; `cut` when it was over the limit and only its head and tail were kept. */
  log:
    | {
        bytes: number;
        cut: { afterLine: number; droppedLines: number; droppedBytes: number } | undefined;
      }
    | undefined;
  /** The lines only this log has, in the failed step, against the same job of the last green run. */
  diff:
    | {
        runId: number;
        runUrl: string;
        step: string;
        lines: Array<{ line: number; text: string }>;
        truncated: boolean;
      }
    | undefined;
  /** Why the log could not be read or compared (expired, over a limit), for the reader. */
  notes: string[];
}

/** What the model made of the failure; every string is the model's, untrusted. */
export interface TriageDigest {
  rootCause: string;
  category: TriageCategory | undefined;
  evidence: Array<{ job: string; step: string; startLine: number; endLine: number; url: string }>;
  files: Array<{ path: string; line: number | undefined }>;
  nextStep: string;
  model: string;
}

/** A failed workflow run explained: counted and quoted by the code, digested by the model. */
export interface TriageReport {
  /** `owner/repo`. */
  repo: string;
  run: {
    id: number;
    attempt: number;
    workflow: string;
    /** The workflow file. */
    path: string;
    event: string;
    headSha: string;
    headBranch: string;
    conclusion: string;
    url: string;
  };
  /** The run's failure signature (of its failed jobs' signatures); the key of its issue. */
  signature: string;
  jobs: TriageJob[];
  /** Jobs that were cancelled, most likely by another job's failure (fail-fast); not triaged. */
  cancelled: string[];
  digest: TriageDigest | undefined;
  /** Why there is no digest, when there is none. */
  digestNote: string | undefined;
  /** The failures remembered across runs; absent where no history store is wired (the tests). */
  history?: TriageHistory;
  /** What the triage offers or did about fixing the failure (`push-fixes`, `auto-fix`). */
  fix?: TriageFix;
}

/** The triage's part in fixing its failure. */
export interface TriageFix {
  /** A `/rivumi fix` command for the first cause, offered on a same-repository pull request. */
  offer: string | undefined;
  /** What `auto-fix` did: why no fix started, or the fix it ran on pull request `pr`. */
  auto?:
    | { started: false; why: string }
    | { started: true; pr: number; report: FixReport; answer: string | undefined };
}

/** The triage's part of an outcome. */
export interface TriageResult {
  kind: "triage";
  report: TriageReport;
}
