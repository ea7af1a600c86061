// What a run ended with, as neutral data: every mode returns one, and only `publish/` turns it into
// comments, reviews, summaries and outputs. The envelope is what every run has; `result` is its
// feature's own part (`results.ts`).
import type { UsageTotal } from "../model/usage.js";
import type { FeatureResult } from "./results.js";
import type { FixProposal } from "./fix.js";
import type { LastReview, ThreadPlan } from "./review.js";

export type * from "./results.js";
export type * from "./triage.js";
export type * from "./triage-history.js";
export type * from "./fix.js";

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
  /**
   * A reaction on the comment that asked (a memory command); `on: "review-comment"` when that
   * comment is in a review thread, whose comments GitHub keeps apart from issue comments.
   */
  | { kind: "reaction"; commentId: number; content: "+1" | "confused"; on?: "review-comment" }
  /** A reply of its own on an issue or pull request; `body` is already neutralised and bounded. */
  | { kind: "reply"; issue: number; body: string; state: string }
  /**
   * A reply in a review thread of pull request `pr`: `commentId` is the thread's first comment
   * (GitHub takes no reply to a reply). `body` is already neutralised and bounded.
   */
  | { kind: "thread-reply"; pr: number; commentId: number; body: string; state: string }
  /**
   * One issue per `key` (triage: per failure signature): the open issue Rivumi opened with that
   * key's hidden marker is updated, else one is opened. The body is rendered from the outcome.
   */
  | { kind: "issue-by-marker"; key: string; title: string }
  /**
   * A review's publication: its findings on their lines, as one pull request review pinned to
   * `commitId` (the reviewed head), then the run's sticky comment, which lists what did not go on
   * the lines and carries the review state forward. Findings below `minSeverity` are only
   * counted; past `maxComments`, the rest are listed. It takes the place of a `sticky-comment`.
   */
  | {
      kind: "review";
      pr: number;
      commitId: string;
      /** What the last review recorded, as read before the mode (publishing does not read it again). */
      last: LastReview;
      /** What to do with Rivumi's own review threads, decided by the review. */
      threads: ThreadPlan;
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
  | { kind: "annotations"; items: Annotation[] }
  /**
   * A fix's publication: one commit of `proposal` on pull request `pr`'s branch (checked again
   * against its head just before it is written, never forced), then the run's sticky comment,
   * which says what became of it. It takes the place of a `sticky-comment`.
   */
  | { kind: "fix-commit"; pr: number; proposal: FixProposal; key?: string };

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

/** What a run tells its pull request while it works. */
export interface Progress {
  pr: number;
  task: string;
  head: string;
  /** How far a long review has got, counted by the code. */
  coverage?: { examined: number; total: number; elapsedMs: number; costUsd: number | undefined };
}

/** What a run ended with: the envelope every run has, and its feature's `result`. */
export interface Outcome<R extends FeatureResult = FeatureResult> {
  conclusion: Conclusion;
  /** How the agent's loop ended, for runs that had one (a review, a triage that was stopped). */
  stop: StopReason | undefined;
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
  /** Lines for the workflow log as notices. */
  notices: string[];
  /** Files uploaded with the journal (a task's changes.patch). */
  attachments: string[];
  /** Where the outcome goes besides the step summary, outputs, result file and journal. */
  publications: Publication[];
  /** What the run's feature produced. */
  result: R;
}

export const NO_USAGE: Readonly<UsageTotal> = Object.freeze({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  reasoningTokens: 0,
});
