// The outcome's words redacted before they are rendered. What is published is redacted again
// once rendered, but rendering changes text: `safeMarkdown` breaks `<i>` into `<` + zero-width
// space + `i>`, which no longer reads as markup that renders as nothing, so a secret a model split
// with tags would pass a redactor that only sees the rendered text. Redacting each string first
// finds it in the form the model wrote.
import type { Outcome } from "../outcome/outcome.js";
import { unknownResult, type FeatureResult } from "../outcome/results.js";

/** Every string of `value`, redacted; objects and arrays are copied, other values kept. */
function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => redactDeep(v, redact)) as T;
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)]),
    ) as T;
  return value;
}

/**
 * The outcome with the text its renderers show redacted: the summary, the findings' titles and
 * bodies (not their paths, lines or quotes, which place them and fingerprint them across runs),
 * the notes and the triage.
 */
export function redactOutcomeText(outcome: Outcome, redact: (text: string) => string): Outcome {
  const { note } = outcome;
  return {
    ...outcome,
    note: note === undefined ? undefined : redact(note),
    result: redactResult(outcome.result, redact),
  };
}

function redactResult(result: FeatureResult, redact: (text: string) => string): FeatureResult {
  const words = <F extends { title?: string | undefined; body: string }>(f: F): F => ({
    ...f,
    body: redact(f.body),
    ...(f.title !== undefined ? { title: redact(f.title) } : {}),
  });
  switch (result.kind) {
    case "review": {
      const { review, unanchored, noLongerApplies, fullReviewWhy, details } = result;
      return {
        ...result,
        review: review && { summary: redact(review.summary), findings: review.findings.map(words) },
        unanchored: unanchored.map(words),
        noLongerApplies: noLongerApplies.map((g) => ({ ...g, title: redact(g.title) })),
        fullReviewWhy: fullReviewWhy === undefined ? undefined : redact(fullReviewWhy),
        details: details.map(redact),
        ...(result.fix ? { fix: redactDeep(result.fix, redact) } : {}),
      };
    }
    case "triage":
      return { ...result, report: redactDeep(result.report, redact) };
    // The RLM's answer is printed by the CLI, which redacts it there; a memory command's words
    // are its note and reply, redacted as they are made.
    case "memory":
    case "rlm":
    case "stop":
      return result;
    default:
      return unknownResult(result);
  }
}
