import { gitFileSource, type GitFileSource } from "./files/git-source.js";
import { walkDown } from "./files/repo-path.js";
import { activeDirsForChangedFiles } from "./instructions/resolve.js";

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
): Promise<GitFileSource> {
  const source = await gitFileSource(root, base, signal);
  void source.prefetch?.(activeDirsForChangedFiles(changedPaths).flatMap(walkDown));
  return source;
}
