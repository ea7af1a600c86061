// The fix's reply: what became of the commit (its SHA and link, or why the branch was left alone
// with the patch), the files and lines, the verification and the attempt; then the task's own
// answer below it.
import { journalMention } from "../markdown/journal-mention.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../markdown/limits.js";
import { safeInline, safeMarkdown, type Site } from "../markdown/safe-markdown.js";
import { formatUsage } from "../markdown/usage-line.js";
import type { FixPosted, FixReport, Outcome } from "../outcome/outcome.js";
import { revealInvisible } from "../util/invisible.js";
import { neutralizeMentions } from "../util/mentions.js";
import { plural } from "../util/plural.js";
import { bound, neutralizeMarkdown } from "../util/sanitize.js";

const ZWSP = "\u200b";

/** Untrusted text in a code block no line of it can close, with no mention or hidden marker. */
export function codeBlock(text: string, lang = "text"): string {
  const shown = neutralizeMentions(revealInvisible(text).text)
    .replace(/<!--/g, `<${ZWSP}!--`)
    .replace(/-->/g, `--${ZWSP}>`);
  const runs = shown.match(/`+/g) ?? [];
  const fence = "`".repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return `${fence}${lang}\n${shown.replace(/\n$/, "")}\n${fence}`;
}

const code = (text: string) => `\`${neutralizeMarkdown(text).replace(/[`\r\n]+/g, "'")}\``;

/** "+12 −3" for the files git counted; binary files are not counted. */
function lineCounts(report: FixReport): string {
  const added = report.files.reduce((n, f) => n + (f.added ?? 0), 0);
  const removed = report.files.reduce((n, f) => n + (f.removed ?? 0), 0);
  return `+${added} −${removed}`;
}

/** Why the branch was left alone, in one line, when the publication did not commit. */
function notCommitted(posted: FixPosted | undefined): string | undefined {
  switch (posted?.kind) {
    case undefined:
    case "committed":
      return undefined;
    case "moved":
      return `the branch ${code(posted.branch)} moved${posted.head ? ` to ${code(posted.head.slice(0, 12))}` : ""} while Rivumi worked; it was left alone (run \`/rivumi fix\` again on the new head)`;
    case "refused":
      // Status 0: Rivumi's own refusal, made before any write (the default branch).
      if (posted.status === 0) return safeInline(posted.message.slice(0, 300));
      return `GitHub refused the commit on ${code(posted.branch)} (${posted.status}: ${safeInline(posted.message.slice(0, 300))})${posted.status === 403 || /protect|rule|status check/i.test(posted.message) ? "; branch protection, a ruleset or the token's permission (`contents: write`) stands in the way" : ""}`;
    case "fork":
      return `the pull request's head is in ${code(posted.headRepo)}, another repository: Rivumi never writes there`;
    case "failed":
      return `the commit could not be written (${safeInline(posted.error.slice(0, 300))})`;
  }
}

