import type { Settings } from "../config/settings.js";
import type { Trigger } from "../trigger/trigger.js";
import { createWorkspace, type Workspace } from "./workspace.js";

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
  const early = createWorkspace({
    runDir: opts.runDir,
    checkout: opts.checkout,
    remoteUrl: t.cloneUrl,
    token: opts.settings.githubToken,
    head: t.headSha,
    base: t.baseSha,
    headRef: `refs/pull/${t.number}/head`,
    signal: opts.signal,
  });
  early.catch(() => undefined); // awaited by runAgent, or disposed of by main
  return early;
}
