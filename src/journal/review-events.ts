import type { Usage } from "../model/port.js";

/** Journal events of a pull request review: the hunk index, the map's batches, the coverage. */
export type ReviewEvent =
  /** The diff was indexed once: its size, and whether git gave up on inexact renames. */
  | {
      type: "review.indexed";
      files: number;
      hunks: number;
      bytes: number;
      /** How long git and the parser took to index it. */
      ms: number;
      renameLimit: number;
      renameLimitHit: boolean;
      excludedFiles: number;
      route: "loop" | "rlm";
      /** A re-review: the last reviewed head whose new hunks these are, and how it was matched. */
      since?: string;
      by?: "ancestor" | "range-diff";
    }
  /** What a pull request review reads: all of it, or the new hunks since the last review. */
  | {
      type: "review.scope";
      scope: "full" | "incremental";
      since?: string;
      from?: string;
      /** Why a pull request reviewed before is reviewed in full. */
      why?: string;
    }
  /** One child request of the RLM path's map settled. */
  | {
      type: "review.batch";
      id: string;
      hunks: number;
      chars: number;
      ok: boolean;
      ms: number;
      /** Every reply of the batch added up: the first, and the repair turn's. */
      usage?: Usage;
      findings?: number;
      /** Why the first reply could not be read (it then gets one repair turn). */
      repairReason?: string;
      /** The repair turn was sent: the batch took two requests. */
      repaired?: boolean;
      error?: string;
    }
  /** What the review examined, counted by the code: the ledger's report and its one line. */
  | { type: "review.coverage"; line: string; complete: boolean; report: unknown }
  /** What the review decided about one of Rivumi's own review threads, and why. */
  | {
      type: "review.thread";
      thread: string;
      path: string;
      line: number | null;
      decision: "resolve" | "dismissed" | "reply" | "keep";
      reason: string;
    }
  /** The review's final findings, each with where the outcome places it. */
  | { type: "review.findings"; findings: RecordedFinding[] };

/**
 * Where a finding goes: `inline` as a review comment on its line, `summary` in the list of the
 * run's comment (or, without a pull request, its result), `not anchored` in the comment's list
 * of findings whose line is not in the diff.
 */
export type FindingPlacement = "inline" | "summary" | "not anchored";

export interface RecordedFinding {
  path: string;
  line: number;
  start_line?: number;
  severity: string;
  /** The model's text, its first 4,000 characters. */
  body: string;
  posted: FindingPlacement;
  /** The address of the comment that holds it, once known. */
  url?: string;
}
