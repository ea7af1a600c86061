import type { Usage } from "../model/port.js";

/** Journal events of a pull request review: the hunk index, the map's batches, the coverage. */
export type ReviewEvent =
  /** The diff was indexed once: its size, and whether git gave up on inexact renames. */
  | {
      type: "review.indexed";
      files: number;
      hunks: number;
      bytes: number;
      ms: number;
      renameLimit: number;
      renameLimitHit: boolean;
      excludedFiles: number;
      route: "loop" | "rlm";
    }
  /** One child request of the RLM path's map settled. */
  | {
      type: "review.batch";
      id: string;
      hunks: number;
      chars: number;
      ok: boolean;
      ms: number;
      usage?: Usage;
      findings?: number;
      error?: string;
    }
  /** What the review examined, counted by the code: the ledger's report and its one line. */
  | { type: "review.coverage"; line: string; complete: boolean; report: unknown };
