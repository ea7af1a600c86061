import path from "node:path";
import { readFileNoFollow } from "../files/open-no-follow.js";
import type { UserLayerEntry } from "./types.js";

/**
 * Reads a user-layer file (`instructions-file`, `--user-file`, `~/.config/rivumi/RIVUMI.md`)
 * under the same rules as project documents. Its final component is not followed: in the
 * action the file lives in a checkout, where a link could point at the runner's secrets.
 * `shown` is the path the diagnostics keep (as the user gave it). Null when there is no file.
 */
export async function readUserFile(
  absolute: string,
  shown: string,
  maxBytes: number,
): Promise<UserLayerEntry | null> {
  const check = await readFileNoFollow(absolute, maxBytes);
  return check && { path: shown, ...check };
}

/** The default user file of the CLI: `$XDG_CONFIG_HOME/rivumi/RIVUMI.md`, else under `~/.config`. */
export function defaultUserFile(env: NodeJS.ProcessEnv, home: string): string {
  const config = env.XDG_CONFIG_HOME;
  // The XDG spec says a relative value is to be ignored.
  const base = config && path.isAbsolute(config) ? config : path.join(home, ".config");
  return path.join(base, "rivumi", "RIVUMI.md");
}
