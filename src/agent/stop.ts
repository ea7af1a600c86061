import type { Usage } from "../journal/events.js";

export type StopReason =
  | "final-answer"
  | "max-turns"
  | "max-tokens"
  | "max-cost"
  | "timeout"
  | "cancelled"
  | "model-error";

export interface LoopState {
  turns: number;
  usage: Usage;
  costUsd: number | undefined;
}

/** Checked before every model request; the first that answers ends the loop. */
export type StopCondition = (state: LoopState) => StopReason | undefined;

export const turnLimit =
  (max: number): StopCondition =>
  (s) =>
    s.turns >= max ? "max-turns" : undefined;

export const tokenBudget =
  (max: number): StopCondition =>
  (s) =>
    s.usage.promptTokens + s.usage.completionTokens >= max ? "max-tokens" : undefined;

export const costBudget =
  (maxUsd: number): StopCondition =>
  (s) =>
    s.costUsd !== undefined && s.costUsd >= maxUsd ? "max-cost" : undefined;

/** The signal's reason tells a timeout from a cancellation. */
export const aborted =
  (signal: AbortSignal): StopCondition =>
  () =>
    signal.aborted ? abortReason(signal) : undefined;

export function abortReason(signal: AbortSignal): StopReason {
  return (signal.reason as { rivumi?: StopReason } | undefined)?.rivumi ?? "cancelled";
}

export function costOf(
  usage: Usage,
  prices: { inputPerMTok: number; outputPerMTok: number } | undefined,
): number | undefined {
  if (!prices) return undefined;
  return (
    (usage.promptTokens * prices.inputPerMTok + usage.completionTokens * prices.outputPerMTok) /
    1_000_000
  );
}
