// How a journal value becomes page text: invisible characters shown, every value bounded, and the
// page as a whole bounded too, with a count of what was cut.
import { grouped } from "../util/grouped.js";
import { revealInvisible } from "../util/invisible.js";

/** Characters of one value shown in a row or a cell. */
export const PREVIEW_CHARS = 2_000;
/** What a value gets once the page's total is spent. */
const SPENT_CHARS = 160;

/** The text of any journal value: strings as they are, anything else as compact JSON. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** Control, bidi and zero-width characters as visible markers such as `⟦U+202E⟧`. */
export function visible(text: string): string {
  return revealInvisible(text).text;
}

/** The marker the reader leaves where it cut a long value; `shown` counts what it says. */
export const cutWhenRead = (more: number) => ` … [cut when read: ${count(more)} more chars]`;
const CUT_WHEN_READ = / … \[cut when read: ([\d,]+) more chars\]$/;

/**
 * Page text from a value: its first `max` characters (more when markers replace invisible ones),
 * with a marker saying how much was cut.
 */
export function shown(value: unknown, max = PREVIEW_CHARS): string {
  const raw = textOf(value);
  if (raw.length <= max) return visible(raw);
  const earlier = CUT_WHEN_READ.exec(raw);
  const before = earlier ? Number(earlier[1]!.replace(/,/g, "")) : 0;
  const body = earlier ? raw.slice(0, earlier.index) : raw;
  // Never split a surrogate pair: half of one would show as a replacement character.
  const end = /[\uD800-\uDBFF]/.test(body.charAt(max - 1)) ? max - 1 : max;
  return `${visible(body.slice(0, end))} … [cut: ${count(body.length - end + before)} more chars]`;
}

/** A link target only for http(s) URLs; anything else (javascript:, data:) stays plain text. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > 2_000) return undefined;
  if (!/^https?:\/\/[^\s<>"'`\\]+$/i.test(value)) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The page's text budget: each value is capped on its own, and once `total` characters have been
 * spent every later value gets only a short preview. What was cut is counted for a visible note.
 */
export class TextBudget {
  private used = 0;
  cutValues = 0;
  cutChars = 0;

  constructor(readonly total: number) {}

  /** Page text for a value, at most `max` characters while the budget lasts. */
  take(value: unknown, max = PREVIEW_CHARS): string {
    const raw = textOf(value);
    const spent = this.used >= this.total;
    const limit = spent ? Math.min(max, SPENT_CHARS) : max;
    if (spent && raw.length > limit) {
      this.cutValues++;
      this.cutChars += raw.length - limit;
    }
    const text = shown(raw, limit);
    this.used += text.length;
    return text;
  }

  /** Whether the total is spent (later values are cut short). */
  get spent(): boolean {
    return this.used >= this.total;
  }
}

/** 12,345 */
export const count = (n: number): string => grouped(Math.round(n));

/** 850 ms, 12.3 s, 4 min 05 s */
export function duration(ms: number): string {
  if (!Number.isFinite(ms)) return "?";
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  const s = Math.round(ms / 1_000);
  const h = Math.floor(s / 3_600);
  const m = Math.floor((s % 3_600) / 60);
  const rest = String(s % 60).padStart(2, "0");
  return h > 0 ? `${h} h ${String(m).padStart(2, "0")} min` : `${m} min ${rest} s`;
}

/** 1.2 KB, 3.4 MB */
export function bytes(n: number): string {
  if (n < 1_000) return `${n} B`;
  if (n < 1_000_000) return `${(n / 1_000).toFixed(1)} KB`;
  return `${(n / 1_000_000).toFixed(1)} MB`;
}

/** $0.0123 */
export const usd = (n: number): string => `$${n < 1 ? n.toFixed(4) : n.toFixed(2)}`;
