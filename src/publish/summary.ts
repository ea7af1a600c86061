import type { Outcome } from "../outcome/outcome.js";
import { formatUsage } from "../markdown/usage-line.js";
import type { Site } from "../markdown/safe-markdown.js";
import type { FeatureTexts } from "./feature-texts.js";
import { boundBytes } from "../util/sanitize.js";
import { fullResultIn, journalCell } from "../markdown/journal-mention.js";

export const SUMMARY_LIMIT = 1024 * 1024;

const HEADLINES: Record<Outcome["conclusion"], string> = {
  success: "Rivumi: done",
  partial: "Rivumi: partial result",
  skipped: "Rivumi: skipped",
  refused: "Rivumi: refused",
  failure: "Rivumi: failed",
};

export interface SummaryExtras {
  commentUrl: string | undefined;
  /** Set when a fork PR on `pull_request` could not be reviewed: explains the way that works. */
  fork: boolean;
  /** The repository whose pages the summary may link to. */
  site?: Site | undefined;
  /** What each feature shows of its result below the body. */
  texts: FeatureTexts;
}

/** The step summary: result, usage, cost, duration; bounded to GitHub's 1 MiB. */
export function renderSummary(outcome: Outcome, extras: SummaryExtras): string {
  const parts = [`## ${HEADLINES[outcome.conclusion]}`, ""];
  if (extras.fork) {
    parts.push(
      "This pull request comes from a fork. On `pull_request` events GitHub runs fork workflows without",
      "secrets and with a read-only token, so Rivumi cannot call the model or comment here. To review",
      "fork pull requests, run Rivumi on `pull_request_target` with `review-authors: everyone`: the head",
      "is then fetched as data and never executed, and untrusted mode applies.",
      "",
    );
  }
  parts.push(extras.texts.body(outcome, extras.site));
  for (const block of extras.texts.summary(outcome)) parts.push(block, "");
  if (extras.commentUrl) parts.push(`Comment: ${extras.commentUrl}`, "");
  parts.push(
    `| | |\n|---|---|\n| conclusion | ${outcome.conclusion} |\n| usage | ${formatUsage(outcome.stats)} |\n| journal | ${journalCell(outcome)} |`,
  );
  return boundBytes(
    parts.join("\n"),
    SUMMARY_LIMIT - 1024,
    `_…cut to fit the 1 MiB step summary; see ${fullResultIn(outcome, "the result file (`result-file` output)")}._`,
  );
}
