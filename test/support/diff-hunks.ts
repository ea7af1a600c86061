/** Unified-diff hunks of a pull-request file `patch`, for deciding where review comments may go. */

export type Side = "LEFT" | "RIGHT";

export interface DiffLine {
  kind: "context" | "added" | "removed";
  /** Line number in the base file (context and removed lines). */
  oldLine?: number;
  /** Line number in the head file (context and added lines). */
  newLine?: number;
  /** GitHub's legacy `position`: lines below the first `@@` header, counting later headers. */
  position: number;
}

export interface Hunk {
  header: string;
  oldStart: number;
  newStart: number;
  /** Position of the `@@` header line itself (0 for the first hunk), also its index in the patch. */
  headerPosition: number;
  lines: DiffLine[];
}

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

/** Parses the hunks of a GitHub file patch (it starts at the first `@@`, no file headers). */
export function parseHunks(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let position = -1;
  let oldLine = 0;
  let newLine = 0;
  const texts = patch.split("\n");
  if (texts.at(-1) === "") texts.pop();
  for (const text of texts) {
    const header = HUNK_HEADER.exec(text);
    if (header) {
      position++;
      oldLine = Number(header[1]);
      newLine = Number(header[2]);
      hunks.push({
        header: text,
        oldStart: oldLine,
        newStart: newLine,
        headerPosition: position,
        lines: [],
      });
      continue;
    }
    const hunk = hunks.at(-1);
    if (!hunk) continue;
    if (text.startsWith("\\")) {
      position++; // "\ No newline at end of file" takes a position but no line
      continue;
    }
    position++;
    if (text.startsWith("+")) {
      hunk.lines.push({ kind: "added", newLine: newLine++, position });
    } else if (text.startsWith("-")) {
      hunk.lines.push({ kind: "removed", oldLine: oldLine++, position });
    } else {
      hunk.lines.push({ kind: "context", oldLine: oldLine++, newLine: newLine++, position });
    }
  }
  return hunks;
}

/**
 * Where `line` on `side` sits in the diff: RIGHT takes added and context lines (head numbering),
 * LEFT takes removed and context lines (base numbering). Undefined when it is outside every hunk.
 */
export function locateLine(
  hunks: Hunk[],
  line: number,
  side: Side,
): { hunk: Hunk; line: DiffLine } | undefined {
  for (const hunk of hunks) {
    for (const l of hunk.lines) {
      const n = side === "RIGHT" ? l.newLine : l.oldLine;
      if (n === line) return { hunk, line: l };
    }
  }
  return undefined;
}

/** The diff line at a legacy `position`, if any. */
export function locatePosition(
  hunks: Hunk[],
  position: number,
): { hunk: Hunk; line: DiffLine } | undefined {
  for (const hunk of hunks) {
    const line = hunk.lines.find((l) => l.position === position);
    if (line) return { hunk, line };
  }
  return undefined;
}

/** The hunk text from its header down to `line`, as GitHub puts in a review comment's `diff_hunk`. */
export function diffHunkUpTo(patch: string, hunk: Hunk, line: DiffLine): string {
  const texts = patch.split("\n");
  const first = texts.findIndex((t) => HUNK_HEADER.test(t));
  return texts.slice(first + hunk.headerPosition, first + line.position + 1).join("\n");
}
