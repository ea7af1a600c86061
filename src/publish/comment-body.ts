import type { Outcome } from "../outcome/outcome.js";
import type { Site } from "../markdown/safe-markdown.js";
import type { FeatureTexts } from "./feature-texts.js";
import { renderComment, type InlineResult } from "./render.js";

/**
 * The text of the run's sticky comment: the feature's own when it writes one (a triage's), else
 * the review comment (which shows only the note for a run without findings). `inline` is what the
 * review publication put on the lines, when it went first.
 */
export function commentBody(
  outcome: Outcome,
  texts: FeatureTexts,
  inline: InlineResult | undefined,
  site: Site | undefined,
): string {
  return texts.comment(outcome) ?? renderComment(outcome, inline, site);
}
