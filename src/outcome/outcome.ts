// What a run ended with, as neutral data: every mode returns one, and only `publish/` turns it into
// comments, reviews, summaries and outputs.
import type { Usage } from "../model/port.js";
import type { Review } from "./review.js";

export type Conclusion = "success" | "partial" | "skipped" | "refused" | "failure";

/** Why the agent's loop ended. */
export type StopReason =
  | "final-answer"
  | "max-turns"
  | "max-tokens"
  | "max-cost"
  | "timeout"
  | "cancelled"
  | "model-error";

/** What the run spent, counted by the code. */
export interface RunStats {
  turns: number;
  usage: Usage;
  costUsd: number | undefined;
  ms: number;
  model: string;
}

/** One thing `publish/` carries out on GitHub for this outcome. */
export type Publication =
  /** The run's sticky comment on a pull request: progress while it works, then the result. */
  | { kind: "sticky-comment"; pr: number }
  /** A reaction on the comment that asked (a memory command). */
  | { kind: "reaction"; commentId: number; content: "+1" | "confused" }
  /** A reply of its own on an issue or pull request; `body` is already neutralised and bounded. */
  | { kind: "reply"; issue: number; body: string; state: string };

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
  /** The answer of an RLM run. */
  rlm?: RlmAnswer;
  /** Why the run ended early, was skipped or failed, in words a user can act on. */
  note: string | undefined;
  stats: RunStats;
  /** The journal artifact's name, where everything the run did can be read. */
  journalName: string;
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

export const NO_USAGE: Usage = Object.freeze({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
});
