/**
 * Where a review comment lands in a pull request's diff, by GitHub's rules: a line comment must sit
 * on a line of its file's diff (RIGHT: added or context lines by head numbering; LEFT: removed or
 * context lines by base numbering); otherwise GitHub refuses it with 422.
 */
import { diffHunkUpTo, locateLine, locatePosition, parseHunks, type Side } from "./diff-hunks.js";
import { unprocessable } from "./github-http.js";
import type { PullRecord, ReviewCommentRecord } from "./github-types.js";

export interface CommentInput {
  path: string;
  body: string;
  line?: number;
  side?: string;
  start_line?: number;
  start_side?: string;
  position?: number;
  subject_type?: "line" | "file";
}

export type Placement = Pick<
  ReviewCommentRecord,
  "path" | "subjectType" | "line" | "side" | "startLine" | "startSide" | "position" | "diffHunk"
>;

const OFF_DIFF = "Pull request review thread line must be part of the diff";

/** Where a review comment lands in the diff, or the 422 GitHub gives. */
export function place(pull: PullRecord, c: CommentInput): Placement {
  const file = pull.files.find((f) => f.filename === c.path);
  if (!file) throw unprocessable("Path could not be resolved");
  const none = { line: undefined, side: undefined, startLine: undefined, startSide: undefined };
  if (c.subject_type === "file") {
    return { path: c.path, subjectType: "file", ...none, position: undefined, diffHunk: "" };
  }
  if (file.patch === undefined) throw unprocessable(OFF_DIFF);
  const hunks = parseHunks(file.patch);

  if (c.line === undefined) {
    if (c.position === undefined) throw unprocessable("Either line or position is required");
    const at = locatePosition(hunks, c.position);
    if (!at) throw unprocessable(OFF_DIFF);
    const left = at.line.kind === "removed";
    return {
      path: c.path,
      subjectType: "line",
      ...none,
      line: left ? at.line.oldLine : at.line.newLine,
      side: left ? "LEFT" : "RIGHT",
      position: at.line.position,
      diffHunk: diffHunkUpTo(file.patch, at.hunk, at.line),
    };
  }

  const side = sideOf(c.side ?? "RIGHT");
  const at = locateLine(hunks, c.line, side);
  if (!at) throw unprocessable(OFF_DIFF);
  let startLine: number | undefined;
  let startSide: Side | undefined;
  if (c.start_line !== undefined) {
    startSide = sideOf(c.start_side ?? side);
    const start = locateLine(hunks, c.start_line, startSide);
    if (!start)
      throw unprocessable("Pull request review thread start line must be part of the diff");
    if (start.hunk !== at.hunk) {
      throw unprocessable(
        "Pull request review thread start line must be part of the same hunk as the line.",
      );
    }
    if (start.line.position >= at.line.position) {
      throw unprocessable("start_line must precede line");
    }
    startLine = c.start_line;
  }
  return {
    path: c.path,
    subjectType: "line",
    line: c.line,
    side,
    startLine,
    startSide,
    position: at.line.position,
    diffHunk: diffHunkUpTo(file.patch, at.hunk, at.line),
  };
}

function sideOf(value: string): Side {
  if (value === "LEFT" || value === "RIGHT") return value;
  throw unprocessable(`Side "${value}" is not LEFT or RIGHT`);
}
