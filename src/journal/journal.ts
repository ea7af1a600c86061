import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Redactor } from "../util/redact.js";
import { JOURNAL_SCHEMA_VERSION, type JournalEvent } from "./events.js";

/** Where events go. The file sink is the real one; tests may collect in memory. */
export interface Journal {
  emit(event: JournalEvent): void;
  readonly path: string | undefined;
  readonly events: readonly (JournalEvent & { ts: string })[];
}

/**
 * Appends one redacted JSON line per event, synchronously, so that a run killed by a signal
 * still leaves every event it emitted on disk.
 */
export class FileJournal implements Journal {
  readonly events: (JournalEvent & { ts: string })[] = [];
  private seq = 0;

  constructor(
    readonly path: string,
    private readonly redactor: Redactor,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, "");
  }

  emit(event: JournalEvent): void {
    const stamped = { ...event, ts: new Date().toISOString() };
    this.events.push(stamped);
    const line = JSON.stringify({ v: JOURNAL_SCHEMA_VERSION, seq: this.seq++, ...stamped });
    appendFileSync(this.path, this.redactor.redact(line) + "\n");
  }
}

/** A journal that keeps events in memory only (CLI dry runs, unit tests). */
export class MemoryJournal implements Journal {
  readonly events: (JournalEvent & { ts: string })[] = [];
  readonly path = undefined;
  emit(event: JournalEvent): void {
    this.events.push({ ...event, ts: new Date().toISOString() });
  }
}
