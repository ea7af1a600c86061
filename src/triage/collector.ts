/**
 * Receives the streamed lines that hold a needle, keeps the step structure up to date and turns
 * the lines that state a failure into bounded evidence. When a line sums a failure up (an exit
 * code, `BUILD FAILURE`, `make: ***`), the lines just before it are classified too: compilers and
 * linters often print the cause without any keyword a byte needle could find.
 */
import { cleanLine, ghStepName } from "./clean-line.js";
import { expandSpan } from "./expand.js";
import type { LineWindow, LogLine } from "./log-lines.js";
import { classify, PATTERN_NEEDLES, type LineMatch } from "./patterns.js";
import { SignalStore } from "./signals.js";
import { STEP_NEEDLES, StepTracker, type StepRecord } from "./steps.js";

/** Every needle the scan looks for. */
export const NEEDLES: readonly string[] = [...STEP_NEEDLES, ...PATTERN_NEEDLES];

/** Look-backs allowed per step besides the step's own failure: bounds the work on noisy logs. */
const LOOK_BACKS_PER_STEP = 16;
/** A step's last output line before its failure, when nothing more specific is found. */
const LAST_WORDS_SCORE = 25;

export class Collector {
  readonly steps = new StepTracker();
  /** Step index → line of its first failure (exit code, timeout, cancellation). */
  readonly failures = new Map<number, number>();
  /** Steps with a `##[error]` annotation other than a failure line. */
  readonly annotated = new Set<number>();
  readonly store = new SignalStore(
    32,
    64,
    (step) => this.failures.has(step) || this.annotated.has(step),
  );
  private readonly lookedBack = new Map<number, { count: number; upTo: number }>();

  /** The callback for `scanLog`. */
  readonly onHit = (line: LogLine, window: LineWindow): void => {
    const text = cleanLine(line.raw);
    const gh = line.raw.includes("\t") ? ghStepName(line.raw) : undefined;
    if (this.steps.observe(line.no, text, gh) !== "output") return;
    const match = classify(text);
    if (!match || (!match.annotated && loggedByTest(window.before(2)))) return;
    this.record(line, text, match, this.steps.current, window);
  };

  /** After the scan: a log where the runner reported nothing is judged by its last lines. */
  finish(tail: LogLine[]): void {
    if (this.failures.size > 0 || this.annotated.size > 0) return;
    // The runner's own reason (a timeout, a cancellation) without `##[error]`: no byte needle
    // finds it cheaply, but it is among the last lines when it is why the job ended.
    tail.forEach((line, i) => {
      const text = cleanLine(line.raw);
      const match = classify(text);
      if (!match?.stepFailure || match.kind === "exit-code") return;
      const step = this.steps.all.findLast((r) => r.start <= line.no) ?? this.steps.current;
      this.record(line, text, match, step, windowAt(tail, i));
    });
    if (this.failures.size === 0) this.lookBack(tail, this.steps.current, true);
  }

  /** Turns a classified line of `step` into evidence, and looks back from a summing-up line. */
  private record(
    line: LogLine,
    text: string,
    match: LineMatch,
    step: StepRecord,
    window: LineWindow,
  ): void {
    if (match.stepFailure) {
      step.failed = true;
      if (!this.failures.has(step.index)) this.failures.set(step.index, line.no);
    } else if (match.annotated) {
      step.failed = true;
      this.annotated.add(step.index);
    }
    const span = expandSpan(line.no, text, match.expand, window);
    const start = Math.max(span.start, step.outputStart);
    this.store.add({
      step: step.index,
      start,
      end: span.end,
      anchor: line.no,
      kind: span.kind ?? match.kind,
      score: span.score ?? match.score,
      lines: span.lines.slice(start - span.start),
      stepFailure: match.stepFailure === true,
      pattern: match.re.source,
    });
    if (match.lookBack)
      this.lookBack(window.before(match.lookBack), step, match.stepFailure === true);
  }

  private lookBack(lines: readonly LogLine[], step: StepRecord, isFailure: boolean): void {
    const state = this.lookedBack.get(step.index) ?? { count: 0, upTo: 0 };
    this.lookedBack.set(step.index, state);
    if (!isFailure && state.count >= LOOK_BACKS_PER_STEP) return;
    state.count++;
    let lastWords: { no: number; text: string } | undefined;
    let found = false;
    for (let i = lines.length - 1; i >= 0; i--) {
      const line = lines[i]!;
      if (line.no < step.outputStart) break;
      const fresh = line.no > state.upTo;
      if (!fresh && !isFailure) break;
      const text = cleanLine(line.raw);
      if (lastWords === undefined && saysSomething(text)) lastWords = { no: line.no, text };
      const match = classify(text);
      if (!match || match.stepFailure || (match.score < 30 && !match.annotated)) continue;
      if (!match.annotated && loggedByTest(lines.slice(Math.max(0, i - 2), i))) continue;
      found = true;
      if (!fresh) continue;
      // a heading found here ("The conflict is caused by:") grows over the lines below it
      const span = expandSpan(line.no, text, match.expand, windowAt(lines, i));
      const start = Math.max(span.start, step.outputStart);
      this.store.add({
        step: step.index,
        start,
        end: span.end,
        anchor: line.no,
        kind: span.kind ?? match.kind,
        score: span.score ?? match.score,
        lines: span.lines.slice(start - span.start),
        stepFailure: false,
        pattern: match.re.source,
      });
    }
    state.upTo = Math.max(state.upTo, lines[lines.length - 1]?.no ?? 0);
    if (isFailure && !found && lastWords)
      this.store.add({
        step: step.index,
        start: lastWords.no,
        end: lastWords.no,
        anchor: lastWords.no,
        kind: "error",
        score: LAST_WORDS_SCORE,
        lines: [lastWords.text],
        stepFailure: false,
        pattern: "last words",
      });
  }
}

/** The window around `lines[i]` within the look-back's own lines. */
function windowAt(lines: readonly LogLine[], i: number): LineWindow {
  return {
    before: (count) => lines.slice(Math.max(0, i - count), i),
    after: (count) => lines.slice(i + 1, i + 1 + count),
  };
}

/** The line is part of what a test logged (jest's `console.error` block), not a result. */
function loggedByTest(preceding: readonly LogLine[]): boolean {
  return preceding.some((l) =>
    /^\s*console\.(?:error|warn|log|info|debug)$/.test(cleanLine(l.raw)),
  );
}

/** A line a person would read as output: not blank, not runner markup, not a progress note. */
function saysSomething(text: string): boolean {
  const t = text.trim();
  return (
    t.length > 2 &&
    !t.startsWith("##[") &&
    !/^[-=*_#~.\s]+$/.test(t) &&
    !/^\(?Use `node --trace/.test(t) &&
    !/^Node\.js v\d+\.\d+\.\d+$/.test(t)
  );
}
