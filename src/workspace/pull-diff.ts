import { rm } from "node:fs/promises";
import { join } from "node:path";
import type { PullFile } from "../github/port.js";
import { filesOfIndex } from "./diff-files.js";
import { buildHunkIndex, type HunkIndex } from "./hunk-index.js";

/** The pull request's own diff, indexed once, and the changed files read from it. */
export interface PullDiff {
  index: HunkIndex;
  files: PullFile[];
}

/** Where a run keeps the index of its pull request's diff: `<runDir>/diff`. */
const pullDiffDir = (runDir: string) => join(runDir, "diff");

/**
 * Indexes the diff between the merge base and the head in the run folder. The review reads its
 * hunks from this index and the rest of the run its file list, so git computes the diff, and
 * detects its renames, once per run.
 */
export async function indexPullDiff(opts: {
  root: string;
  mergeBase: string;
  head: string;
  runDir: string;
  maxFileBytes: number;
  signal?: AbortSignal;
}): Promise<PullDiff> {
  const index = await buildHunkIndex({
    root: opts.root,
    from: opts.mergeBase,
    to: opts.head,
    runDir: pullDiffDir(opts.runDir),
    maxFileBytes: opts.maxFileBytes,
    ...(opts.signal ? { signal: opts.signal } : {}),
  });
  return { index, files: filesOfIndex(index.files) };
}

/** Removes the index `indexPullDiff` kept; it holds the pull request's code. */
export function removePullDiff(runDir: string): Promise<void> {
  return rm(pullDiffDir(runDir), { recursive: true, force: true });
}
