import * as z from "zod";
import { lineWindow, splitLines } from "../../util/bounded.js";
import { lexicalSegments } from "../../workspace/confine.js";
import { runGit } from "./run-git.js";
import { ToolError } from "../../util/errors.js";
import { defineTool } from "./tool.js";

export interface GitDiffLimits {
  readonly maxLines: number;
  readonly maxChars: number;
  /** Most of git's output held in memory; a vendored blob must not exhaust the runner. */
  readonly maxOutputChars: number;
}

export const GIT_DIFF_LIMITS: GitDiffLimits = {
  maxLines: 800,
  maxChars: 60_000,
  maxOutputChars: 64 * 1024 * 1024,
};
const MAX_LINES_CAP = 2_000;

const parameters = z.object({
  path: z
    .string()
    .min(1)
    .optional()
    .describe("Limit the diff to this file or directory (repository-relative). Defaults to all."),
  offset: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("Number of diff lines to skip, for paging. Defaults to 0."),
  max_lines: z
    .number()
    .int()
    .min(1)
    .max(MAX_LINES_CAP)
    .optional()
    .describe("Most diff lines to return. Defaults to the tool's page size."),
});

/**
 * Refs come from the run's own configuration, but an event payload is untrusted text: a value
 * starting with "-" would be read by git as an option, so only SHAs and plain ref names pass.
 */
export function isSafeRef(ref: string): boolean {
  if (/^[0-9a-f]{4,64}$/i.test(ref)) return true;
  return (
    /^[A-Za-z0-9_][A-Za-z0-9._/-]*$/.test(ref) &&
    !ref.includes("..") &&
    !ref.includes("//") &&
    !ref.endsWith("/") &&
    !ref.endsWith(".") &&
    !ref.endsWith(".lock")
  );
}

export function createGitDiff(limits: GitDiffLimits = GIT_DIFF_LIMITS) {
  return defineTool({
    name: "git_diff",
    description:
      "Show the pull request's diff (what GitHub shows: from the merge base to head), optionally " +
      `for one path. At most ${limits.maxLines} lines per call; page with offset.`,
    parameters,
    async execute(args, ctx) {
      const { base, head } = ctx.diff;
      for (const ref of [base, head]) {
        // Not a ToolError: the model did not choose the refs and cannot fix them.
        if (!isSafeRef(ref)) throw new Error(`Refusing unsafe diff ref: ${JSON.stringify(ref)}`);
      }
      // Lexical only: a file deleted at head exists in the diff but not on disk, and git reads
      // from its object store here, so the working tree's links are not on the way.
      const segments = args.path === undefined ? [] : lexicalSegments(args.path);
      const pathspec = segments.length === 0 ? [] : ["--", segments.join("/")];
      const shownPath = segments.length === 0 ? "" : ` -- ${segments.join("/")}`;
      const range = `${base}...${head}`;
      const result = await runGit(
        ctx,
        ["diff", "--no-color", "--no-ext-diff", "--no-textconv", range, ...pathspec],
        { maxBuffer: limits.maxOutputChars },
      );
      if (result.isCanceled) throw new Error("git_diff was cancelled");
      if (result.exitCode !== 0 && !result.isMaxBuffer) {
        throw new Error(`git diff ${range} failed (${result.exitCode}): ${String(result.stderr)}`);
      }

      const lines = splitLines(String(result.stdout));
      // A cut-off output ends mid-line, and its true length is unknown.
      if (result.isMaxBuffer) lines.pop();
      const total = `${result.isMaxBuffer ? "at least " : ""}${lines.length}`;
      if (lines.length === 0) return `No changes in ${range}${shownPath}.`;
      const offset = args.offset ?? 0;
      if (offset >= lines.length) {
        throw new ToolError(
          `offset ${offset} is past the end: the diff${shownPath} has ${total} lines.`,
        );
      }
      const maxLines = args.max_lines ?? limits.maxLines;
      const { text, end } = lineWindow(lines, offset, { maxLines, maxChars: limits.maxChars });
      const header = `git diff ${range}${shownPath} — lines ${offset + 1}-${end} of ${total}:`;
      if (end === lines.length && !result.isMaxBuffer) return `${header}\n${text}`;
      if (end === lines.length) {
        return `${header}\n${text}\n[The diff is too large to read further; pass a narrower path.]`;
      }
      const samePath = args.path === undefined ? "" : ` path="${args.path}"`;
      return (
        `${header}\n${text}\n[Showed diff lines ${offset + 1}-${end} of ${total}. ` +
        `Call git_diff with${samePath} offset=${end} to read on.]`
      );
    },
  });
}

export const gitDiffTool = createGitDiff();
