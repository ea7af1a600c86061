import type { Settings } from "./config/settings.js";
import type { GitHubPort, PullFile, PullRequestInfo } from "./github/port.js";
import type { Journal } from "./journal/journal.js";
import type { ModelPort } from "./model/port.js";
import { runSession, type SessionResult } from "./agent/session.js";
import type { AgentPlan } from "./plan/plan.js";
import { renderProgress } from "./publish/render.js";
import type { StickyComment } from "./publish/sticky-comment.js";
import type { Trigger } from "./trigger/trigger.js";
import { createWorkspace, type Workspace } from "./workspace/workspace.js";

/** Which stage failed; `main` turns it into a message that says where to look. */
export class PhaseError extends Error {
  override readonly name = "PhaseError";
  constructor(
    readonly phase: string,
    cause: unknown,
  ) {
    super(`${phase}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

export async function inPhase<T>(phase: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof PhaseError ? error : new PhaseError(phase, error);
  }
}

export interface AgentRunDeps {
  settings: Settings;
  trigger: Trigger;
  plan: AgentPlan;
  github: GitHubPort;
  model: ModelPort;
  journal: Journal;
  signal: AbortSignal;
  runDir: string;
  /** The runner's checkout (GITHUB_WORKSPACE), read only. */
  checkout: string | undefined;
  /** Fetch URL when there is no pull request to ask (workflow_dispatch). */
  fallbackRemote: string;
  /** The sha the workflow ran for (GITHUB_SHA), used when there is no pull request. */
  fallbackSha: string;
  /** Resolves the sticky comment for a pull request; undefined for repository-level tasks. */
  sticky: (pr: number) => Promise<StickyComment>;
  /** Registers the workspace so `main` can remove it in `finally`. */
  onWorkspace: (ws: Workspace) => void;
}

export interface AgentRunResult extends SessionResult {
  sticky: StickyComment | undefined;
}

/** The stages from workspace to agent loop, for one pull request or repository task. */
export async function runAgent(deps: AgentRunDeps): Promise<AgentRunResult> {
  const { plan, trigger, github, settings, journal } = deps;
  const pull: PullRequestInfo | undefined =
    plan.pr !== undefined ? await inPhase("github", () => github.getPull(plan.pr!)) : undefined;
  // A pull_request event pins the commits it was raised for; later pushes get their own run.
  const head =
    trigger.kind === "pull_request" ? trigger.headSha : (pull?.headSha ?? deps.fallbackSha);
  const base =
    trigger.kind === "pull_request" ? trigger.baseSha : (pull?.baseSha ?? deps.fallbackSha);
  const files: PullFile[] =
    plan.pr !== undefined ? await inPhase("github", () => github.listPullFiles(plan.pr!)) : [];

  const sticky =
    plan.pr !== undefined ? await inPhase("publish", () => deps.sticky(plan.pr!)) : undefined;
  if (sticky) {
    const { action, comment } = await inPhase("publish", () =>
      sticky.upsert(renderProgress(plan.task, head)),
    );
    journal.emit({
      type: "publish.comment",
      action,
      id: comment.id,
      url: comment.url,
      state: "progress",
      bytes: comment.body.length,
    });
  }

  const started = Date.now();
  const ws = await inPhase("workspace", () =>
    createWorkspace({
      runDir: deps.runDir,
      checkout: deps.checkout,
      remoteUrl: pull?.cloneUrl ?? deps.fallbackRemote,
      token: settings.githubToken,
      head,
      base,
      ...(plan.pr !== undefined ? { headRef: `refs/pull/${plan.pr}/head` } : {}),
      signal: deps.signal,
    }),
  );
  deps.onWorkspace(ws);
  journal.emit({
    type: "workspace.created",
    path: ws.root,
    head: ws.head,
    base: ws.mergeBase,
    source: ws.source,
    ms: Date.now() - started,
  });

  const session = await runSession({
    root: ws.root,
    mergeBase: ws.mergeBase,
    head: ws.head,
    files,
    task: plan.task,
    purpose: plan.purpose,
    trusted: plan.trusted,
    repository: trigger.kind === "ignored" ? "" : `${trigger.repo.owner}/${trigger.repo.repo}`,
    event: trigger.kind,
    pr: pull,
    budgets: { ...settings, prices: settings.prices },
    model: deps.model,
    journal,
    signal: deps.signal,
  });
  return { ...session, sticky };
}
