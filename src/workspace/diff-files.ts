import type { PullFile } from "../github/port.js";
import { git } from "./git.js";

const STATUS: Record<string, string> = { A: "added", D: "removed", M: "modified", T: "changed" };

/**
 * The files changed between two commits, with line counts, read from git rather than GitHub: the
 * workspace already holds both commits, so this needs no API call, and unlike GitHub's file list
 * (which stops at 3,000 files) it is never cut short.
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
    ["diff", "--no-color", "--no-renames", "-z", "--raw", "--numstat", from, to],
    signal ? { signal } : {},
  );
  const tokens = out.split("\0");
  const statusOf = new Map<string, string>();
  const counts: Array<{ path: string; additions: number; deletions: number }> = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.startsWith(":")) {
      // ":<mode> <mode> <blob> <blob> <status>" and then the path, as its own field.
      const status = token.split(" ").at(-1)?.charAt(0) ?? "M";
      statusOf.set(tokens[++i] ?? "", STATUS[status] ?? "modified");
    } else if (token !== "") {
      // "<added>\t<deleted>\t<path>"; with -z a path is not quoted and may hold a tab.
      const [add = "0", del = "0", ...name] = token.split("\t");
      // A binary file counts "-" lines.
      counts.push({
        path: name.join("\t"),
        additions: Number(add) || 0,
        deletions: Number(del) || 0,
      });
    }
  }
  return counts.map((c) => ({ ...c, status: statusOf.get(c.path) ?? "modified" }));
}
