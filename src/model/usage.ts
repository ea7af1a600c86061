// Usage summed over requests. A reply's `Usage` says how many of its completion tokens were
// reasoning only where the server does (`reasoningTokens` is optional); a sum always holds the
// number, so that every total (the run's stats, result.json, the outputs, the journal's
// `run.finished`) carries it, 0 where no server said.
import type { Usage } from "./port.js";

/** Usage added up over requests: every count present. */
export type UsageTotal = Required<Usage>;

export const noUsage = (): UsageTotal => ({
  promptTokens: 0,
  completionTokens: 0,
  cachedTokens: 0,
  reasoningTokens: 0,
});

/** Adds `more` to `into` in place (the accumulators of the loops and brokers). */
export function addUsage(into: UsageTotal, more: Usage): void {
  into.promptTokens += more.promptTokens;
  into.completionTokens += more.completionTokens;
  into.cachedTokens += more.cachedTokens;
  into.reasoningTokens += more.reasoningTokens ?? 0;
}

/** The sum of usages, as a new total. */
export function sumUsage(...all: Usage[]): UsageTotal {
  const total = noUsage();
  for (const u of all) addUsage(total, u);
  return total;
}

/**
 * The tokens a request is billed and budgeted for: prompt and completion. Cached tokens are part
 * of the prompt and reasoning tokens part of the completion, so neither is counted again.
 */
export const billedTokens = (u: Usage): number => u.promptTokens + u.completionTokens;
