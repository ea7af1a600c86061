import { gitFileSource, type GitFileSource } from "./files/git-source.js";
import { walkDown } from "./files/repo-path.js";
import { activeDirsForChangedFiles } from "./instructions/resolve.js";

/** The base commit's files, and when the listings started for it have all ended. */
export type BaseSource = GitFileSource & { prefetched: Promise<void> };

/**
 * The base commit's files, with every directory the instruction walk will visit already being
 * listed. It reads git objects only, so it can be made while the trust check is still out; for a
 * review that takes its rules from the base commit (the default) it is the very source
 * `contextForRun` would otherwise make, only warm.
 */
export async function prepareBaseSource(
  root: string,
  base: string,
  changedPaths: readonly string[],
  signal?: AbortSignal,
): Promise<BaseSource> {
  const source = await gitFileSource(root, base, signal);
  // Not waited for here; whoever removes the clone waits for it, as its git runs in the clone.
  const prefetched =
    source.prefetch?.(activeDirsForChangedFiles(changedPaths).flatMap(walkDown)) ??
    Promise.resolve();
  return Object.assign(source, { prefetched });
}
