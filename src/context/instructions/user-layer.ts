import path from "node:path";
import { readFileNoFollow } from "../files/open-no-follow.js";
import { readFileUnderRoot } from "../files/open-under-root.js";
import type { UserLayerEntry } from "./types.js";

/**
 * Where a user-layer file is: `{ root, relative }` for a file inside a tree someone else may
 * have written (the action's `instructions-file` in the checkout), else an absolute path.
 */
export type UserFileLocation = string | { readonly root: string; readonly relative: string };

/**
 * Reads a user-layer file (`instructions-file`, `--user-file`, `~/.config/rivumi/RIVUMI.md`)
 * under the same rules as project documents. In a root no link is followed anywhere below it:
 * a pull request checked out by `pull_request_target` could otherwise turn a directory on the
 * way into a link to the runner's secrets. An absolute path is the CLI user's own file, where
 * a linked directory (a dotfiles repository linked to `~/.config/rivumi`) is theirs to make, so
 * only its final component is not followed, as a project document's is not. `shown` is the path
 * the diagnostics keep (as the user gave it). Null when there is no file; a root-relative path
 * that leaves its root throws `OutsideRootError`.
 */
export async function readUserFile(
  file: UserFileLocation,
  shown: string,
  maxBytes: number,
): Promise<UserLayerEntry | null> {
  const check =
    typeof file === "string"
      ? await readFileNoFollow(file, maxBytes)
      : await readFileUnderRoot(file.root, file.relative, maxBytes);
  return check && { path: shown, ...check };
}

/** The default user file of the CLI: `$XDG_CONFIG_HOME/rivumi/RIVUMI.md`, else under `~/.config`. */
export function defaultUserFile(env: NodeJS.ProcessEnv, home: string): string {
  const config = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is to be ignored.
  const base = config && path.isAbsolute(config) ? config : path.join(home, ".config");
  return path.join(base, "rivumi", "RIVUMI.md");
}
