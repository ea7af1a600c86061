// Where a finding goes on the pull request's diff. A model names a line and quotes it; models are
// often off by a line or two, and GitHub refuses a whole review for one comment off the diff,
// so every finding is checked against the hunk index before anything is sent.
import type { Finding, UnplacedFinding } from "../outcome/review.js";
import { hunkLines, type DiffHunk, type HunkLine, type Side } from "../workspace/diff-parse.js";
import { readHunks, type HunkIndex } from "../workspace/hunk-index.js";

/** How far from the given line the quoted text is looked for, in lines. */
export const QUOTE_REACH = 5;

export interface Placement {
  /** Findings on a line a hunk shows; `line`, `start_line` and `side` are the checked ones. */
  placed: Finding[];
  /** Findings no hunk shows, each with the reason. */
  unplaced: UnplacedFinding[];
}

/** Places every finding on the diff, or says why it cannot be placed. */
export async function placeFindings(
  index: HunkIndex,
  findings: readonly Finding[],
): Promise<Placement> {
  const out: Placement = { placed: [], unplaced: [] };
  for (const finding of findings) {
    const result = await placeOne(index, finding);
    if (typeof result === "string") out.unplaced.push({ ...finding, reason: result });
    else out.placed.push(result);
  }
  return out;
}

const norm = (s: string) => s.replace(/\s+/g, " ").trim();

interface Numbered {
  hunk: DiffHunk;
  line: HunkLine;
  number: number;
}

async function placeOne(index: HunkIndex, finding: Finding): Promise<Finding | string> {
  const file = index.files.find((f) => f.path === finding.path);
  if (!file) return "the file is not changed in this pull request";
  if (file.binary || file.hunks.length === 0) return "the file has no text lines in the diff";
  const side: Side = finding.side ?? "RIGHT";
  const near = file.hunks.filter((h) => {
    const [start, count] = side === "RIGHT" ? [h.newStart, h.newLines] : [h.oldStart, h.oldLines];
    return finding.line + QUOTE_REACH >= start && finding.line - QUOTE_REACH < start + count;
  });
  const other: Side = side === "RIGHT" ? "LEFT" : "RIGHT";
  const nearOther = file.hunks.filter((h) => {
    const [start, count] = other === "RIGHT" ? [h.newStart, h.newLines] : [h.oldStart, h.oldLines];
    return finding.line + QUOTE_REACH >= start && finding.line - QUOTE_REACH < start + count;
  });
  const hunks = [...new Set([...near, ...nearOther])];
  if (hunks.length === 0) return `line ${finding.line} is not in a hunk of this file's diff`;
  const texts = await readHunks(
    index,
    hunks.map((h) => h.id),
  );
  const linesOf = (wanted: Side): Numbered[] =>
    hunks.flatMap((hunk, i) =>
      hunkLines(hunk, texts[i] ?? "")
        .map((line) => ({
          hunk,
          line,
          number: (wanted === "RIGHT" ? line.newLine : line.oldLine) ?? 0,
        }))
        .filter(
          (l) =>
            l.number > 0 &&
            (wanted === "RIGHT" ? l.line.kind !== "removed" : l.line.kind === "removed"),
        ),
    );
  const quote = norm(finding.quote ?? "");
  let found: { at: Numbered; side: Side } | undefined;
  if (quote === "") {
    const at = linesOf(side).find((l) => l.number === finding.line);
    if (at) found = { at, side };
    else return `line ${finding.line} (${side}) is not in a hunk of this file's diff`;
  } else {
    const matches = (text: string) => {
      const t = norm(text);
      return (
        t === quote ||
        t === norm(quote.replace(/^[+-]/, "")) ||
        (quote.length >= 12 && t.includes(quote))
      );
    };
    for (const s of [side, other]) {
      const hits = linesOf(s)
        .filter((l) => Math.abs(l.number - finding.line) <= QUOTE_REACH && matches(l.line.text))
        .sort((a, b) => Math.abs(a.number - finding.line) - Math.abs(b.number - finding.line));
      if (hits[0]) {
        found = { at: hits[0], side: s };
        break;
      }
    }
    if (!found)
      return `the quoted line is not within ${QUOTE_REACH} lines of line ${finding.line} in the diff`;
  }
  const { at } = found;
  // The quote becomes the line itself: what later reviews fingerprint and look for again.
  const placed: Finding = { ...finding, line: at.number, side: found.side, quote: at.line.text };
  delete placed.start_line;
  if (finding.start_line !== undefined && finding.start_line < finding.line) {
    const start = at.number - (finding.line - finding.start_line);
    const same = linesOf(found.side).find((l) => l.hunk === at.hunk && l.number === start);
    if (same && same.line.position < at.line.position) placed.start_line = start;
  }
  // A suggestion replaces head lines: it has no meaning on a removed line.
  if (found.side === "LEFT") delete placed.replacement;
  return placed;
}
