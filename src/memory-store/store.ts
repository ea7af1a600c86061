import type { MemoryRow } from "./record.js";

/** Where memory rows live: a branch of a repository (the action) or a local file (the CLI). */
export interface MemoryStore {
  /** Where the store is, for messages and the journal: `acme/widgets@rivumi-memory:memory.jsonl`. */
  readonly source: string;
  /** The whole store as text; "" when it does not exist yet. */
  read(): Promise<string>;
  /**
   * Appends one row, unless a valid row with its id is already stored (then `duplicate`), so that
   * the same row offered twice, even at the same moment, is written once. Never rewrites a line.
   */
  append(row: MemoryRow): Promise<AppendResult>;
}

export interface AppendResult {
  /** Tries it took: 1 when nothing raced with it. */
  attempts: number;
  /** The row was already there; nothing was written. */
  duplicate: boolean;
}

export type MemoryStoreErrorCode =
  "forbidden" | "unauthorized" | "not-found" | "empty-repository" | "conflict" | "locked" | "io";

/** A store failure, with a code the command handler turns into advice. */
export class MemoryStoreError extends Error {
  override readonly name = "MemoryStoreError";
  constructor(
    readonly code: MemoryStoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
