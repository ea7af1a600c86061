// Untrusted text in the triage's Markdown: log lines quoted in code no line can close, names as
// code spans, prose one line with links only to the repository's own pages.
import { revealInvisible } from "../util/invisible.js";
import { neutralizeMentions } from "../util/mentions.js";
import { neutralizeLog, neutralizeMarkdown } from "../util/sanitize.js";
import { safeInline, type Site } from "../markdown/safe-markdown.js";

const ZWSP = "\u200b";
/** Longest line or name shown; longer ones are cut with an ellipsis. */
const LINE_CHARS = 200;

/**
 * Log lines in a code block no line can close: the fence is longer than any run of backticks in
 * the text, and every line starts with its number, so none can start a command or a fence.
 */
export function quoted(lines: ReadonlyArray<readonly [number, string]>): string[] {
  const width = String(Math.max(0, ...lines.map(([n]) => n))).length;
  const text = lines.map(
    ([n, line]) => `${String(n).padStart(width)} |${line === "" ? "" : ` ${inCode(clip(line))}`}`,
  );
  const fence = "`".repeat(Math.max(3, longestRun(text.join("\n"), "`") + 1));
  return [`${fence}text`, ...text, fence];
}

/** Untrusted text inside code: shown as written, but no mention, marker or hidden character. */
export function inCode(text: string): string {
  return neutralizeMentions(revealInvisible(text).text)
    .replace(/<!--/g, `<${ZWSP}!--`)
    .replace(/-->/g, `--${ZWSP}>`);
}

/**
 * Untrusted text in running Markdown: one line, no HTML, mention, image or workflow command, and
 * no link but to `site`'s repository (names get no `site`: they never need one).
 */
export function plain(text: string, site?: Site): string {
  return neutralizeLog(safeInline(text, site));
}

/** Untrusted text for a title (no Markdown there): one line, no mention or hidden character. */
export function titleText(text: string): string {
  return neutralizeMarkdown(revealInvisible(text).text.replace(/\s+/g, " ").trim());
}

/** Untrusted text as an inline code span it cannot close. */
export function code(text: string): string {
  const inner = inCode(clip(text.replace(/\s+/g, " ").trim()));
  const ticks = "`".repeat(longestRun(inner, "`") + 1);
  const pad = inner.startsWith("`") || inner.endsWith("`") ? " " : "";
  return `${ticks}${pad}${inner}${pad}${ticks}`;
}

const clip = (line: string) => (line.length > LINE_CHARS ? `${line.slice(0, LINE_CHARS)}…` : line);

function longestRun(text: string, char: string): number {
  let longest = 0;
  let run = 0;
  for (const c of text) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}
