import type { Outcome, Progress, RunStats } from "../outcome/outcome.js";
import { bound, neutralizeMarkdown } from "../util/sanitize.js";

export const COMMENT_LIMIT = 65_536;
/** Room kept in a comment for the sticky marker line that `StickyComment` puts on top. */
export const MARKER_ROOM = 200;

export function renderProgress(update: Omit<Progress, "pr">): string {
  const { task, head, coverage } = update;
  const lines = [
    "### Rivumi is reviewing…",
    "",
    `Working on \`${head.slice(0, 12)}\`: ${neutralizeMarkdown(task.split("\n")[0] ?? "").slice(0, 300)}`,
  ];
  if (coverage) {
    const cost = coverage.costUsd !== undefined ? ` · $${coverage.costUsd.toFixed(4)} so far` : "";
    lines.push(
      "",
      `Examined ${count(coverage.examined)} of ${count(coverage.total)} hunks · ${Math.round(coverage.elapsedMs / 1000)} s${cost}`,
    );
  }
  lines.push("", "_This comment will be updated with the result._");
  return lines.join("\n");
}

const count = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ",");

export function formatUsage(stats: RunStats): string {
  const u = stats.usage;
  const cost = stats.costUsd !== undefined ? ` · $${stats.costUsd.toFixed(4)}` : "";
  return `${stats.model} · ${stats.turns} turns · ${u.promptTokens} in / ${u.completionTokens} out tokens (${u.cachedTokens} cached)${cost} · ${(stats.ms / 1000).toFixed(1)} s`;
}

/** The review as Markdown, every model-written string neutralised. Shared by comment and summary. */
export function renderReviewBody(outcome: Outcome): string {
  const lines: string[] = [];
  // Counted by the code from the coverage ledger: the first thing a reader sees.
  if (outcome.coverage) lines.push(`**${neutralizeMarkdown(outcome.coverage.line)}**`, "");
  if (outcome.note)
    lines.push(`> [!WARNING]\n> ${neutralizeMarkdown(outcome.note).replace(/\n/g, "\n> ")}`, "");
  const review = outcome.review;
  if (review) {
    lines.push(neutralizeMarkdown(review.summary), "");
    if (review.findings.length > 0) {
      lines.push(`#### Findings (${review.findings.length})`, "");
      for (const f of review.findings) {
        const where =
          f.start_line && f.start_line < f.line
            ? `${f.path}:${f.start_line}-${f.line}`
            : `${f.path}:${f.line}`;
        lines.push(
          `- **${f.severity}** \`${neutralizeMarkdown(where.replace(/[`\r\n]+/g, "'"))}\`: ${neutralizeMarkdown(f.body).replace(/\n/g, "\n  ")}`,
        );
      }
      lines.push("");
    } else if (outcome.conclusion === "success") {
      lines.push("No findings.", "");
    }
  }
  const unanchored = outcome.unanchored ?? [];
  if (unanchored.length > 0) {
    lines.push(
      `#### Not anchored (${unanchored.length})`,
      "",
      "_These findings name a place that is not in this pull request's diff._",
      "",
    );
    for (const f of unanchored)
      lines.push(
        `- **${f.severity}** \`${neutralizeMarkdown(`${f.path}:${f.line}`.replace(/[`\r\n]+/g, "'"))}\`: ${neutralizeMarkdown(f.body).replace(/\n/g, "\n  ")}`,
      );
    lines.push("");
  }
  return lines.join("\n");
}

export function renderComment(outcome: Outcome): string {
  const title =
    outcome.conclusion === "failure"
      ? "### Rivumi could not finish"
      : outcome.conclusion === "partial"
        ? "### Rivumi review (partial)"
        : "### Rivumi review";
  const footer = `<sub>${formatUsage(outcome.stats)} · journal artifact \`${outcome.journalName}\`</sub>`;
  const body = bound(
    renderReviewBody(outcome),
    COMMENT_LIMIT - MARKER_ROOM - title.length - footer.length - 16,
    `_…cut to fit GitHub's comment limit; the full result is in the journal artifact \`${outcome.journalName}\`._`,
  );
  return [title, "", body, footer].join("\n");
}
