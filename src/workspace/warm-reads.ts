import type { Settings } from "../config/settings.js";
import type { Trigger } from "../trigger/trigger.js";
import { indexPullDiff, type PullDiff } from "./pull-diff.js";
import { startWorkspace, type Workspace, type WorkspaceCommits } from "./workspace.js";

/**
 * For a pull_request event everything the workspace needs is in the payload, so the clone can
 * start while GitHub answers the trust check. Cloning untrusted code as data is safe; a run that
 * is then skipped only disposes of it.
 */
export function startEarlyWorkspace(opts: {
  trigger: Trigger;
  settings: Settings;
  runDir: string;
  checkout: string | undefined;
  signal: AbortSignal;
}): Promise<Workspace> | undefined {
  const t = opts.trigger;
  if (t.kind !== "pull_request" || (t.event === "pull_request" && t.isFork)) return undefined;
  const start = startWorkspace({
    runDir: opts.runDir,
    checkout: opts.checkout,
    remoteUrl: t.cloneUrl,
    token: opts.settings.githubToken,
    head: t.headSha,
    base: t.baseSha,
    headRef: `refs/pull/${t.number}/head`,
    worktree: "on-demand",
    signal: opts.signal,
  });
  const early = start.workspace;
  early.catch(() => undefined); // awaited by runAgent, or disposed of by main
  start.commits.catch(() => undefined); // the workspace's promise carries the same failure
  commitsOf.set(early, start.commits);
  return early;
}

/**
 * The commits of each early workspace, known before its checkout ends: `readAhead`, given the
 * workspace's promise, reads git objects from them while the working tree is still being written.
 */
const commitsOf = new WeakMap<Promise<Workspace | undefined>, Promise<WorkspaceCommits>>();

/** What the early workspace lets a run read before it knows whether it goes ahead. */
export interface EarlyReads<Base> extends PullDiff {
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
 * Reads only git objects of the early workspace, so it may run beside the trust check and beside
 * the checkout of its working tree: the pull request's diff, indexed into the run folder (which
 * also gives the changed files), then the base commit's trees that the instruction walk will
 * need. `signal` stops the git processes when the run is skipped, refused or cancelled.
 */
export function readAhead<Base>(
  early: Promise<Workspace | undefined>,
  at: { baseSha: string; runDir: string; maxFileBytes: number; prepareBase: PrepareBase<Base> },
  signal: AbortSignal,
): Promise<EarlyReads<Base> | undefined> {
  const commits: Promise<WorkspaceCommits | undefined> = commitsOf.get(early) ?? early;
  const reads = commits.then(async (ws) => {
    if (!ws) return undefined;
    const diff = await indexPullDiff({
      root: ws.root,
      mergeBase: ws.mergeBase,
      head: ws.head,
      runDir: at.runDir,
      maxFileBytes: at.maxFileBytes,
      signal,
    });
    const baseSource = at.prepareBase(
      ws.root,
      at.baseSha,
      diff.files.map((f) => f.path),
      signal,
    );
    baseSource.catch(() => undefined);
    return { ...diff, baseSource };
  });
  reads.catch(() => undefined); // used by runAgent, which falls back to reading these itself
  return reads;
}
