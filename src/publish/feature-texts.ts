// What a feature writes in the publications every feature shares: the sticky comment, the step
// summary and an issue. The composition root hands the features' texts in (`action/feature-texts.ts`),
// so that publish/ renders no feature of its own and imports none.
import type { Site } from "../markdown/safe-markdown.js";
import type { FixPosted, Outcome } from "../outcome/outcome.js";
import type { InlineResult, ThreadCounts } from "../outcome/review.js";

export interface FeatureTexts {
  /**
   * The sticky comment's body. `inline` is what the review publication put on the lines, when it
   * went first; links go only to `site`'s pages.
   */
  comment(
    outcome: Outcome,
    inline: InlineResult | undefined,
    site: Site | undefined,
    threads?: ThreadCounts,
    /** What became of a fix's commit, when the fix publication went first. */
    fix?: FixPosted,
  ): string;
  /** The step summary's body, below its headline. */
  body(outcome: Outcome, site: Site | undefined): string;
  /** What the step summary shows of the feature's result below the body. */
  summary(outcome: Outcome): string[];
  /** An `issue-by-marker` publication's body (below its marker line) and its title. */
  issue(outcome: Outcome, title: string): { title: string; body: string };
}
