import type { Journal } from "../journal/journal.js";
import { activeDirsForChangedFiles } from "../context/instructions/resolve.js";
import type { WorkSource } from "../modes/ports.js";
import { localContext } from "./local-context.js";
import type { LocalDiff } from "./snapshot.js";

/**
 * The CLI's workspace: the user's own working tree, snapshotted as a commit so the diff is fixed.
 * It is never removed; instructions are read from the working tree and reload after edits.
 */
export function localSource(
  diff: LocalDiff,
  opts: { userFile: string | undefined; artifacts: string; journal: Journal },
): WorkSource {
  return {
    target: () =>
      Promise.resolve({
        fork: false,
        head: diff.head,
        base: diff.mergeBase,
        cloneUrl: diff.root,
        pull: undefined,
      }),
    open: () =>
      Promise.resolve({
        root: diff.root,
        head: diff.head,
        mergeBase: diff.mergeBase,
        artifacts: opts.artifacts,
        source: "local",
        files: diff.files,
        context: async (memory) => ({
          ...(await localContext({
            root: diff.root,
            memory,
            activeDirs: activeDirsForChangedFiles(diff.files.map((f) => f.path)),
            userFile: opts.userFile,
            journal: opts.journal,
          })),
          edits: false,
          notices: [],
        }),
        dispose: () => Promise.resolve(),
      }),
  };
}
