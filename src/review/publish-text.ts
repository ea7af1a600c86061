// The review's text in the shared publications: the sticky comment and the step summary's body,
// every model-written string made inert. A run of another feature without a text of its own
// (memory, RLM, stop) shows its note the same way.
import type { Outcome } from "../outcome/outcome.js";
import { SEVERITIES } from "../outcome/outcome.js";
import { unknownResult, type ReviewResult } from "../outcome/results.js";
import type { Finding, InlineResult, ThreadCounts } from "../outcome/review.js";
import { bound, neutralizeMarkdown } from "../util/sanitize.js";
import { fullResultIn, journalMention } from "../markdown/journal-mention.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../markdown/limits.js";
import { safeInline, safeMarkdown, type Site } from "../markdown/safe-markdown.js";
import { formatUsage } from "../markdown/usage-line.js";

const where = (f: Finding) =>
  neutralizeMarkdown(
    (f.start_line && f.start_line < f.line
      ? `${f.path}:${f.start_line}-${f.line}`
      : `${f.path}:${f.line}`
    ).replace(/[`\r\n]+/g, "'"),
  );

/** One finding as a list item: severity, place, title and body, neutralised. */
function findingItem(f: Finding, site: Site | undefined, reason?: string): string {
  const title = f.title ? `${safeInline(f.title, site)}: ` : "";
  const why = reason ? ` _(${reason})_` : "";
  const body = safeMarkdown(f.body, { site, midLine: true }).replace(/\n/g, "\n  ");
  return `- **${f.severity}** \`${where(f)}\`${why}: ${title}${body}`;
}

/** "2 major · 1 nit": the counts by severity, most severe first. */
export function severityCounts(findings: readonly Finding[]): string {
  return SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(" · ");
}

/**
 * The outcome's body as Markdown, every model-written string made inert (`safeMarkdown`; links
 * stay only to `site`'s repository): a review's, or the note alone. Shared by comment and summary;
 * with `inline` (the comment, after the review went out) the findings on the lines are counted
 * and linked, and only the others are listed.
 */
export function renderReviewBody(outcome: Outcome, inline?: InlineResult, site?: Site): string {
  const { result } = outcome;
  switch (result.kind) {
    case "review":
      return reviewBody(outcome, result, inline, site);
    case "triage":
    case "memory":
    case "rlm":
    case "stop":
      return noteLines(outcome, site).join("\n");
    default:
      return unknownResult(result);
  }
}

/** The note, as a warning. */
function noteLines(outcome: Outcome, site: Site | undefined): string[] {
  if (!outcome.note) return [];
  return [`> [!WARNING]\n> ${safeMarkdown(outcome.note, { site }).replace(/\n/g, "\n> ")}`, ""];
}

function reviewBody(
  outcome: Outcome,
  result: ReviewResult,
  inline: InlineResult | undefined,
  site: Site | undefined,
): string {
  const lines: string[] = [];
  // Counted by the code from the coverage ledger: the first thing a reader sees.
  if (result.coverage) lines.push(`**${neutralizeMarkdown(result.coverage.line)}**`, "");
  if (result.fullReviewWhy)
    lines.push(`_Reviewed in full: ${safeInline(result.fullReviewWhy, site)}._`, "");
  lines.push(...noteLines(outcome, site));
  const review = result.review;
  if (review) {
    lines.push(safeMarkdown(review.summary, { site }), "");
    if (review.findings.length > 0 && inline) {
      const link = inline.url ? `[on their lines](${inline.url})` : "on their lines";
      lines.push(
        `#### Findings (${review.findings.length}): ${severityCounts(review.findings)}`,
        "",
      );
      if (inline.posted > 0) lines.push(`${inline.posted} posted ${link}.`, "");
      else if (inline.url)
        lines.push(`This head's review is [on the pull request](${inline.url}).`, "");
      if (inline.repeated > 0)
        lines.push(
          `${inline.repeated} already on their lines from an earlier review of this pull request, not repeated.`,
          "",
        );
      if (inline.notice)
        lines.push(
          `> [!NOTE]\n> The review state in Rivumi's earlier comment was ignored (${inline.notice}): every finding counts as new.`,
          "",
        );
      if (inline.below.length > 0)
        lines.push(
          `${inline.below.length} below the minimum severity, counted only: ${severityCounts(inline.below)}.`,
          "",
        );
      if (inline.listed.length > 0) {
        lines.push(`#### Not on the lines (${inline.listed.length})`, "");
        for (const { finding, reason } of inline.listed)
          lines.push(findingItem(finding, site, reason));
        lines.push("");
      }
    } else if (review.findings.length > 0) {
      lines.push(`#### Findings (${review.findings.length})`, "");
      for (const f of review.findings) lines.push(findingItem(f, site));
      lines.push("");
    } else if (outcome.conclusion === "success") {
      lines.push("No findings.", "");
    }
  }
  if (result.dismissed?.suppressed)
    lines.push(
      `Dismissed earlier: ${result.dismissed.suppressed} finding${result.dismissed.suppressed === 1 ? "" : "s"} a person dismissed in a review thread, not posted again.`,
      "",
    );
  if (result.dismissed?.threadsUnread)
    lines.push(
      `> [!NOTE]\n> Rivumi could not read its review threads, so none was tidied this time (${safeInline(result.dismissed.threadsUnread.slice(0, 200), site)}).`,
      "",
    );
  const unanchored = result.unanchored;
  if (unanchored.length > 0) {
    lines.push(
      `#### Not anchored (${unanchored.length})`,
      "",
      "_These findings name a place that is not in this pull request's diff._",
      "",
    );
    for (const f of unanchored) lines.push(findingItem(f, site, f.reason));
    lines.push("");
  }
  const gone = result.noLongerApplies;
  if (gone.length > 0) {
    lines.push(
      `#### No longer applies (${gone.length})`,
      "",
      "_Findings of earlier reviews on this pull request whose lines are gone or changed._",
      "",
    );
    for (const g of gone) {
      const place = neutralizeMarkdown(`${g.path}:${g.line}`.replace(/[`\r\n]+/g, "'"));
      const title = safeInline(g.title, site);
      lines.push(`- \`${place}\`: ${title} _(${g.reason})_`);
    }
    lines.push("");
  }
  return lines.join("\n");
}

export function renderComment(
  outcome: Outcome,
  inline?: InlineResult,
  site?: Site,
  threads?: ThreadCounts,
): string {
  const title =
    outcome.conclusion === "failure"
      ? "### Rivumi could not finish"
      : outcome.conclusion === "partial"
        ? "### Rivumi review (partial)"
        : "### Rivumi review";
  // Said only when something happened to a thread: a quiet pull request gets no extra line.
  const busy =
    threads && threads.resolved + threads.replied + threads.dismissals + threads.suppressed > 0;
  const tidied = busy ? `${threadLine(threads)} · ` : "";
  const refused = threads?.refused
    ? `> [!NOTE]\n> Review threads: ${safeInline(threads.refused.slice(0, 300), site)}\n\n`
    : "";
  const footer = `<sub>${tidied}${formatUsage(outcome.stats)} · ${journalMention(outcome)}</sub>`;
  const body = bound(
    renderReviewBody(outcome, inline, site),
    COMMENT_LIMIT - MARKER_ROOM - title.length - footer.length - refused.length - 16,
    `_…cut to fit GitHub's comment limit; the full result is in ${fullResultIn(outcome, "the step summary")}._`,
  );
  return [title, "", body, `${refused}${footer}`].join("\n");
}

/** The comment footer's count of what the review did with its threads. */
function threadLine(t: ThreadCounts): string {
  const n = (k: number, one: string, many: string) => `${k} ${k === 1 ? one : many}`;
  return [
    `Review threads: ${n(t.resolved, "resolved", "resolved")}`,
    n(t.dismissals, "dismissal respected", "dismissals respected"),
    n(t.suppressed, "finding suppressed", "findings suppressed"),
    ...(t.replied > 0 ? [n(t.replied, "reply to a fixed claim", "replies to fixed claims")] : []),
  ].join(" · ");
}
