// A failed run explained, as Markdown for its pull request comment, its issue and the step summary.
// Every string from the run (log lines, job, step and workflow names, branch) and from the model
// is untrusted: quoted in code that it cannot close, or made inert by the rule review comments
// follow too (`safeMarkdown`: no mentions, HTML, images, hidden characters or markers, and links
// only to the repository's own pages).
import type { Outcome } from "../outcome/outcome.js";
import type { TriageEvidence, TriageJob, TriageReport, TriageResult } from "../outcome/triage.js";
import { bound } from "../util/sanitize.js";
import { journalMention } from "../markdown/journal-mention.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../markdown/limits.js";
import { formatUsage } from "../markdown/usage-line.js";
import type { Site } from "../markdown/safe-markdown.js";
import { diffFirst, historyLead, historyOf, SHORT_DIFF } from "./history-render.js";
import { code, inCode, plain, quoted } from "./publish-text.js";

/** Jobs quoted in full; the others are listed with their best line. */
const JOBS_QUOTED = 5;
const JOBS_LISTED = 40;
const EXCERPTS_PER_JOB = 3;
const EXCERPT_LINES = 12;
const DIFF_LINES = 20;

const VERB: Record<string, string> = {
  failure: "failed",
  timed_out: "timed out",
  startup_failure: "did not start",
};

/** The triage comment on a pull request (the publisher puts the sticky marker above it). */
/** The triage's comment; `extra` (the auto-fix's account, already safe Markdown) goes above its footer. */
export function renderTriageComment(outcome: Outcome<TriageResult>, extra = ""): string {
  return framed(outcome, COMMENT_LIMIT - MARKER_ROOM, extra);
}

/** The body of the issue of a failure signature (the publisher puts the issue marker above it). */
export function renderTriageIssue(outcome: Outcome<TriageResult>): string {
  return framed(outcome, COMMENT_LIMIT - MARKER_ROOM);
}

/** The triage for the step summary, without a title of its own (the summary has one). */
export function renderTriageSummary(report: TriageReport): string {
  return renderTriageBody(report);
}

function framed(outcome: Outcome<TriageResult>, limit: number, extra = ""): string {
  const report = outcome.result.report;
  const title = `### Rivumi: ${plain(report.run.workflow || report.run.path)} ${VERB[report.run.conclusion] ?? "failed"}`;
  const warning = outcome.note ? `> [!WARNING]\n> ${plain(outcome.note)}\n\n` : "";
  // Without a digest no model was called: the run's time says all there is.
  const usage = report.digest
    ? formatUsage(outcome.stats)
    : `${(outcome.stats.ms / 1000).toFixed(1)} s`;
  const footer = `<sub>Signature \`${report.signature}\` · ${usage} · ${journalMention(outcome)}</sub>`;
  const body = bound(
    renderTriageBody(report, warning),
    limit - title.length - footer.length - extra.length - 16,
    `_…cut to fit GitHub's comment limit; the full triage is in the step summary${outcome.artifactMissing ? "" : ` and the journal artifact \`${outcome.journalName}\``}._`,
  );
  return [title, "", body, "", ...(extra ? [extra.trimEnd(), ""] : []), footer].join("\n");
}

/**
 * The triage itself: what the history knows of the failure, then `warning`, the run, the digest,
 * the evidence of each failed job, the cancelled jobs.
 */
export function renderTriageBody(report: TriageReport, warning = ""): string {
  const { run } = report;
  const lead = historyLead(report);
  const out = [
    ...(lead.length > 0 ? [...lead, ""] : []),
    ...(warning ? [warning.trimEnd(), ""] : []),
    `Run [${run.id}](${run.url}) attempt ${run.attempt} of ${code(run.path)} on ${code(run.headBranch)} at \`${run.headSha.slice(0, 12)}\` (${plain(run.event)}) · signature \`${report.signature}\``,
    "",
  ];
  out.push(...digestLines(report), "");
  if (report.jobs.length === 0) {
    out.push(
      run.conclusion === "startup_failure"
        ? "No job started: GitHub could not start the workflow, most often because its file is invalid. The run's page names the problem."
        : "No job of the latest attempt failed.",
      "",
    );
  }
  const groups = bySignature(report.jobs);
  for (const group of groups.slice(0, JOBS_QUOTED)) out.push(...jobLines(group, report), "");
  for (const group of groups.slice(JOBS_QUOTED, JOBS_LISTED)) out.push(`- ${jobHeadline(group)}`);
  if (groups.length > JOBS_LISTED) {
    const more = groups.slice(JOBS_LISTED).reduce((n, g) => n + g.length, 0);
    out.push(`- …and ${more} more failed jobs: see [the run](${run.url}).`);
  }
  if (groups.length > JOBS_QUOTED) out.push("");
  if (report.cancelled.length > 0) {
    out.push(
      `Cancelled, most likely because another job failed: ${report.cancelled.map(code).join(", ")}.`,
      "",
    );
  }
  out.push(...fixLines(report));
  return out.join("\n").trimEnd();
}

