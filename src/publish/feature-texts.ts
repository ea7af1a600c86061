// What a feature writes in the publications every feature shares: the sticky comment, the step
// summary and an issue. The composition root hands the features' texts in (`action/feature-texts.ts`),
// so that publish/ renders no feature of its own and imports none.
import type { Outcome } from "../outcome/outcome.js";

export interface FeatureTexts {
  /** The sticky comment's body when the feature writes its own; undefined: the shared comment. */
  comment(outcome: Outcome): string | undefined;
  /** What the step summary shows of the feature's result below the body. */
  summary(outcome: Outcome): string[];
  /** An `issue-by-marker` publication's body (below its marker line) and its title. */
  issue(outcome: Outcome, title: string): { title: string; body: string };
}
