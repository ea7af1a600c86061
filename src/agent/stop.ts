import { billedTokens, type UsageTotal } from "../model/usage.js";
import type { StopReason } from "../outcome/outcome.js";

export interface LoopState {
  turns: number;
  usage: UsageTotal;
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
    billedTokens(s.usage) >= max ? "max-tokens" : undefined;

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

const STOP_NOTES: Record<StopReason, string> = {
  "final-answer": "",
  "max-turns":
    "The run reached its turn limit (`max-turns`) before finishing; this is what it had.",
  "max-tokens":
    "The run used its token budget (`max-tokens`) before finishing; this is what it had.",
  "max-cost":
    "The run reached its cost cap (`max-cost-usd`) before finishing; this is what it had.",
  timeout:
    "The run reached its time limit (`timeout-minutes`) before finishing; this is what it had.",
  cancelled: "The run was cancelled before it finished; this is what it had.",
  "model-error": "The model endpoint kept failing, so the review could not be completed.",
  truncated:
    "The model's reply was cut off at its length limit, so it is not a complete answer; this is what it had.",
};

export function stopNote(stop: StopReason): string {
  return STOP_NOTES[stop];
}
