/**
 * "What is new since the last green run" (the CiDiff idea): the lines of a failed log whose
 * normalised text never occurs in a passing log of the same job.
 */
import { cleanLine, ghStepName } from "./clean-line.js";
import { normaliseLine } from "./signature.js";
import { StepTracker } from "./steps.js";

export interface LogDiffOptions {
  /** Only lines of the step with this name (as in `TriageStep.name`). */
  readonly step?: string;
  /** Most line numbers to return (default 200). */
  readonly maxLines?: number;
}

export interface LogDiff {
  /** 1-based line numbers of the failed log, ascending. */
  readonly lines: number[];
  /** More lines differed than `maxLines`. */
  readonly truncated: boolean;
}

/** Lines of `failed` (split on `\n`) whose normalised text does not occur in `passing`. */
export function diffLogs(failed: string, passing: string, options: LogDiffOptions = {}): LogDiff {
  const max = options.maxLines ?? 200;
  const seen = new Set<string>();
  for (const raw of passing.split("\n")) {
    const key = keyOf(raw);
    if (key !== "") seen.add(key);
  }
  const steps = new StepTracker(Number.MAX_SAFE_INTEGER);
  const wanted = options.step?.trim();
  const lines: number[] = [];
  let truncated = false;
  const all = failed.split("\n");
  for (let i = 0; i < all.length; i++) {
    const raw = all[i]!;
    const effect = steps.observe(i + 1, cleanLine(raw), ghStepName(raw));
    if (effect !== "output") continue;
    if (wanted !== undefined && steps.current.name !== wanted) continue;
    const key = keyOf(raw);
    if (key === "" || seen.has(key)) continue;
    if (lines.length >= max) {
      truncated = true;
      break;
    }
    lines.push(i + 1);
  }
  return { lines, truncated };
}

function keyOf(raw: string): string {
  return normaliseLine(cleanLine(raw));
}
