// The run's usage as one line, for the footer of every feature's comment and the step summary.
import type { RunStats } from "../outcome/outcome.js";

/** A count with thousands separated: 12,345. */
export const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

/**
 * The run's one usage line. Cached tokens are part of the prompt's and reasoning tokens part of
 * the completion's, so they are said in brackets; reasoning only when a server reported some.
 */
export function formatUsage(stats: RunStats): string {
  const u = stats.usage;
  const reasoning = u.reasoningTokens > 0 ? `, ${u.reasoningTokens} reasoning` : "";
  const cost = stats.costUsd !== undefined ? ` · $${stats.costUsd.toFixed(4)}` : "";
  const requests =
    stats.requests !== undefined && stats.requests !== stats.turns
      ? `${count(stats.requests)} model requests (${stats.turns} tool-loop turn${stats.turns === 1 ? "" : "s"})`
      : `${stats.turns} turns`;
  return `${stats.model} · ${requests} · ${u.promptTokens} in / ${u.completionTokens} out tokens (${u.cachedTokens} cached${reasoning})${cost} · ${(stats.ms / 1000).toFixed(1)} s`;
}
