/**
 * The evidence gathered while streaming, kept bounded whatever the log's size: per step the
 * strongest lines (the root cause is often the first specific error) and the latest ones (the
 * failure is usually at the end), and only for a bounded number of steps.
 */
import type { CandidateKind } from "./types.js";

/** One matched line grown into a short range. */
export interface Signal {
  /** Index of the step (see steps.ts). */
  readonly step: number;
  readonly start: number;
  readonly end: number;
  /** The line that matched. */
  readonly anchor: number;
  readonly kind: CandidateKind;
  readonly score: number;
  readonly lines: readonly string[];
  /** The runner's own failure line (exit code, timeout, cancellation). */
  readonly stepFailure: boolean;
  /** Which pattern matched: repeats of one pattern are shown once, other evidence next. */
  readonly pattern: string;
}

interface StepSignals {
  best: Signal[];
  recent: Signal[];
}

export class SignalStore {
  private readonly bySteps = new Map<number, StepSignals>();

  constructor(
    private readonly perStep = 32,
    private readonly maxSteps = 64,
    /** Steps whose evidence must survive eviction (they reported a failure). */
    private readonly keep: (step: number) => boolean = () => false,
  ) {}

  add(signal: Signal): void {
    let slot = this.bySteps.get(signal.step);
    if (!slot) {
      this.evictSteps();
      slot = { best: [], recent: [] };
      this.bySteps.set(signal.step, slot);
    }
    const same = (s: Signal) => s.anchor === signal.anchor;
    const known = slot.best.find(same) ?? slot.recent.find(same);
    if (known && known.score >= signal.score) return;
    if (known) {
      slot.best = slot.best.filter((s) => !same(s));
      slot.recent = slot.recent.filter((s) => !same(s));
    }
    slot.recent.push(signal);
    if (slot.recent.length > this.perStep) slot.recent.shift();
    const best = slot.best;
    if (best.length < this.perStep || signal.score > best[best.length - 1]!.score) {
      let i = best.length;
      while (i > 0 && best[i - 1]!.score < signal.score) i--;
      best.splice(i, 0, signal);
      if (best.length > this.perStep) best.pop();
    }
  }

  /** Every kept signal once, in file order. */
  all(): Signal[] {
    const seen = new Map<string, Signal>();
    for (const [step, slot] of this.bySteps)
      for (const s of [...slot.best, ...slot.recent]) seen.set(`${step}:${s.anchor}`, s);
    return [...seen.values()].sort((a, b) => a.anchor - b.anchor);
  }

  private evictSteps(): void {
    if (this.bySteps.size < this.maxSteps) return;
    for (const step of this.bySteps.keys())
      if (!this.keep(step)) {
        this.bySteps.delete(step);
        return;
      }
    const oldest = this.bySteps.keys().next();
    if (!oldest.done) this.bySteps.delete(oldest.value);
  }
}
