import type { Settings } from "./config/settings.js";
import type { GitHubPort, PullRequestInfo } from "./github/port.js";
import type { Journal } from "./journal/journal.js";
import { createOpenAIModel } from "./model/openai-model.js";
import type { ModelPort } from "./model/port.js";
import { inPhase } from "./util/phase.js";
import { runSession, type SessionContext, type SessionResult } from "./agent/session.js";
import { editTools } from "./agent/tools/edit-tools.js";
import { saveChanges } from "./workspace/changes.js";
import { contextForRun, shouldSendCacheKey } from "./context/for-run.js";
import type { InstructionDiagnostics } from "./context/instructions/types.js";
import { join } from "node:path";
import type { AgentPlan } from "./plan/plan.js";
import { renderProgress } from "./publish/render.js";
import type { StickyComment } from "./publish/sticky-comment.js";
import type { Trigger } from "./trigger/trigger.js";
import { changedFiles } from "./workspace/diff-files.js";
import type { EarlyReads } from "./workspace/early.js";
import { createWorkspace, type Workspace } from "./workspace/workspace.js";

export interface AgentRunDeps {
  settings: Settings;
  trigger: Trigger;
  plan: AgentPlan;
  github: GitHubPort;
  /** The model to use; the OpenAI-compatible endpoint from the settings when omitted. */
  model?: ModelPort;
  journal: Journal;
  signal: AbortSignal;
  runDir: string;
  /** The runner's checkout (GITHUB_WORKSPACE), read only. */
  checkout: string | undefined;
  /** Fetch URL when there is no pull request to ask (workflow_dispatch). */
  fallbackRemote: string;
  /** The sha the workflow ran for (GITHUB_SHA), used when there is no pull request. */
  fallbackSha: string;
  /** The sticky comment of a pull request (one per pull request and run). */
  sticky: (pr: number) => StickyComment;
  /** Explicit memory for the prompt's memory section, being loaded while the workspace is cloned. */
  memory?: Promise<SessionContext["memory"]>;
  /** A workspace already being made for this trigger (see `startEarlyWorkspace`). */
  early?: Promise<Workspace | undefined> | undefined;
  /** What was read from the early workspace beside the trust check (see `readAhead`). */
  ahead?: Promise<EarlyReads | undefined>;
  /** Registers the workspace so `main` can remove it in `finally`. */
  onWorkspace: (ws: Workspace) => void;
}

export interface AgentRunResult extends SessionResult {
  sticky: StickyComment | undefined;
  instructions: InstructionDiagnostics;
  notices: string[];
  /** The agent's edits as a patch in the run artifacts (task runs with `allow-edits`). */
  changes: { file: string; files: number; bytes: number } | undefined;
}

interface Target {
  fork: boolean;
  head: string;
  base: string;
  cloneUrl: string;
  pull: { number: number; title: string; body: string } | undefined;
}

/** Which commits to review. A pull_request event pins the commits it was raised for. */
async function resolveTarget(deps: AgentRunDeps): Promise<Target> {
  const { trigger, plan } = deps;
  if (trigger.kind === "pull_request") {
    const { headSha: head, baseSha: base, cloneUrl, number, title, body } = trigger;
    return { fork: trigger.isFork, head, base, cloneUrl, pull: { number, title, body } };
  }
  if (plan.pr === undefined) {
    return {
      fork: false,
      head: deps.fallbackSha,
      base: deps.fallbackSha,
      cloneUrl: deps.fallbackRemote,
      pull: undefined,
    };
  }
  const pr = plan.pr;
  const pull: PullRequestInfo = await inPhase("github", () => deps.github.getPull(pr));
  const fork = pull.headRepo.toLowerCase() !== pull.baseRepo.toLowerCase();
  return { fork, head: pull.headSha, base: pull.baseSha, cloneUrl: pull.cloneUrl, pull };
}

/**
 * The stages from workspace to agent loop, for one pull request or repository task. The progress
 * comment and the changed-file list are fetched while the workspace is being cloned, so the first
 * model request waits only for what it needs.
 */
export async function runAgent(deps: AgentRunDeps): Promise<AgentRunResult> {
  const { plan, trigger, settings, journal } = deps;
  const target = await resolveTarget(deps);
  const pr = plan.pr;

  const sticky = pr !== undefined ? deps.sticky(pr) : undefined;
  // Best effort: a failed progress note must not stop the review; the final upsert tries again.
  void sticky?.upsert(renderProgress(plan.task, target.head)).then(
    ({ action, comment }) =>
      journal.emit({
        type: "publish.comment",
        action,
        id: comment.id,
        url: comment.url,
        state: "progress",
        bytes: comment.body.length,
      }),
    (error: unknown) =>
      journal.emit({
        type: "publish.failed",
        target: "progress comment",
        error: error instanceof Error ? error.message : String(error),
      }),
  );
  const memory = deps.memory ?? Promise.resolve({ entries: [], source: undefined });

  const started = Date.now();
  let earlyWs: Workspace | undefined;
  const ws = await inPhase(
    "workspace",
    async () =>
      (earlyWs = await deps.early) ??
      createWorkspace({
        runDir: deps.runDir,
        checkout: deps.checkout,
        remoteUrl: target.cloneUrl,
        token: settings.githubToken,
        head: target.head,
        base: target.base,
        ...(pr !== undefined ? { headRef: `refs/pull/${pr}/head` } : {}),
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

  // Read ahead only for the early workspace; otherwise (or if that failed) read them now.
  const ahead = earlyWs ? await deps.ahead?.catch(() => undefined) : undefined;
  const changed =
    ahead?.files ??
    (await inPhase("workspace", () => changedFiles(ws.root, ws.mergeBase, ws.head, deps.signal)));
  const context = await inPhase("context", () =>
    contextForRun({
      settings,
      plan,
      root: ws.root,
      fork: target.fork,
      base: target.base,
      head: ws.head,
      changedPaths: changed.map((f) => f.path),
      checkout: deps.checkout,
      memory: { entries: [], source: undefined },
      baseSource: ahead?.baseSource,
      editTools,
      journal,
    }),
  );
  // Memory was loading all along; it only fills the last prompt section.
  context.context.memory = await memory;
  const session = await runSession({
    root: ws.root,
    mergeBase: ws.mergeBase,
    head: ws.head,
    files: changed,
    task: plan.task,
    purpose: plan.purpose,
    trusted: plan.trusted,
    repository: trigger.kind === "ignored" ? "" : `${trigger.repo.owner}/${trigger.repo.repo}`,
    event: trigger.kind,
    pr: target.pull,
    budgets: { ...settings, prices: settings.prices },
    model:
      deps.model ??
      createOpenAIModel({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: settings.model,
      }),
    journal,
    signal: deps.signal,
    context: context.context,
    sendCacheKey: shouldSendCacheKey(settings.promptCacheKey, settings.baseUrl),
  });
  const changesFile = context.edits ? join(ws.artifacts, "changes.patch") : undefined;
  const saved = changesFile ? await saveChanges(ws.root, ws.head, changesFile) : undefined;
  return {
    ...session,
    sticky,
    instructions: context.resolution.diagnostics,
    notices: context.notices,
    changes: saved && changesFile ? { file: changesFile, ...saved } : undefined,
  };
}
