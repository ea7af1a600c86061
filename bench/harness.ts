/** One measured figure, compared with its target. */
export interface BenchResult {
  name: string;
  /** The median of the samples, in `unit`. */
  median: number;
  unit: string;
  /** Human-readable target, e.g. "<= 8x node -e 0". */
  target: string;
  /** Whether the target was met. */
  ok: boolean;
  /** In quick mode a miss fails CI only beyond this wide margin (ratio to the target). */
  failsQuick: boolean;
  /**
   * The bound `failsQuick` checks, as shown (e.g. "<= 6x"); absent when quick mode enforces
   * nothing for this figure. Quick mode prints it instead of the target it does not enforce.
   */
  quickLimit?: string;
  detail?: string;
}

export interface BenchOptions {
  /** CI mode: fewer samples, and only a wide miss fails. */
  quick: boolean;
}

export type Bench = (opts: BenchOptions) => Promise<BenchResult[]>;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Runs `fn` n times in sequence and returns each duration in milliseconds. */
export async function timeRuns(n: number, fn: () => Promise<void>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}
