import { sumUsage } from "../model/usage.js";
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

/**
 * The stats of two pieces of work in one run (a triage and the fix it started): turns, requests,
 * tokens and cost added up, an unknown cost only when both are unknown; `started` times the whole.
 */
export function bothStats(a: RunStats, b: RunStats, started: number): RunStats {
  return {
    ...a,
    turns: a.turns + b.turns,
    requests: (a.requests ?? 0) + (b.requests ?? b.turns),
    usage: sumUsage(a.usage, b.usage),
    costUsd:
      a.costUsd === undefined && b.costUsd === undefined
        ? undefined
        : (a.costUsd ?? 0) + (b.costUsd ?? 0),
    ms: Date.now() - started,
  };
}
