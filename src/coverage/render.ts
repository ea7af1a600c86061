/** The coverage ledger's report as one line, for the comment, the summary and the log. */
import type { CoverageReport } from "./ledger.js";
import type { ExclusionRule } from "./rules.js";

const RULE_LABEL: Record<ExclusionRule, string> = {
  "outside-pull-request": "not in the pull request's diff",
  "not-included": "outside include-paths",
  "excluded-path": "exclude-paths",
  binary: "binary",
  "lock-file": "lock files",
  vendored: "vendored",
  generated: "generated",
  "too-large": "too large",
};

/** 93211 -> "93,211", whatever the locale. */
export function formatCount(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** Decimal units: 51_500_000 -> "51.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`;
  const [value, unit] =
    bytes < 1e6 ? [bytes / 1e3, "KB"] : bytes < 1e9 ? [bytes / 1e6, "MB"] : [bytes / 1e9, "GB"];
  return `${value.toFixed(1)} ${unit}`;
}

export interface LineOptions {
  /** Why the review stopped short, e.g. "budget reached". */
  reason?: string;
  /** Files named in the "not examined" list before "and N more". Default 3. */
  listed?: number;
  /** A re-review: the head the last review examined, whose new hunks these are. */
  since?: string;
}

/**
 * "Examined 93,211 of 93,211 hunks in 21,504 files (51.5 MB); 412 files excluded by rule (lock
 * files, binary)", or for a partial review "Examined 4,100 of 93,211 hunks: budget reached; not
 * examined: a.ts, b.ts, c.ts and 1,234 more". Counts are of the hunks the rules left in.
 */
export function renderCoverageLine(report: CoverageReport, options: LineOptions = {}): string {
  const inScope = report.hunks.total - report.hunks.excluded;
  const noun = options.since ? "new hunk" : "hunk";
  const since = options.since ? ` since ${options.since.slice(0, 7)}` : "";
  const head = `Examined ${formatCount(report.hunks.examined)} of ${counted(inScope, noun)}${since}`;
  const parts: string[] = [];
  if (report.complete) {
    parts.push(
      `${head} in ${counted(report.files.examined, "file")} (${formatBytes(report.bytes.examined)})`,
    );
  } else {
    const listed = report.notReached.paths.slice(0, options.listed ?? 3).map(shortPath);
    const more = report.files.notReached - listed.length;
    const names = `${listed.join(", ")}${more > 0 ? ` and ${formatCount(more)} more` : ""}`;
    parts.push(`${head}${options.reason ? `: ${options.reason}` : ""}`, `not examined: ${names}`);
  }
  if (report.files.excluded > 0) {
    const rules = report.excluded.map((e) => RULE_LABEL[e.rule]).join(", ");
    parts.push(`${counted(report.files.excluded, "file")} excluded by rule (${rules})`);
  }
  return parts.join("; ");
}

const counted = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;

function shortPath(path: string): string {
  // eslint-disable-next-line no-control-regex
  const text = /[\u0000-\u001f]/.test(path) ? JSON.stringify(path) : path;
  return text.length <= 80 ? text : `…${text.slice(-79)}`;
}

/** The report as result.json and the journal keep it: the counts and the line that says them. */
export function coverageJson(
  report: CoverageReport,
  options: LineOptions = {},
): CoverageReport & { line: string } {
  return { ...report, line: renderCoverageLine(report, options) };
}