/** The fix's block of the reply, above the task's answer. */
export function renderFixSection(
  report: FixReport,
  posted: FixPosted | undefined,
  outcome: Outcome,
): string[] {
  const lines: string[] = [];
  const files = `${plural(report.files.length, "file")}, ${lineCounts(report)} lines`;
  const failed = notCommitted(posted);
  if (posted?.kind === "committed") {
    lines.push(
      `**Committed** [\`${posted.sha.slice(0, 7)}\`](${posted.url}) to ${code(posted.branch)}: ${files}.`,
    );
  } else {
    lines.push("**Nothing was committed.**", "");
    for (const hold of report.held) {
      const named =
        hold.files.length > 0 ? `: ${hold.files.slice(0, 20).map(code).join(", ")}` : "";
      lines.push(`- ${safeInline(hold.text)}${named}`);
    }
    if (failed) lines.push(`- ${failed}`);
  }
  lines.push("");
  if (report.files.length > 0) {
    for (const f of report.files.slice(0, 50)) {
      const counted = f.added === undefined ? "binary" : `+${f.added} −${f.removed ?? 0}`;
      const from = f.from !== undefined ? `${code(f.from)} → ` : "";
      lines.push(`- ${from}${code(f.path)} (${counted})`);
    }
    if (report.files.length > 50) lines.push(`- …and ${report.files.length - 50} more`);
    lines.push("");
  }
  const v = report.verification;
  if (!v) lines.push("_Not verified: no `verify-command` is set._", "");
  else if (v.kind === "not-run")
    lines.push(
      `**Verification:** ${code(v.command)} did not run: ${safeInline(v.reason ?? "unknown")}.`,
      "",
    );
  else {
    const how = v.timedOut
      ? "ran out of time"
      : v.kind === "passed"
        ? "passed"
        : `failed (exit ${v.exitCode ?? "none"})`;
    lines.push(`**Verification:** ${code(v.command)} ${how}. Its last lines:`, "");
    if (v.tail) lines.push(codeBlock(v.tail), "");
  }
  if (report.attempt)
    lines.push(
      `Attempt ${report.attempt.number} of ${report.attempt.max} for failed run ${report.attempt.runId}.`,
      "",
    );
  if (posted?.kind !== "committed" && report.patch) {
    if (report.patch.inline !== undefined)
      lines.push(
        "<details><summary>The patch</summary>",
        "",
        codeBlock(report.patch.inline, "diff"),
        "",
        "</details>",
        "",
      );
    else
      lines.push(
        `The patch (${report.patch.bytes} bytes) is \`changes.patch\` in ${journalMention(outcome)}; apply it with \`git apply changes.patch\`.`,
        "",
      );
  }
  return lines;
}

/** The whole reply: the fix's block, the task's answer, the usage line. */
export function renderFixComment(
  outcome: Outcome,
  report: FixReport,
  posted: FixPosted | undefined,
  site: Site | undefined,
): string {
  const title =
    posted?.kind === "committed"
      ? "### Rivumi fix"
      : outcome.conclusion === "failure"
        ? "### Rivumi fix: could not finish"
        : "### Rivumi fix: not committed";
  const footer = `<sub>${formatUsage(outcome.stats)} · ${journalMention(outcome)}</sub>`;
  const fix = renderFixSection(report, posted, outcome).join("\n");
  const room = COMMENT_LIMIT - MARKER_ROOM - title.length - footer.length - 32;
  const answer = agentAccount(outcome, site);
  const body = bound(
    `${fix}\n#### What the agent said\n\n${answer}`,
    room,
    "_…cut to fit GitHub's comment limit; the full result is in the journal artifact._",
  );
  return [title, "", body, "", footer].join("\n");
}

/** The account of a fix `auto-fix` ran, for the triage's comment on its pull request. */
export function renderAutoFix(
  auto: { pr: number; report: FixReport; answer: string | undefined },
  posted: FixPosted | undefined,
  outcome: Outcome,
  site: Site | undefined,
): string {
  const lines = [`#### Rivumi's fix`, "", ...renderFixSection(auto.report, posted, outcome)];
  if (auto.answer)
    lines.push(`_What the agent said:_ ${safeInline(auto.answer.slice(0, 1500), site)}`, "");
  return lines.join("\n");
}

/** What the agent said of its work (its summary), below the run's note when there is one. */
function agentAccount(outcome: Outcome, site: Site | undefined): string {
  const lines: string[] = [];
  if (outcome.note)
    lines.push(
      `> [!WARNING]\n> ${safeMarkdown(outcome.note, { site }).replace(/\n/g, "\n> ")}`,
      "",
    );
  const review = outcome.result.kind === "review" ? outcome.result.review : undefined;
  lines.push(
    review ? safeMarkdown(review.summary, { site }) : "_The agent gave no account of its work._",
  );
  return lines.join("\n");
}
