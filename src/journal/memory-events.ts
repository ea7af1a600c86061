/** Journal events of the explicit memory store. */
export type MemoryEvent =
  /** The store was read: rows loaded, rows skipped as invalid, entries selected for the prompt. */
  | {
      type: "memory.loaded";
      loaded: number;
      skipped: number;
      selected: number;
      source: string;
      /** The ids of the selected entries, oldest first. */
      ids: string[];
    }
  /** The store could not be read; the run goes on without memory. */
  | { type: "memory.read_failed"; source: string; error: string }
  /** A `/remember` or `/forget` was appended (or found already written). */
  | { type: "memory.appended"; id: string; kind: string; attempts: number; duplicate: boolean }
  /** A memory command from a comment ended: done, refused (with why) or failed. */
  | {
      type: "memory.command";
      command: string;
      conclusion: "success" | "refused" | "failure";
      reason: string;
      id?: string;
    };
