// The part of an outcome each feature owns: one member per feature, told apart by `kind`. What
// every run shares (conclusion, stats, notes, publications) is the envelope, `Outcome`.
//
// The types live here, not in their features' folders: `Outcome` names every member, and each
// feature returns an `Outcome`, so a member in its feature's folder would make `outcome/` and that
// folder import each other.
import type { FixReport } from "./fix.js";
import type { Review, UnplacedFinding } from "./review.js";
import type { TriageResult } from "./triage.js";

/** An earlier review's finding whose line the pull request no longer shows. */
export interface GoneFinding {
  path: string;
  /** The line it was posted on, in the head that review was pinned to. */
  line: number;
  title: string;
  reason: string;
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

/** A pull request review, or a task of the user's own: what the agent's run gave. */
export interface ReviewResult {
  kind: "review";
  /** Undefined when the run ended without an answer. */
  review: Review | undefined;
  /** What the review examined; set for pull request reviews and tasks with a diff. */
  coverage: CoverageSummary | undefined;
  /** Findings whose path and line are not in the pull request's diff: kept, listed apart. */
  unanchored: UnplacedFinding[];
  /** Why a pull request reviewed before was reviewed in full this time. */
  fullReviewWhy: string | undefined;
  /** Findings an earlier review put on lines that are gone or changed since. */
  noLongerApplies: GoneFinding[];
  /** Extra Markdown for the step summary (instruction diagnostics, saved changes, notices). */
  details: string[];
  /** What people dismissed in Rivumi's review threads: learned now, and left out of this review. */
  dismissed?: { learned: number; suppressed: number; threadsUnread?: string };
  /** A `/rivumi fix`: what it changed, why it is held back if it is, how it was verified. */
  fix?: FixReport;
}

/** What an RLM run answered, and how it got there. */
export interface RlmResult {
  kind: "rlm";
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

/** A memory command: its reply is the outcome's note and a publication of its own. */
export interface MemoryResult {
  kind: "memory";
}

/**
 * No feature's result: the run was skipped or refused, or failed before its feature had one. The
 * note says why.
 */
export interface StopResult {
  kind: "stop";
  /** A fork pull request on `pull_request`: the summary explains how to review forks. */
  fork: boolean;
}

export type FeatureResult = ReviewResult | TriageResult | MemoryResult | RlmResult | StopResult;

/** For a `switch` over `FeatureResult` that names every kind: a new kind does not compile. */
export function unknownResult(result: never): never {
  throw new Error(`unknown result kind: ${(result as { kind: string }).kind}`);
}
