// What a run ended with, as neutral data: every mode returns one, and only `publish/` turns it into
// comments, reviews, summaries and outputs.
import type { UsageTotal } from "../model/usage.js";
import type { Review, UnplacedFinding } from "./review.js";
import type { TriageHistory } from "./triage-history.js";

export type * from "./triage-history.js";

export type Conclusion = "success" | "partial" | "skipped" | "refused" | "failure";

/** Why the agent's loop ended. */
export type StopReason =
  | "final-answer"
  | "max-turns"
  | "max-tokens"
  | "max-cost"
  | "timeout"
  | "cancelled"
  | "model-error"
  /** The model's reply was cut off at its length limit (`finish_reason: length`). */
  | "truncated";

/** What the run spent, counted by the code. */
export interface RunStats {
  turns: number;
  /**
   * Model requests of every kind, for the runs that can make more than their tool loop's turns
   * (the child reviewers of a large review, the RLM root that merged them).
   */
  requests?: number;
  /** Every request's usage added up; `reasoningTokens` is 0 when no server reported any. */
  usage: UsageTotal;
  costUsd: number | undefined;
  ms: number;
  model: string;
}

/** One thing `publish/` carries out on GitHub for this outcome. */
export type Publication =
  /**
   * The run's sticky comment on a pull request: progress while it works, then the result. With
   * `key`, a comment of that key instead of the job's own (triage: one per triaged workflow).
   */
  | { kind: "sticky-comment"; pr: number; key?: string }
  /** A reaction on the comment that asked (a memory command). */
  | { kind: "reaction"; commentId: number; content: "+1" | "confused" }
  /** A reply of its own on an issue or pull request; `body` is already neutralised and bounded. */
  | { kind: "reply"; issue: number; body: string; state: string }
  /**
   * One issue per `key` (triage: per failure signature): the open issue Rivumi opened with that
   * key's hidden marker is updated, else one is opened. The body is rendered from the outcome.
   */
  | { kind: "issue-by-marker"; key: string; title: string }
  /**
   * The review's findings on their lines, as one pull request review pinned to `commitId` (the
   * reviewed head). Findings below `minSeverity` are only counted; past `maxComments`, the rest
   * are listed in the sticky comment, which therefore comes after this in `publications`.
   */
  | {
      kind: "review";
      pr: number;
      commitId: string;
      /** Post findings on their lines; when false only the review state is written. */
      inline: boolean;
      minSeverity: Severity;
      maxComments: number;
      /**
       * What the state remembers as reviewed: this head and merge base when the review examined
       * everything it was given, undefined to keep the last ones (a partial or failed review).
       */
      reviewed: { head: string; base: string } | undefined;
      /** Fingerprints of earlier findings that no longer apply: forgotten by the state. */
      gone: string[];
    }
  /** Annotations on the run; GitHub shows at most 10 of each level. */
  | { kind: "annotations"; items: Annotation[] };

export const SEVERITIES = ["critical", "major", "minor", "nit"] as const;
/** How much a finding matters, most first. */
export type Severity = (typeof SEVERITIES)[number];

/** One annotation; `file` and `line` where the log names them. Text is untrusted and plain. */
export interface Annotation {
  level: "error" | "warning" | "notice";
  title: string;
  message: string;
  file?: string;
  line?: number;
}

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
}

/** What an RLM run answered, and how it got there. */
export interface RlmAnswer {
  answer: string;
  confidence: string | null;
  finalized: boolean;
  /** finalized, iteration-limit, contract, model-error, budget or cancelled. */
  stop: string;
  iterations: number;
  childCalls: number;
  /** The root REPL's last `chunk_coverage` result. */
  coverage: unknown;
  rootMaxPromptChars: number;
}

/** What a run tells its pull request while it works. */
export interface Progress {
  pr: number;
  task: string;
  head: string;
  /** How far a long review has got, counted by the code. */
  coverage?: { examined: number; total: number; elapsedMs: number; costUsd: number | undefined };
}

/** What a review examined, counted by the code from the coverage ledger, never by the model. */
/** An earlier review's finding whose line the pull request no longer shows. */
export interface GoneFinding {
  path: string;
  /** The line it was posted on, in the head that review was pinned to. */
  line: number;
  title: string;
  reason: string;
}

export interface CoverageSummary {
  /** The one line for the comment, summary and log: "Examined 93,211 of 93,211 hunks in …". */
  line: string;
  /** Every hunk was examined or excluded by a rule. */
  complete: boolean;
  hunks: { total: number; examined: number; excluded: number; notReached: number };
  /** The ledger's whole report (per rule, files not reached), for result.json and the journal. */
  report: unknown;
}

export interface Outcome {
  conclusion: Conclusion;
  /** How the agent's loop ended, for runs that had one. */
  stop: StopReason | undefined;
  review: Review | undefined;
  /** What the review examined; set for pull request reviews and tasks with a diff. */
  coverage?: CoverageSummary;
  /** Findings whose path and line are not in the pull request's diff: kept, listed apart. */
  unanchored?: UnplacedFinding[];
  /** Why a pull request reviewed before was reviewed in full this time. */
  fullReviewWhy?: string;
  /** Findings an earlier review put on lines that are gone or changed since. */
  noLongerApplies?: GoneFinding[];
  /** The answer of an RLM run. */
  rlm?: RlmAnswer;
  /** The explanation of a failed workflow run (triage mode). */
  triage?: TriageReport;
  /** Why the run ended early, was skipped or failed, in words a user can act on. */
  note: string | undefined;
  stats: RunStats;
  /** The journal artifact's name, where everything the run did can be read. */
  journalName: string;
  /**
   * Set once the journal artifact is known not to exist (no artifact token, or its upload
   * failed): why, in a few words. The texts that would name the artifact say this instead.
   */
  artifactMissing?: string;
  /** Extra Markdown for the step summary (instruction diagnostics, saved changes, notices). */
  details?: string[];
  /** Files uploaded with the journal (changes.patch). */
  attachments?: string[];
  /** Lines for the workflow log as notices. */
  notices?: string[];
  /** Set for a fork pull request on `pull_request`: the summary explains how to review forks. */
  fork?: boolean;
  /** Where the outcome goes besides the step summary, outputs, result file and journal. */
  publications: Publication[];
}

export const NO_USAGE: Readonly<UsageTotal> = Object.freeze({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  reasoningTokens: 0,
});
