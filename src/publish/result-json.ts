// What `result.json` holds: the outcome as published (what went out, what did not, the artifact),
// each feature's fields, redacted once rendered. The outputs read the review's fields from here too.
import type { FixPosted, Outcome } from "../outcome/outcome.js";
import { unknownResult, type ReviewResult } from "../outcome/results.js";
import type { ThreadCounts } from "../outcome/review.js";
import type { Redactor } from "../redact/redactor.js";

export /** Something a step could not publish, as the summary and result.json report it. */
interface Unpublished {
  target: string;
  error: string;
}

/** What step 2 published, and what it could not. */
export interface Published {
  comment: string | undefined;
  unpublished: Unpublished[];
  artifact: string | undefined;
  /** What the review did with Rivumi's review threads, when it published one. */
  threads?: ThreadCounts;
  /** What became of a fix's commit, when it published one. */
  fix?: FixPosted;
}

export function resultJson(outcome: Outcome, published: Published, redactor: Redactor): string {
  const { conclusion, stop, note, stats } = outcome;
  const { review, unanchored, coverage } = reviewFields(outcome);
  const result = {
    conclusion,
    stop: stop ?? null,
    note: note ?? null,
    review: review ?? null,
    unanchored,
    coverage: coverage ? { line: coverage.line, ...(coverage.report as object) } : null,
    stats,
    ...(published.threads
      ? {
          threads: {
            resolved: published.threads.resolved,
            dismissals_respected: published.threads.dismissals,
            findings_suppressed: published.threads.suppressed,
            replies_to_fixed_claims: published.threads.replied,
            ...(published.threads.unread ? { unread: published.threads.unread } : {}),
            ...(published.threads.refused ? { refused: published.threads.refused } : {}),
          },
        }
      : {}),
    ...fixFields(outcome, published),
    published: {
      comment: published.comment ?? null,
      unpublished: published.unpublished,
      artifact: published.artifact ?? null,
    },
  };
  return redactor.redact(JSON.stringify(result, null, 2));
}

/**
 * A fix's part of `result.json`: `fix-commit` (the commit's SHA, or null: the same as the output)
 * and what the fix changed, held back and verified, and what became of its commit.
 */
function fixFields({ result }: Outcome, published: Published): Record<string, unknown> {
  // A `/rivumi fix` is a task's result; an auto-fix is part of its triage's.
  const auto = result.kind === "triage" ? result.report.fix?.auto : undefined;
  const report = result.kind === "review" ? result.fix : auto?.started ? auto.report : undefined;
  if (!report) return {};
  const { held, files, lines, verification, attempt } = report;
  const posted = published.fix;
  return {
    "fix-commit": posted?.kind === "committed" ? posted.sha : null,
    fix: {
      commit: posted ?? null,
      held,
      files,
      lines,
      verification: verification ?? null,
      attempt: attempt ?? null,
    },
  };
}

/** The review's fields of `result.json` and the outputs; empty for the other features. */
export function reviewFields({
  result,
}: Outcome): Pick<ReviewResult, "review" | "unanchored" | "coverage"> {
  switch (result.kind) {
    case "review":
      return result;
    case "triage":
    case "memory":
    case "rlm":
    case "stop":
      return { review: undefined, unanchored: [], coverage: undefined };
    default:
      return unknownResult(result);
  }
}
