// What the verify command may read and execute beyond the system's own folders (confine.py grants
// /usr, /bin, /lib*, /etc without its secrets), what it must never be granted, and its environment.
// The host's environment is read here only, to name those folders; none of it is passed on.
import { existsSync, realpathSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { basename, dirname, isAbsolute } from "node:path";
import { driverPath } from "../rlm/sandbox.js";

export interface HostLayout {
  /** Folders granted read and execute: the node that runs Rivumi, tool caches, PATH's folders. */
  reads: string[];
  /**
   * Folders no grant may hold (be, or be a parent of): the runner's home and temp, its workspace,
   * the shared temp folder (other runs' workspaces, the REPL's folders), this run's own workspace.
   */
  denied: string[];
  /** The command's PATH: the runner's, as the workflow set it. */
  path: string;
}

export function hostLayout(workspace: string, env: NodeJS.ProcessEnv = process.env): HostLayout {
  const denied = unique(
    [
      homedir(),
      env.HOME,
      env.RUNNER_TEMP,
      env.RUNNER_WORKSPACE,
      env.GITHUB_WORKSPACE,
      env.GITHUB_ACTION_PATH,
      tmpdir(),
      process.cwd(),
      workspace,
      // Rivumi's own files: the bundle's folder and the action's checkout around it.
      dirname(driverPath("confine.py")),
      dirname(dirname(driverPath("confine.py"))),
    ].flatMap((p) => (p && isAbsolute(p) ? [real(p)] : [])),
  );
  const path = env.PATH ?? "/usr/local/bin:/usr/bin:/bin";
  const tools = [env.RUNNER_TOOL_CACHE, "/opt/hostedtoolcache"];
  // A folder of the home, the temp or a checkout on PATH is theirs: it stays out, as named and
  // where it leads.
  const inside = (p: string) => denied.some((d) => d !== "/" && (p === d || p.startsWith(d + "/")));
  const fromPath = path
    .split(":")
    .filter((dir) => isAbsolute(dir) && !inside(dir) && !inside(real(dir)));
  const reads = unique(
    [nodePrefix(), ...tools, ...fromPath].flatMap((p) => (p && existsSync(p) ? [real(p)] : [])),
  );
  return { reads, denied, path };
}

/**
 * The installation of the node running Rivumi (`…/node24` of `…/node24/bin/node`), or just its
 * executable where it does not sit in a `bin` folder.
 */
function nodePrefix(): string {
  const exe = real(process.execPath);
  return basename(dirname(exe)) === "bin" ? dirname(dirname(exe)) : exe;
}

/** Only what a build needs; no token, key, input or runner variable. */
export function commandEnv(
  layout: HostLayout,
  home: string,
  tmp: string,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  return {
    PATH: layout.path,
    HOME: home,
    TMPDIR: tmp,
    LANG: env.LANG || "C.UTF-8",
    ...(env.TZ ? { TZ: env.TZ } : {}),
    CI: "true",
  };
}

function real(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