function digestLines(report: TriageReport): string[] {
  const d = report.digest;
  if (!d) {
    const why = report.digestNote ?? "no model is configured";
    return [`_No model digest (${plain(why)}); the evidence below was found without a model._`];
  }
  // The model's own words may link to the repository's pages, as a review's may.
  const site = siteOf(report);
  const out = [
    `#### Root cause${d.category ? ` · ${d.category}` : ""}`,
    "",
    plain(d.rootCause, site),
    "",
  ];
  if (d.files.length > 0) {
    const files = d.files.map((f) => code(f.line !== undefined ? `${f.path}:${f.line}` : f.path));
    out.push(`**Most likely at fault:** ${files.join(", ")}`);
  }
  if (d.nextStep.trim()) out.push(`**Next step:** ${plain(d.nextStep, site)}`);
  if (d.evidence.length > 0) {
    const links = d.evidence.map(
      (e) => `[${plain(e.job)} · ${plain(e.step)} · ${range(e.startLine, e.endLine)}](${e.url})`,
    );
    out.push(`**Evidence:** ${links.join(", ")}`);
  }
  out.push(
    "",
    `<sub>Digest by ${plain(d.model)} with the RLM engine; the evidence below was found without a model.</sub>`,
  );
  return out;
}

/** Jobs that failed the same way (a matrix) are shown once. */
function bySignature(jobs: readonly TriageJob[]): TriageJob[][] {
  const groups = new Map<string, TriageJob[]>();
  for (const job of jobs) {
    const key = job.signature || `job:${job.id}`;
    groups.set(key, [...(groups.get(key) ?? []), job]);
  }
  return [...groups.values()];
}

function jobHeadline(group: readonly TriageJob[]): string {
  const job = group[0]!;
  const step = job.failedStep ? ` in step ${code(job.failedStep.name)}` : "";
  const verb = VERB[job.conclusion] ?? job.conclusion;
  const others =
    group.length > 1
      ? ` (the same failure in ${group
          .slice(1)
          .map((j) => `[${plain(j.name)}](${j.url})`)
          .join(", ")})`
      : "";
  return `**Job [${plain(job.name)}](${job.url})** ${plain(verb)}${step}${others}`;
}

function jobLines(group: readonly TriageJob[], report: TriageReport): string[] {
  const job = group[0]!;
  const out = [jobHeadline(group), ""];
  const history = historyOf(report, job.signature);
  if (history) out.push(history, "");
  for (const note of new Set(group.flatMap((j) => j.notes))) out.push(`> ${plain(note)}`, "");
  if (job.evidence.length === 0 && job.log) out.push("The log names no failure.", "");
  // A failure new to its pull request, against a base that passed: its few new lines say most.
  const short = job.diff && job.diff.lines.length > 0 && job.diff.lines.length <= SHORT_DIFF;
  const first = short && diffFirst(report);
  if (first) out.push(...diffLines(job));
  for (const e of shownEvidence(job.evidence)) out.push(...excerpt(e), "");
  if (!first) out.push(...diffLines(job));
  while (out[out.length - 1] === "") out.pop();
  return out;
}

/** The failed step's lines the last green run did not print, or that it printed them all. */
function diffLines(job: TriageJob): string[] {
  const diff = job.diff;
  if (!diff) return [];
  const since = `[run ${diff.runId}](${diff.runUrl})`;
  if (diff.lines.length === 0)
    return [`Every line of step ${code(diff.step)} also appears in the last green ${since}.`, ""];
  return [
    `New since the last green ${since}, in step ${code(diff.step)}${diff.truncated || diff.lines.length > DIFF_LINES ? " (first lines)" : ""}:`,
    ...quoted(diff.lines.slice(0, DIFF_LINES).map((l) => [l.line, l.text] as const)),
    "",
  ];
}

/** The first few pieces of evidence, leaving out those a quote above already shows. */
function shownEvidence(evidence: readonly TriageEvidence[]): TriageEvidence[] {
  const shown: TriageEvidence[] = [];
  for (const e of evidence) {
    if (shown.length >= EXCERPTS_PER_JOB) break;
    const inside = shown.some(
      (s) => s.startLine <= e.startLine && e.endLine < s.startLine + quotedLines(s),
    );
    if (!inside) shown.push(e);
  }
  return shown;
}

const quotedLines = (e: TriageEvidence) => Math.min(e.lines.length, EXCERPT_LINES);

function excerpt(e: TriageEvidence): string[] {
  const shown = e.lines.slice(0, EXCERPT_LINES).map((text, i) => [e.startLine + i, text] as const);
  const more = e.lines.length > EXCERPT_LINES ? ` (first ${EXCERPT_LINES} lines)` : "";
  return [
    `[${range(e.startLine, e.endLine)}](${e.url}) · ${plain(e.kind)} · step ${code(e.step)}${more}`,
    ...quoted(shown),
  ];
}

/** The repository and server of the triaged run: its page's address is Rivumi's own. */
function siteOf(report: TriageReport): Site | undefined {
  try {
    return { serverUrl: new URL(report.run.url).origin, repo: report.repo };
  } catch {
    return undefined;
  }
}

const range = (start: number, end: number) =>
  start === end ? `line ${start}` : `lines ${start}-${end}`;

/** The fix the triage offers a writer, or why `auto-fix` started none. */
function fixLines(report: TriageReport): string[] {
  const fix = report.fix;
  if (!fix) return [];
  const out: string[] = [];
  if (fix.auto && !fix.auto.started) out.push(`_No fix was started: ${plain(fix.auto.why)}._`, "");
  if (fix.offer && !fix.auto?.started)
    out.push(
      "**Fix it:** a writer can comment the line below and Rivumi will try (one commit, checked before it is pushed):",
      "",
      ...quotedCommand(fix.offer),
      "",
    );
  return out;
}

/** A command to copy, in a code block no line of it can close. */
function quotedCommand(command: string): string[] {
  const line = command.replace(/[\r\n]+/g, " ");
  const fence = "`".repeat(Math.max(3, ...(line.match(/`+/g) ?? []).map((r) => r.length + 1)));
  return [fence, inCode(line), fence];
}
