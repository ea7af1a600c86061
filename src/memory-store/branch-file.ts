// One file of the memory branch other than the memory itself (the triage's history): read whole,
// rewritten only by compare-and-swap on the branch head, so that writers at the same moment lose
// nothing. Its failures are `MemoryStoreError`s, with the same codes as the memory's.

/** The triage's history of failures, beside `memory.jsonl` on the memory branch. */
export const TRIAGE_HISTORY_FILE = "triage-history.jsonl";

/** A file on a branch, changed only on top of the head it was read at. */
export interface BranchFile {
  /** Where it is, for messages and the journal: `acme/widgets@rivumi-memory:triage-history.jsonl`. */
  readonly source: string;
  /** The file's text at the branch head; "" when the branch or the file does not exist yet. */
  read(): Promise<string>;
  /**
   * Rewrites the file from its text at the head. `edit` gets the text read and returns the new
   * text, or undefined to write nothing; when the head moved before the write landed, the file is
   * read again and `edit` called again, so a concurrent change is never overwritten.
   */
  update(edit: (text: string) => string | undefined, message: string): Promise<BranchFileUpdate>;
}

export interface BranchFileUpdate {
  /** Tries it took: 1 when nothing raced with it. */
  attempts: number;
  /** False when `edit` wanted nothing written. */
  written: boolean;
  /** The file's text now: what was written, or what was read when nothing was. */
  text: string;
}
