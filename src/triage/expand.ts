/** Grows a matched line into the short range a person would quote, from the lines around it. */
import { cleanLine } from "./clean-line.js";
import type { LineWindow } from "./log-lines.js";
import type { Expansion } from "./rule.js";
import type { CandidateKind } from "./types.js";

export interface Span {
  readonly start: number;
  readonly end: number;
  /** Cleaned text of each line from `start` to `end`. */
  readonly lines: readonly string[];
  /** Set when the surrounding lines tell more than the matched line alone. */
  readonly kind?: CandidateKind;
  readonly score?: number;
}

/** At most this many lines per range: candidates are meant to be read at a glance. */
export const MAX_SPAN = 4;

interface Cleaned {
  readonly no: number;
  readonly text: string;
}

const clean = (lines: { no: number; raw: string }[]): Cleaned[] =>
  lines.map((l) => ({ no: l.no, text: cleanLine(l.raw) }));

/** The span for a line matched with `expansion`; the line alone when the expansion finds nothing. */
export function expandSpan(
  no: number,
  text: string,
  expansion: Expansion | undefined,
  window: LineWindow,
): Span {
  const alone: Span = { start: no, end: no, lines: [text] };
  const self: Cleaned = { no, text };
  switch (expansion) {
    case undefined:
      return alone;
    case "next-line": {
      const next = clean(window.after(1))[0];
      return next && next.text.trim() !== "" ? spanOf([self, next]) : alone;
    }
    case "next-nonblank": {
      const after = clean(window.after(3));
      const i = after.findIndex((l) => l.text.trim() !== "");
      return i === -1 ? alone : spanOf([self, ...after.slice(0, i + 1)]);
    }
    case "rust-location": {
      const next = clean(window.after(1))[0];
      return next && /^\s*--> /.test(next.text) ? spanOf([self, next]) : alone;
    }
    case "block": {
      const below = takeWhile(clean(window.after(MAX_SPAN - 1)), (l) => l.text.trim() !== "");
      const depth = indentOf(text);
      const under = text.trimEnd().endsWith(":")
        ? below
        : takeWhile(below, (l) => indentOf(l.text) > depth);
      return spanOf([self, ...under]);
    }
    case "mocha":
      return mochaSpan(clean(window.after(12))) ?? alone;
    case "gradle":
      return gradleSpan(clean(window.after(10))) ?? alone;
    case "go-test": {
      const message = (l: Cleaned) => /^\s+\S+\.go:\d+: /.test(l.text);
      const before = takeWhileFromEnd(clean(window.before(3)), message);
      const after = before.length > 0 ? [] : takeWhile(clean(window.after(3)), message);
      return spanOf([...before, self, ...after].slice(0, MAX_SPAN));
    }
    case "pytest-location": {
      const before = clean(window.before(6));
      let last = before.length - 1;
      while (last >= 0 && !/^E\s/.test(before[last]!.text)) last--;
      if (last < 0 || no - before[last]!.no > 2) return alone;
      return spanOf(
        before
          .slice(Math.max(0, last - 1))
          .concat(self)
          .slice(-MAX_SPAN),
      );
    }
  }
}

/** From the first `1) title` line after `N failing` to its error message. */
function mochaSpan(after: Cleaned[]): Span | undefined {
  const first = after.findIndex((l) => /^\s*1\) \S/.test(l.text));
  if (first === -1) return undefined;
  const rest = after.slice(first);
  const error = rest.findIndex((l) => /\w*(?:Error|Exception)\b|expected|assert/i.test(l.text));
  const lines = error === -1 ? rest.slice(0, 2) : rest.slice(0, error + 1);
  return { ...spanOf(lines.slice(-MAX_SPAN)), kind: "test", score: 85 };
}

/**
 * The lines under Gradle's `* What went wrong:`. Gradle nests the reasons (`> …`, then
 * `   > …`): the deepest is the most specific, so the span ends there.
 */
function gradleSpan(after: Cleaned[]): Span | undefined {
  const heading = after.findIndex((l) => l.text.startsWith("* What went wrong:"));
  if (heading === -1) return undefined;
  const block = takeWhile(after.slice(heading + 1), (l) => l.text.trim() !== "");
  // a parallel build may print `> Task :x FAILED` first
  let first = 0;
  while (first < block.length && /^> Task \S/.test(block[first]!.text)) first++;
  let last = first;
  while (last + 1 < block.length && /^\s*> \S/.test(block[last + 1]!.text)) last++;
  const message = block.slice(Math.max(first, last - 1), last + 1);
  if (message.length === 0) return undefined;
  const all = message.map((l) => l.text).join(" ");
  // "Compilation failed; see the compiler error output": the cause is printed above
  if (/\bsee (?:the )?(?:compiler|report|log|output)|See the report at/i.test(all))
    return { ...spanOf(message), kind: /tests?\b/i.test(all) ? "test" : "build", score: 45 };
  const kind: CandidateKind = /Could not (?:resolve|download|find|GET|get resource)|checksum/i.test(
    all,
  )
    ? "dependency"
    : /failing tests|tests? failed/i.test(all)
      ? "test"
      : "build";
  return { ...spanOf(message), kind, score: 80 };
}

const indentOf = (text: string) => text.length - text.trimStart().length;

function spanOf(lines: readonly Cleaned[]): Span {
  return { start: lines[0]!.no, end: lines[lines.length - 1]!.no, lines: lines.map((l) => l.text) };
}

function takeWhile<T>(items: readonly T[], ok: (item: T) => boolean): T[] {
  const i = items.findIndex((item) => !ok(item));
  return i === -1 ? [...items] : items.slice(0, i);
}

function takeWhileFromEnd<T>(items: readonly T[], ok: (item: T) => boolean): T[] {
  let i = items.length;
  while (i > 0 && ok(items[i - 1]!)) i--;
  return items.slice(i);
}
