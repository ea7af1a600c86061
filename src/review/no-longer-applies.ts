// Which findings of earlier reviews no longer apply: their quoted line is not in the file at the
// new head any more, their file is gone, or the pull request no longer changes that file.
// Judged by the code from the state's hash of each quoted line, never by a model.
import type { GoneFinding } from "../outcome/outcome.js";
import type { PostedFinding } from "../outcome/review.js";
import { quoteHash } from "./state.js";
import { runGitProcess } from "../workspace/git.js";

/** Largest file read to look for a quoted line; past it the finding is kept as it is. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface Gone {
  findings: GoneFinding[];
  /** Their fingerprints, for the state to forget. */
  fingerprints: string[];
}

export async function findingsGone(opts: {
  root: string;
  head: string;
  /** Paths the pull request changes at this head. */
  changed: ReadonlySet<string>;
  posted: readonly PostedFinding[];
  signal: AbortSignal;
}): Promise<Gone> {
  const out: Gone = { findings: [], fingerprints: [] };
  const lines = new Map<string, Promise<Set<string> | "missing" | "unread">>();
  const linesOf = (path: string) => {
    let got = lines.get(path);
    if (!got) {
      got = readLineHashes(opts.root, opts.head, path, opts.signal);
      lines.set(path, got);
    }
    return got;
  };
  for (const p of opts.posted) {
    let reason: string | undefined;
    if (!opts.changed.has(p.p)) reason = "the pull request no longer changes this file";
    else if (p.q !== undefined) {
      const hashes = await linesOf(p.p);
      if (hashes === "missing") reason = "the file is gone";
      else if (hashes !== "unread" && !hashes.has(p.q)) reason = "its line was changed or removed";
    }
    if (!reason) continue;
    out.findings.push({ path: p.p, line: p.l, title: p.t, reason });
    out.fingerprints.push(p.f);
  }
  return out;
}

async function readLineHashes(
  root: string,
  head: string,
  path: string,
  signal: AbortSignal,
): Promise<Set<string> | "missing" | "unread"> {
  const lines = await readLines(root, head, path, signal);
  return typeof lines === "string" ? lines : new Set(lines.map(quoteHash));
}

async function readLines(
  root: string,
  head: string,
  path: string,
  signal: AbortSignal,
): Promise<string[] | "missing" | "unread"> {
  const shown = await runGitProcess(root, ["cat-file", "blob", `${head}:${path}`], {
    signal,
    maxBuffer: MAX_FILE_BYTES,
  });
  if (shown.overflow) return "unread";
  if (shown.code !== 0) {
    const exists = await runGitProcess(root, ["cat-file", "-e", `${head}:${path}`], { signal });
    return exists.code === 0 ? "unread" : "missing";
  }
  return shown.stdout.split("\n");
}

/**
 * The hash of each line (`quoteHash`, by 1-based line number at index line - 1) of the files at
 * `head`, read once per path: "missing" when the file is not there, "unread" when too large.
 */
export function headLineHashes(
  root: string,
  head: string,
  signal: AbortSignal,
): (path: string) => Promise<string[] | "missing" | "unread"> {
  const read = new Map<string, Promise<string[] | "missing" | "unread">>();
  return (path) => {
    let got = read.get(path);
    if (!got) {
      got = readLines(root, head, path, signal).then(
        (lines) => (typeof lines === "string" ? lines : lines.map(quoteHash)),
        () => "unread" as const,
      );
      read.set(path, got);
    }
    return got;
  };
}
