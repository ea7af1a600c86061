import { indexPullDiff, type PullDiff } from "./pull-diff.js";
import type { WorkspaceCommits } from "./workspace.js";

/** What a clone warmed up ahead of time lets a run read before it knows whether it goes ahead. */
export interface WarmReads<Base> extends PullDiff {
  /** The base commit's source, its instruction directories already being listed. */
  baseSource: Promise<Base>;
}

/**
 * Makes the base commit's source from the clone (context's `prepareBaseSource`). It is passed in
 * because the source is context's business: the workspace only knows when the clone can serve it.
 */
export type PrepareBase<Base> = (
  root: string,
  base: string,
  changedPaths: readonly string[],
  signal: AbortSignal,
) => Promise<Base>;

/**
 * Reads only git objects of a clone whose commits are known, so it may run beside the trust check
 * and beside the checkout of its working tree: the pull request's diff, indexed into the run
 * folder (which also gives the changed files), then the base commit's trees that the instruction
 * walk will need. `signal` stops the git processes when the run no longer wants them.
 */
export async function warmReads<Base>(
  commits: Promise<WorkspaceCommits>,
  at: { baseSha: string; runDir: string; maxFileBytes: number; prepareBase: PrepareBase<Base> },
  signal: AbortSignal,
): Promise<WarmReads<Base>> {
  const ws = await commits;
  const diff = await indexPullDiff({
    root: ws.root,
    mergeBase: ws.mergeBase,
    head: ws.head,
    runDir: at.runDir,
    maxFileBytes: at.maxFileBytes,
    signal,
  });
  const changed = diff.files.map((f) => f.path);
  const baseSource = at.prepareBase(ws.root, at.baseSha, changed, signal);
  baseSource.catch(() => undefined); // awaited by the context, which then reads the base itself
  return { ...diff, baseSource };
}
