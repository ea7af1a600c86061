// The feature's part of an outcome, for tests that know which feature ran: a test fails here,
// by name, when the outcome is of another kind.
import type { Outcome } from "../../src/outcome/outcome.js";
import type { FeatureResult, ReviewResult, TriageResult } from "../../src/outcome/outcome.js";

function as<K extends FeatureResult["kind"]>(kind: K) {
  return (outcome: Outcome): Outcome<Extract<FeatureResult, { kind: K }>> => {
    if (outcome.result.kind !== kind)
      throw new Error(`expected a ${kind} result, got ${outcome.result.kind}`);
    return outcome as Outcome<Extract<FeatureResult, { kind: K }>>;
  };
}

export const asReview: (outcome: Outcome) => Outcome<ReviewResult> = as("review");
export const asTriage: (outcome: Outcome) => Outcome<TriageResult> = as("triage");

/** A review's result: nothing but what `over` gives. */
export function reviewResult(over: Partial<Omit<ReviewResult, "kind">> = {}): ReviewResult {
  return {
    kind: "review",
    review: undefined,
    coverage: undefined,
    unanchored: [],
    fullReviewWhy: undefined,
    noLongerApplies: [],
    details: [],
    ...over,
  };
}
