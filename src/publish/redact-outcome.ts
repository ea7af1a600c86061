// The outcome's words redacted before they are rendered. What is published is redacted again
// once rendered, but rendering changes text: `safeMarkdown` breaks `<i>` into `<` + zero-width
// space + `i>`, which no longer reads as markup that renders as nothing, so a secret a model split
// with tags would pass a redactor that only sees the rendered text. Redacting each string first
// finds it in the form the model wrote.
import type { Outcome } from "../outcome/outcome.js";

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
  const { review, unanchored, noLongerApplies, triage, note, fullReviewWhy, details } = outcome;
  const words = <F extends { title?: string | undefined; body: string }>(f: F): F => ({
    ...f,
    body: redact(f.body),
    ...(f.title !== undefined ? { title: redact(f.title) } : {}),
  });
  return {
    ...outcome,
    review: review && { summary: redact(review.summary), findings: review.findings.map(words) },
    note: note === undefined ? undefined : redact(note),
    ...(unanchored ? { unanchored: unanchored.map(words) } : {}),
    ...(noLongerApplies
      ? { noLongerApplies: noLongerApplies.map((g) => ({ ...g, title: redact(g.title) })) }
      : {}),
    ...(triage ? { triage: redactDeep(triage, redact) } : {}),
    ...(fullReviewWhy !== undefined ? { fullReviewWhy: redact(fullReviewWhy) } : {}),
    ...(details ? { details: details.map(redact) } : {}),
  };
}
