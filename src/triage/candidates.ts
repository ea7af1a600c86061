/**
 * Ranks the gathered evidence into a few short candidates, best first. A line's own specificity
 * (see patterns.ts) is weighed with where it sits: the failing step counts most, the first
 * error of a kind in a step beats its repeats, and a run of similar lines is shown once.
 */
import { MAX_SPAN } from "./expand.js";
import type { Signal } from "./signals.js";
import type { CandidateKind, TriageCandidate } from "./types.js";

export interface RankInput {
  readonly signals: readonly Signal[];
  /** Step names by index. */
  readonly stepNames: readonly string[];
  /** Steps that reported an error or a failing exit code. */
  readonly failedSteps: ReadonlySet<number>;
  /** The step that failed the job, when known. */
  readonly failingStep?: number;
  /** The step the caller named as failed, when it was found. */
  readonly preferredStep?: number;
  /** How many candidates to return. */
  readonly limit?: number;
}

/** How many of the first candidates count as "shown"; one of them is kept in the failing step. */
export const SHOWN = 5;
/** Lines kept of each candidate after the first: the first may show its context, the rest point. */
const RUNNER_UP_SPAN = 2;
/** Evidence weaker than this is never joined with its neighbours. */
const JOIN_SCORE = 30;

interface Draft {
  step: number;
  start: number;
  end: number;
  anchor: number;
  pattern: string;
  kind: CandidateKind;
  score: number;
  lines: string[];
  /** Already joined with a neighbour (the bonus for that is given once). */
  merged?: boolean;
  /** Holds the runner's own reason for ending the step (a timeout, a cancellation). */
  runnerReason: boolean;
}

/** The candidates, best first. */
export function rankCandidates(input: RankInput): TriageCandidate[] {
  const drafts = merge(input.signals).map((d) => ({ ...d, score: d.score + stepBonus(d, input) }));
  orderBonus(drafts);
  const picked: Draft[] = [];
  const pool = [...drafts];
  while (pool.length > 0 && picked.length < (input.limit ?? 8)) {
    let best = 0;
    for (let i = 1; i < pool.length; i++) if (pool[i]!.score > pool[best]!.score) best = i;
    const chosen = pool.splice(best, 1)[0]!;
    picked.push(chosen);
    for (const other of pool) other.score -= overlapPenalty(chosen, other);
  }
  keepFailingStepShown(picked, pool, input.failingStep ?? input.preferredStep);
  keepRunnerReason(picked, pool, input.limit ?? 8);
  return picked
    .map((d, rank) => (rank === 0 ? d : trimmed(d, RUNNER_UP_SPAN)))
    .map((d) => ({
      start_line: d.start,
      end_line: d.end,
      step: input.stepNames[d.step] ?? "job",
      kind: d.kind,
      score: Math.round(d.score),
      lines: d.lines,
    }));
}

/** Joins touching ranges of one step while the result stays short. */
function merge(signals: readonly Signal[]): Draft[] {
  const sorted = [...signals].sort((a, b) => a.start - b.start || b.score - a.score);
  const out: Draft[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    const end = Math.max(last?.end ?? 0, s.end);
    // weak mentions and the exit code stay apart: joined, they would widen a strong range
    const joinable =
      last &&
      last.kind !== "exit-code" &&
      s.kind !== "exit-code" &&
      Math.min(last.score, s.score) >= JOIN_SCORE;
    if (
      last &&
      joinable &&
      last.step === s.step &&
      s.start <= last.end + 1 &&
      end - last.start < MAX_SPAN
    ) {
      const lines = [...last.lines, ...s.lines.slice(last.end - s.start + 1)];
      const stronger = s.score > last.score;
      Object.assign(last, {
        end,
        lines,
        anchor: stronger ? s.anchor : last.anchor,
        pattern: stronger ? s.pattern : last.pattern,
        kind: stronger ? s.kind : last.kind,
        score: Math.max(last.score - (last.merged ? 2 : 0), s.score) + 2,
        merged: true,
        runnerReason: last.runnerReason || isRunnerReason(s),
      });
    } else
      out.push({
        step: s.step,
        start: s.start,
        end: s.end,
        anchor: s.anchor,
        pattern: s.pattern,
        kind: s.kind,
        score: s.score,
        lines: [...s.lines],
        runnerReason: isRunnerReason(s),
      });
  }
  return out;
}

