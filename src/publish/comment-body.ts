import type { Outcome } from "../outcome/outcome.js";
import { unknownResult } from "../outcome/results.js";
import { renderComment, type InlineResult } from "./render.js";
import type { Site } from "./safe-markdown.js";
import { renderTriageComment } from "./triage-render.js";

/**
 * The text of the run's sticky comment, by the feature that ran: a triage's own, else the review
 * comment (which shows only the note for a run without findings). `inline` is what the review
 * publication put on the lines, when it went first.
 */
export function commentBody(
  outcome: Outcome,
  inline: InlineResult | undefined,
  site: Site | undefined,
): string {
  const { result } = outcome;
  switch (result.kind) {
    case "triage":
      return renderTriageComment({ ...outcome, result });
    case "review":
    case "memory":
    case "rlm":
    case "stop":
      return renderComment(outcome, inline, site);
    default:
      return unknownResult(result);
  }
}
