import type { PullFile } from "../github/port.js";
import type { DiffFile, FileStatus } from "./diff-parse.js";
import { git } from "./git.js";

const STATUS: Record<string, string> = {
  A: "added",
  D: "removed",
  M: "modified",
  T: "changed",
  R: "renamed",
  C: "copied",
};

/**
 * Files above this size count as binary ("-" lines): a pull request that rewrites a 100 MB file
 * must not make the line count take minutes. The agent's own `git_diff` still shows them.
 */
const LINE_COUNT_MAX_BYTES = "4m";

/**
 * The files changed between two commits, with line counts, read from git rather than GitHub: the
 * workspace already holds both commits, so this needs no API call, and unlike GitHub's file list
 * (which stops at 3,000 files) it is never cut short. Renames are detected as GitHub does.
 */
export async function changedFiles(
  root: string,
  from: string,
  to: string,
  signal?: AbortSignal,
): Promise<PullFile[]> {
  // One diff, two listings: `--raw` gives each file's status, `--numstat` its line counts.
  const out = await git(
    root,
    [
      "-c",
      `core.bigFileThreshold=${LINE_COUNT_MAX_BYTES}`,
      "diff",
      "--no-color",
      "--no-ext-diff",
      "--no-textconv",
      "-M",
      "-z",
      "--raw",
      "--numstat",
      from,
      to,
    ],
    signal ? { signal } : {},
  );
  return parseRawNumstat(out);
}

/**
 * Parses `git diff -z --raw --numstat`. Raw records are ":<modes> <blobs> <status>" followed by
 * one path, or two for a rename or copy; numstat records are "<added>\t<deleted>\t<path>", or
 * "<added>\t<deleted>\t" followed by the old and the new path. With -z no path is quoted, so a
 * path may hold a tab or a newline; fields are taken by position, never by looking at a path.
 */
export function parseRawNumstat(out: string): PullFile[] {
  const tokens = out.split("\0");
  const statusOf = new Map<string, string>();
  const files: PullFile[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith(":")) {
      const letter = token.split(" ").at(-1)?.charAt(0) ?? "M";
      if (letter === "R" || letter === "C") i++; // the old path; the new one names the file
      statusOf.set(tokens[++i] ?? "", STATUS[letter] ?? "modified");
    } else if (token !== "") {
      const [add = "0", del = "0", ...name] = token.split("\t");
      let path = name.join("\t");
      let previousPath: string | undefined;
      if (path === "") {
        previousPath = tokens[++i] ?? "";
        path = tokens[++i] ?? "";
      }
      files.push({
        path,
        status: "modified",
        // A binary file counts "-" lines.
        additions: Number(add) || 0,
        deletions: Number(del) || 0,
        ...(previousPath !== undefined ? { previousPath } : {}),
      });
    }
  }
  return files.map((f) => ({ ...f, status: statusOf.get(f.path) ?? "modified" }));
}

/** The hunk index's statuses in the words GitHub's file list uses. */
const PULL_STATUS: Record<FileStatus, string> = {
  added: "added",
  deleted: "removed",
  modified: "modified",
  renamed: "renamed",
  copied: "copied",
  "type-changed": "changed",
  "mode-changed": "modified",
};

/**
 * The changed files as the hunk index parsed them. A run that indexes the diff anyway takes its
 * file list from there instead of asking git for a second diff: at 20,000 files that diff costs
 * about a second, and its renames (git's default limit) could disagree with the index's.
 */
export function filesOfIndex(files: readonly DiffFile[]): PullFile[] {
  return files.map((f) => ({
    path: f.path,
    status: PULL_STATUS[f.status],
    additions: f.additions,
    deletions: f.deletions,
    ...(f.oldPath !== undefined ? { previousPath: f.oldPath } : {}),
  }));
}
