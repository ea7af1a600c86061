import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import type { Redactor } from "../redact/redactor.js";
import { JOURNAL_SCHEMA_VERSION, type JournalEvent } from "./events.js";
import { RequestLog, requestsFileOf, type RequestRecorder } from "./requests-log.js";

/** Where events go. The file sink is the real one; tests may collect in memory. */
export interface Journal {
  emit(event: JournalEvent): void;
  readonly path: string | undefined;
  readonly events: readonly (JournalEvent & { ts: string })[];
  /** Records what the agent loop sends (`requests.jsonl`); absent where requests are not kept. */
  readonly requests?: RequestRecorder | undefined;
}

/** The bounds of a journal file: one event, and all of them. */
export interface JournalLimits {
  /** A line longer than this has its long strings cut to previews, then its large fields dropped. */
  eventBytes: number;
  /** Past this, only the events that say how the run ended are still written. */
  totalBytes: number;
}

export const JOURNAL_LIMITS: JournalLimits = {
  eventBytes: 256 * 1024,
  totalBytes: 48 * 1024 * 1024,
};

/** Kept past the total cap: how the run was decided, published and ended. */
const ALWAYS_KEPT = new Set<string>([
  "run.started",
  "plan.decided",
  "review.coverage",
  "review.findings",
  "publish.comment",
  "publish.summary",
  "publish.failed",
  "run.finished",
  "run.failed",
  "journal.cut",
]);

const PREVIEW = 2_000;

/**
 * Appends one redacted JSON line per event, synchronously, so that a run killed by a signal
 * still leaves every event it emitted on disk.
 */
export class FileJournal implements Journal {
  readonly events: (JournalEvent & { ts: string })[] = [];
  readonly requests: RequestLog;
  private seq = 0;
  private written = 0;
  private readonly dropped: Record<string, number> = {};
  private droppedBytes = 0;

  constructor(
    readonly path: string,
    private readonly redactor: Redactor,
    private readonly limits: JournalLimits = JOURNAL_LIMITS,
  ) {
    mkdirSync(dirname(path), { recursive: true });
    appendFileSync(path, "");
    this.requests = new RequestLog(requestsFileOf(path), redactor);
  }

  emit(event: JournalEvent): void {
    const stamped = { ...event, ts: new Date().toISOString() };
    this.events.push(stamped);
    const ending = event.type === "run.finished" || event.type === "run.failed";
    if (ending && this.droppedBytes > 0) this.emit(this.cutNote());
    const line = bounded(
      this.redactor.redact(
        JSON.stringify({ v: JOURNAL_SCHEMA_VERSION, seq: this.seq, ...stamped }),
      ),
      this.limits.eventBytes,
    );
    const size = Buffer.byteLength(line) + 1;
    if (this.written + size > this.limits.totalBytes && !ALWAYS_KEPT.has(event.type)) {
      if (this.droppedBytes === 0) {
        this.droppedBytes = size;
        this.dropped[event.type] = 1;
        // Said when it happens, so that a run killed later still tells what its journal lacks.
        this.emit(this.cutNote());
      } else {
        this.droppedBytes += size;
        this.dropped[event.type] = (this.dropped[event.type] ?? 0) + 1;
      }
      return;
    }
    this.seq++;
    this.written += size;
    appendFileSync(this.path, line + "\n");
  }

  private cutNote(): JournalEvent {
    return {
      type: "journal.cut",
      limitBytes: this.limits.totalBytes,
      droppedBytes: this.droppedBytes,
      dropped: { ...this.dropped },
    };
  }
}

/**
 * A line that fits `max` bytes: first every string over a preview's length is cut to it, with
 * a note of what was left out; if that is not enough, the top-level fields that are still
 * large are replaced by a note of their size.
 */
export function bounded(line: string, max: number): string {
  if (Buffer.byteLength(line) <= max) return line;
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return JSON.stringify({
      cut: `a line of ${Buffer.byteLength(line)} bytes that could not be cut`,
    });
  }
  const cut = shorten(value) as Record<string, unknown>;
  let text = JSON.stringify(cut);
  if (Buffer.byteLength(text) <= max) return text;
  const keep = new Set(["v", "seq", "type", "ts"]);
  const fields = Object.entries(cut)
    .filter(([key]) => !keep.has(key))
    .map(([key, field]) => [key, Buffer.byteLength(JSON.stringify(field) ?? "")] as const)
    .sort((a, b) => b[1] - a[1]);
  const dropped: string[] = [];
  for (const [key, size] of fields) {
    if (Buffer.byteLength(text) <= max) break;
    cut[key] = `[${size} bytes, over the journal's cap of ${max} bytes per event: left out]`;
    dropped.push(key);
    text = JSON.stringify({ ...cut, cutFields: dropped });
  }
  return text;
}

function shorten(value: unknown): unknown {
  if (typeof value === "string")
    return value.length > PREVIEW
      ? `${value.slice(0, PREVIEW)}… [${value.length - PREVIEW} more characters cut by the journal]`
      : value;
  if (Array.isArray(value)) return value.map(shorten);
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shorten(v)]));
  return value;
}

/** A journal that keeps events in memory only (CLI dry runs, unit tests). */
export class MemoryJournal implements Journal {
  readonly events: (JournalEvent & { ts: string })[] = [];
  readonly path = undefined;
  emit(event: JournalEvent): void {
    this.events.push({ ...event, ts: new Date().toISOString() });
  }
}
