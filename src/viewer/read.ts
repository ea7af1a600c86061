// Reads a journal file of any kind of run, from any version, killed mid-write or not: every line
// that is an event is kept (its long values cut, so one 10 MB output costs 16 KB), and what could
// not be read becomes a note.
import {
  closeSync,
  createReadStream,
  fstatSync,
  openSync,
  readFileSync,
  readSync,
  statSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { JOURNAL_SCHEMA_VERSION } from "../journal/events.js";
import { count, cutWhenRead } from "./text.js";

/** One event as recorded: its fields are whatever the line held, so every read is checked. */
export interface RecordedEvent {
  readonly type: string;
  readonly seq: number;
  /** 1-based line number in the file. */
  readonly line: number;
  /** Milliseconds since the epoch, when `ts` parses. */
  readonly time: number | undefined;
  readonly fields: Readonly<Record<string, unknown>>;
}

export interface ReadJournal {
  readonly path: string;
  readonly events: RecordedEvent[];
  /** Schema versions seen (`v`), and how many lines had none. */
  readonly versions: ReadonlyMap<number, number>;
  readonly unversioned: number;
  /** What the reader skipped or cut, and version warnings: shown first by every command. */
  readonly notes: string[];
}

/** Longest string kept from a line; the page shows far less. */
const KEEP_CHARS = 16_000;
/** Most items kept from one array. */
const KEEP_ITEMS = 2_000;
const MAX_DEPTH = 16;

/** The file holds no journal event: the wrong file was given (the CLI exits 2 for it). */
export class NotAJournal extends Error {
  override readonly name = "NotAJournal";
}

/** Reads `path`; throws when it holds no event at all (not a journal). */
export async function readJournal(path: string): Promise<ReadJournal> {
  const events: RecordedEvent[] = [];
  const versions = new Map<number, number>();
  const bad: number[] = [];
  const cut = { values: 0 };
  let unversioned = 0;
  let lines = 0;
  let lastBad = false;
  const input = createReadStream(path, { encoding: "utf8" });
  for await (const text of createInterface({ input, crlfDelay: Infinity })) {
    lines++;
    lastBad = false;
    if (text.trim() === "") continue;
    const value = parseLine(text);
    if (!value) {
      bad.push(lines);
      lastBad = true;
      continue;
    }
    const v = value.v;
    if (typeof v === "number") versions.set(v, (versions.get(v) ?? 0) + 1);
    else unversioned++;
    const time = typeof value.ts === "string" ? Date.parse(value.ts) : NaN;
    events.push({
      type: value.type,
      seq: typeof value.seq === "number" ? value.seq : events.length,
      line: lines,
      time: Number.isFinite(time) ? time : undefined,
      fields: shrink(value, 0, cut) as Record<string, unknown>,
    });
  }
  if (events.length === 0)
    throw new NotAJournal(
      `${path}: no journal events in ${count(lines)} ${lines === 1 ? "line" : "lines"} (a journal has one JSON object with a "type" per line)`,
    );
  const notes = versionNotes(versions, unversioned);
  const killed = lastBad && !endsWithNewline(path);
  const middle = killed ? bad.slice(0, -1) : bad;
  if (killed)
    notes.push(
      `The last line (${bad.at(-1)}) is cut off, as when a run is killed while writing it: skipped.`,
    );
  if (middle.length > 0) {
    const listed = middle.slice(0, 5).join(", ");
    const more = middle.length > 5 ? ` and ${count(middle.length - 5)} more` : "";
    notes.push(`${count(middle.length)} line(s) are not JSON events (${listed}${more}): skipped.`);
  }
  const capped = events.findLast((e) => e.type === "journal.cut")?.fields;
  if (capped) notes.push(cutNote(capped));
  if (cut.values > 0)
    notes.push(
      `${count(cut.values)} value(s) longer than ${count(KEEP_CHARS)} characters or ${count(KEEP_ITEMS)} items were cut when reading.`,
    );
  return { path, events, versions, unversioned, notes };
}

/** What the writer left out once the journal reached its total cap (a `journal.cut` event). */
function cutNote(fields: Readonly<Record<string, unknown>>): string {
  const dropped = Object.entries((fields.dropped ?? {}) as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === "number")
    .sort((a, b) => b[1] - a[1]);
  const total = dropped.reduce((sum, [, n]) => sum + n, 0);
  const kinds = dropped
    .slice(0, 6)
    .map(([type, n]) => `${count(n)} ${type}`)
    .join(", ");
  const limit =
    typeof fields.limitBytes === "number" ? ` of ${count(fields.limitBytes)} bytes` : "";
  return `The journal reached its cap${limit} while the run went on: ${count(total)} later event(s) were not written (${kinds || "none yet"}); how the run ended was kept.`;
}

function parseLine(text: string): (Record<string, unknown> & { type: string }) | undefined {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    return typeof record.type === "string"
      ? (record as Record<string, unknown> & { type: string })
      : undefined;
  } catch {
    return undefined;
  }
}

/** The value with long strings and arrays cut, so what is kept per event stays small. */
function shrink(value: unknown, depth: number, cut: { values: number }): unknown {
  if (typeof value === "string") {
    if (value.length <= KEEP_CHARS) return value;
    cut.values++;
    return value.slice(0, KEEP_CHARS) + cutWhenRead(value.length - KEEP_CHARS);
  }
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) {
    cut.values++;
    return "[nested too deep]";
  }
  if (Array.isArray(value)) {
    const kept = value.slice(0, KEEP_ITEMS).map((item) => shrink(item, depth + 1, cut));
    if (value.length > KEEP_ITEMS) {
      cut.values++;
      kept.push(`[cut when read: ${count(value.length - KEEP_ITEMS)} more items]`);
    }
    return kept;
  }
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = shrink(item, depth + 1, cut);
  return out;
}

function versionNotes(versions: ReadonlyMap<number, number>, unversioned: number): string[] {
  const notes: string[] = [];
  const known = JOURNAL_SCHEMA_VERSION;
  const newer = [...versions.keys()].filter((v) => v > known).sort((a, b) => a - b);
  const older = [...versions.keys()].filter((v) => v < known).sort((a, b) => a - b);
  if (newer.length > 0)
    notes.push(
      `This journal was written by a newer Rivumi (schema v${newer.join(", v")}); this one reads v${known}: events are listed as recorded, but fields it does not know are not summarised.`,
    );
  if (older.length > 0)
    notes.push(
      `This journal was written by an older Rivumi (schema v${older.join(", v")}); this one reads v${known}: events are listed as recorded, but fields it expects may be missing.`,
    );
  if (unversioned > 0)
    notes.push(
      `${count(unversioned)} event(s) carry no schema version \`v\`: not written by Rivumi's journal, or by a version older than v1.`,
    );
  return notes;
}

function endsWithNewline(path: string): boolean {
  const fd = openSync(path, "r");
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return true;
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

/** The newest schema version among the events (for `--json` output). */
export function versionOf(journal: ReadJournal): number | undefined {
  const seen = [...journal.versions.keys()];
  return seen.length > 0 ? Math.max(...seen) : undefined;
}

/** The run's result.json beside the journal, when there is one that parses (else undefined). */
export function readResultBeside(journalPath: string): unknown {
  const path = join(dirname(journalPath), "result.json");
  try {
    if (statSync(path).size > MAX_RESULT_BYTES) return undefined;
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

const MAX_RESULT_BYTES = 32_000_000;
