import { NO_USAGE, type RunStats } from "./outcome.js";

/**
 * Stats of a run that did no model work. With prices set its cost is a known 0, without them
 * unknown; `settings` is absent when the run failed before reading them.
 */
export function idleStats(
  settings: { model: string; prices: unknown } | undefined,
  started: number,
): RunStats {
  return {
    turns: 0,
    usage: { ...NO_USAGE },
    costUsd: settings?.prices ? 0 : undefined,
    ms: Date.now() - started,
    model: settings?.model ?? "?",
  };
}
