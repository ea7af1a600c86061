/** Limits of one RLM run; the root and every nested `sub_rlm` share the child budgets. */
export interface RlmLimits {
  /** Root turns before the run ends with what it has. */
  maxIterations: number;
  /** Turns of each nested `sub_rlm` run. */
  nestedIterations: number;
  /** Deepest nested RLM allowed (the root is depth 0); beyond it `sub_rlm` is a plain child call. */
  maxDepth: number;
  /** Child model calls in flight at once, across the whole run. */
  concurrency: number;
  /** Most calls in one `sub_query_batch` / `sub_query_map`. */
  maxBatch: number;
  /** Child calls allowed in the whole run, nested runs included. */
  maxChildCalls: number;
  /** Tokens child calls and nested runs may spend together. */
  maxTokens: number;
  /** Largest prompt plus slice one child call may carry, in characters. */
  maxChildChars: number;
  /** Largest `source` a nested RLM may be given, in characters. */
  maxSourceChars: number;
  /** Per-cell time limit in milliseconds, not counting waits on child calls. */
  cellTimeoutMs: number;
  /** Characters of a cell's stdout shown to the root model. */
  previewChars: number;
  /** Most recent turns kept whole in the root history; older ones are dropped. */
  keepTurns: number;
  /** Time limit of one `search` call, in seconds. */
  searchSeconds: number;
}

export const RLM_DEFAULTS: Readonly<RlmLimits> = Object.freeze({
  maxIterations: 25,
  nestedIterations: 12,
  maxDepth: 1,
  concurrency: 8,
  maxBatch: 16,
  maxChildCalls: 500,
  maxTokens: 4_000_000,
  maxChildChars: 200_000,
  maxSourceChars: 8_000_000,
  cellTimeoutMs: 120_000,
  previewChars: 4_000,
  keepTurns: 6,
  searchSeconds: 10,
});

const BOUNDS: Partial<Record<keyof RlmLimits, [number, number]>> = {
  maxIterations: [1, 500],
  nestedIterations: [1, 500],
  maxDepth: [0, 3],
  concurrency: [1, 64],
  maxBatch: [1, 64],
  keepTurns: [1, 100],
};

/** Defaults filled in; an out-of-range value is an error that names it and its range. */
export function resolveLimits(given: Partial<RlmLimits>): RlmLimits {
  const limits = { ...RLM_DEFAULTS };
  for (const key of Object.keys(RLM_DEFAULTS) as (keyof RlmLimits)[]) {
    const value = given[key];
    if (value === undefined) continue;
    const [lo, hi] = BOUNDS[key] ?? [0, Number.MAX_SAFE_INTEGER];
    if (!Number.isInteger(value) || value < lo || value > hi)
      throw new RangeError(`${key} must be a whole number from ${lo} to ${hi}, not ${value}`);
    limits[key] = value;
  }
  return limits;
}