function stepBonus(d: Draft, input: RankInput): number {
  if (d.step === input.preferredStep) return 150;
  if (d.step === input.failingStep) return 100;
  return input.failedSteps.has(d.step) ? 30 : 0;
}

/**
 * The first compiler, type, lint, dependency, test error or exception of a step usually causes
 * the rest; of the lines that merely say "error", the last before the step ends is the fatal one.
 */
function orderBonus(drafts: Draft[]): void {
  const seen = new Map<string, number>();
  const lastOf = (kind: CandidateKind) => kind === "error";
  const ordered = [
    ...drafts.filter((d) => !lastOf(d.kind)),
    ...drafts.filter((d) => lastOf(d.kind)).reverse(),
  ];
  for (const d of ordered) {
    if (d.kind === "exit-code" || d.score < 60) continue;
    const key = `${d.step}:${d.kind}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    if (n < 2) d.score += n === 0 ? 6 : 3;
  }
}

/** Cuts a range to `max` lines around the line that matched. */
function trimmed(d: Draft, max: number): Draft {
  if (d.end - d.start < max) return d;
  const start = Math.max(d.start, Math.min(d.anchor, d.end - max + 1));
  return {
    ...d,
    start,
    end: start + max - 1,
    lines: d.lines.slice(start - d.start, start - d.start + max),
  };
}

/** Lowers a candidate that would show again what a chosen one shows. */
function overlapPenalty(chosen: Draft, other: Draft): number {
  if (other.step !== chosen.step) return 0;
  const gap = other.start > chosen.end ? other.start - chosen.end : chosen.start - other.end;
  let penalty = other.pattern === chosen.pattern ? 8 : 0;
  if (gap <= 3 && other.kind === chosen.kind) penalty += 20;
  const shown = new Set(chosen.lines.map(comparable));
  if (other.lines.some((l) => l.trim().length > 8 && shown.has(comparable(l)))) penalty += 30;
  return penalty;
}

/** A line as compared for repeats: Maven repeats its errors with `[ERROR] `, matchers with `##[error]`. */
function comparable(line: string): string {
  return line
    .replace(/^(?:##\[error\]|\[ERROR\]\s*)/, "")
    .replace(/\d+/g, "#")
    .replace(/\s+/g, " ")
    .trim();
}

/** Makes sure the failing step appears among the shown candidates. */
function keepFailingStepShown(picked: Draft[], pool: Draft[], failing: number | undefined): void {
  if (failing === undefined || picked.slice(0, SHOWN).some((d) => d.step === failing)) return;
  const rest = [...picked.slice(SHOWN), ...pool].filter((d) => d.step === failing);
  if (rest.length === 0) return;
  const best = rest.reduce((a, b) => (b.score > a.score ? b : a));
  const at = Math.min(SHOWN - 1, picked.length);
  const from = picked.indexOf(best);
  if (from !== -1) picked.splice(from, 1);
  picked.splice(at, 0, {
    ...best,
    score: Math.min(best.score, picked[at - 1]?.score ?? best.score),
  });
}

/** The runner's own line saying why it ended the step, other than a bare exit code. */
function isRunnerReason(s: Signal): boolean {
  return s.stepFailure && s.kind !== "exit-code";
}

/**
 * A timeout or cancellation the runner reported is listed even below more specific evidence: it
 * says how the job ended. It takes the last place, so the first ones are unchanged.
 */
function keepRunnerReason(picked: Draft[], pool: Draft[], limit: number): void {
  if (picked.some((d) => d.runnerReason)) return;
  const reasons = pool.filter((d) => d.runnerReason);
  if (reasons.length === 0) return;
  const best = reasons.reduce((a, b) => (b.score > a.score ? b : a));
  const at = Math.min(picked.length, limit - 1);
  const floor = picked[at - 1]?.score ?? best.score;
  picked.splice(at, picked.length - at, { ...best, score: Math.min(best.score, floor) });
}
