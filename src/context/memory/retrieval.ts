import type { Journal } from "../../journal/journal.js";
import { isEntry, memoryRowSchema, type MemoryRecord, type MemoryRow } from "./record.js";
import type { MemoryStore } from "./store.js";

/** The valid rows of a store in append order, and how many rows were skipped. */
export interface ParsedStore {
  rows: MemoryRow[];
  skipped: number;
  /** Why each skipped row was skipped, by 1-based line number. */
  problems: { line: number; reason: string }[];
}

/**
 * Reads JSONL text: a leading byte-order mark is ignored, blank lines are not rows, and a row that
 * does not parse, does not validate or reuses the id of an earlier valid row is skipped and counted.
 */
export function parseStore(text: string): ParsedStore {
  const rows: MemoryRow[] = [];
  const problems: ParsedStore["problems"] = [];
  const seen = new Set<string>();
  const lines = text.replace(/^\uFEFF/, "").split("\n");
  lines.forEach((raw, index) => {
    const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
    if (line.trim() === "") return;
    const skip = (reason: string) => problems.push({ line: index + 1, reason });
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      return skip("not JSON");
    }
    const parsed = memoryRowSchema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return skip(`invalid: ${issue?.path.join(".") || "(row)"} ${issue?.message ?? ""}`.trim());
    }
    if (seen.has(parsed.data.id)) return skip(`duplicate id ${parsed.data.id}`);
    seen.add(parsed.data.id);
    rows.push(parsed.data);
  });
  return { rows, skipped: problems.length, problems };
}

/** Whether a valid row with this id is already stored (the idempotency check of every append). */
export function hasRow(text: string, id: string): boolean {
  // Ids need no escaping in JSON, so a store that does not contain the quoted id has no such row.
  if (!text.includes(JSON.stringify(id))) return false;
  return parseStore(text).rows.some((r) => r.id === id);
}

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
