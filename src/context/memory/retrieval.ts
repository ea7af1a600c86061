import type { Journal } from "../../journal/journal.js";
import { parseStore } from "../../memory-store/parse.js";
import { isEntry, type MemoryRecord, type MemoryRow } from "../../memory-store/record.js";
import type { MemoryStore } from "../../memory-store/store.js";

/** GitHub logins and repository names compare without case. */
const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Ids that a tombstone hides. */
export function forgottenIds(rows: readonly MemoryRow[]): Set<string> {
  return new Set(rows.flatMap((r) => (r.type === "forget" ? [r.target] : [])));
}

/**
 * The seed's rule: the user's own preferences plus the facts and preferences of exactly this
 * project, forgotten ones left out, only the latest `limit` in append order, returned oldest first.
 */
export function selectMemory(
  rows: readonly MemoryRow[],
  who: { user: string; project: string; limit: number },
): MemoryRecord[] {
  const forgotten = forgottenIds(rows);
  const relevant = rows
    .filter(isEntry)
    .filter((r) => !forgotten.has(r.id))
    .filter((r) =>
      r.type === "user-preference" ? same(r.user, who.user) : same(r.project, who.project),
    );
  return who.limit > 0 ? relevant.slice(-who.limit) : [];
}

export interface LoadedMemory {
  /** What the prompt gets, oldest first. */
  entries: MemoryRecord[];
  /** Valid rows in the store (entries and tombstones). */
  loaded: number;
  /** Rows skipped as unreadable, invalid or duplicate. */
  skipped: number;
}

/** Reads the store and applies the retrieval rule; a store that does not exist yet is empty. */
export async function loadMemory(opts: {
  store: MemoryStore;
  user: string;
  project: string;
  limit: number;
  journal?: Journal;
}): Promise<LoadedMemory> {
  const parsed = parseStore(await opts.store.read());
  const entries = selectMemory(parsed.rows, opts);
  opts.journal?.emit({
    type: "memory.loaded",
    loaded: parsed.rows.length,
    skipped: parsed.skipped,
    selected: entries.length,
    source: opts.store.source,
    ids: entries.map((e) => e.id),
  });
  return { entries, loaded: parsed.rows.length, skipped: parsed.skipped };
}

/** One line per entry as the prompt and `/memories` show it: `[project-fact] text`, on one line. */
export function formatEntry(entry: MemoryRecord): string {
  return `[${entry.type}] ${entry.text.replace(/\s*[\r\n]+\s*/g, " ⏎ ")}`;
}
