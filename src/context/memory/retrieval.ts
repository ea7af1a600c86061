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
 * project, forgotten ones left out, the latest in append order, returned oldest first. Each prompt
 * gets at most `limit` of them (`scopeMemory`): those without a `dir`, and those whose `dir`
 * holds one of its files. So the selection reaches back to the `limit`-th newest entry without a
 * `dir`, which every prompt gets: nothing older can reach one. Without `dir` rows that is the
 * latest `limit`.
 */
export function selectMemory(
  rows: readonly MemoryRow[],
  who: { user: string; project: string; limit: number },
): MemoryRecord[] {
  if (who.limit <= 0) return [];
  const forgotten = forgottenIds(rows);
  const relevant = rows
    .filter(isEntry)
    .filter((r) => !forgotten.has(r.id))
    .filter((r) =>
      r.type === "user-preference" ? same(r.user, who.user) : same(r.project, who.project),
    );
  let everywhere = 0;
  for (let i = relevant.length - 1; i >= 0; i--) {
    if (relevant[i]!.dir === undefined && ++everywhere === who.limit) return relevant.slice(i);
  }
  return relevant;
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

/**
 * One line per entry as `/memories` and `rivumi memory list` show it: `[project-fact] text`, or
 * `[project-fact in src/api/] text` for an entry scoped to a directory.
 */
export function formatEntry(entry: Pick<MemoryRecord, "type" | "text" | "dir">): string {
  const scope = entry.dir !== undefined ? ` in ${entry.dir}/` : "";
  return `[${entry.type}${scope}] ${entry.text.replace(/\s*[\r\n]+\s*/g, " ⏎ ")}`;
}
