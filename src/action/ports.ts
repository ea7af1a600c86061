import type { Settings } from "../config/settings.js";
import { loadPromptMemory } from "../context/memory-for-run.js";
import type { MemoryStore } from "../context/memory/store.js";
import type { Journal } from "../journal/journal.js";
import { MODES } from "../modes/index.js";
import type { ModePorts } from "../modes/ports.js";
import type { ModelPort } from "../model/port.js";
import { Publisher } from "../publish/publisher.js";
import { stickyKey } from "../publish/sticky-comment.js";
import type { RunnerEnv } from "../run-context.js";
import { actorOf } from "../trigger/actor.js";
import type { Trigger } from "../trigger/trigger.js";
import { inPhase } from "../util/phase.js";
import { readAhead, startEarlyWorkspace } from "../workspace/early.js";
import type { Workspace } from "../workspace/workspace.js";

export interface ActionRun {
  settings: Settings;
  trigger: Exclude<Trigger, { kind: "ignored" | "local" }>;
  runner: RunnerEnv;
  runDir: string;
  journal: Journal;
  journalName: string;
  started: number;
  signal: AbortSignal;
  say: (text: string) => void;
  redact: (text: string) => string;
}

export interface ActionPorts {
  /** The asker's permission (the PR author or the commenter); undefined when nobody asked. */
  access: Promise<{ permission: string; roleName: string } | undefined>;
  ports: ModePorts;
  publisher: Pick<Publisher, "publishAll">;
  /** Stops and removes a clone started early, for a run that will not use it. */
  dropEarly(): Promise<void>;
}

/**
 * The action's ports for one trigger. The clone is the longest wait before the first model
 * request, so git starts first and works on another core while this process loads its GitHub and
 * HTTP clients; the trust check, the changed files, memory and the agent's modules all load
 * beside it, and are used only if the run goes ahead.
 */
export async function actionPorts(run: ActionRun): Promise<ActionPorts> {
  const { settings, trigger, runner, journal, signal } = run;
  const earlyAbort = new AbortController();
  const earlySignal = AbortSignal.any([signal, earlyAbort.signal]);
  const early = startEarlyWorkspace({
    trigger,
    settings,
    runDir: run.runDir,
    checkout: runner.workspace,
    signal: earlySignal,
  });
  const [{ createGitHubPort, createOctokit }, { memoryStoreFor }] = await Promise.all([
    import("../github/octokit.js"),
    import("../github/memory-store.js"),
  ]);
  const octokit = createOctokit({
    token: settings.githubToken,
    baseUrl: runner.apiUrl,
    onRateLimit: (secs, route) => run.say(`GitHub rate limit on ${route}; waiting ${secs} s`),
  });
  const github = createGitHubPort(octokit, trigger.repo);
  const actor = actorOf(trigger);
  const access = actor ? inPhase("trust", () => github.getPermission(actor.login)) : undefined;
  access?.catch(() => undefined);
  const ahead =
    early && trigger.kind === "pull_request"
      ? readAhead(early, trigger.baseSha, earlySignal)
      : undefined;
  let store: MemoryStore | undefined;
  const memoryStore = () => (store ??= memoryStoreFor({ octokit, repo: trigger.repo, settings }));
  const memory = loadPromptMemory(memoryStore(), trigger, settings, journal);
  const openai = () => import("../model/openai-model.js");
  // A pull request is most likely reviewed: its modules load while git and GitHub work.
  if (trigger.kind === "pull_request") {
    MODES.review().catch(() => undefined);
    openai().catch(() => undefined);
  }
  const { clonedSource } = await import("../modes/cloned-source.js");

  const publisher = new Publisher(github, {
    journal,
    stickyKey: stickyKey({
      configured: settings.commentKey,
      workflow: runner.workflow,
      job: runner.job,
      commentId: trigger.kind === "comment" ? trigger.commentId : undefined,
    }),
    botLogin: settings.botLogin,
    redact: run.redact,
  });
  const model = async (name?: string): Promise<ModelPort> =>
    (await openai()).createOpenAIModel({
      baseUrl: settings.baseUrl,
      apiKey: settings.apiKey,
      model: name ?? settings.model,
    });
  const ports: ModePorts = {
    settings,
    trigger,
    journal,
    signal,
    journalName: run.journalName,
    started: run.started,
    model,
    memory: () => memory,
    memoryStore,
    access: undefined,
    work: clonedSource({
      settings,
      trigger,
      github,
      journal,
      signal,
      runDir: run.runDir,
      checkout: runner.workspace,
      fallbackRemote: `${runner.serverUrl}/${trigger.repo.owner}/${trigger.repo.repo}.git`,
      fallbackSha: runner.sha,
      early,
      ahead,
    }),
    progress: (update) => publisher.progress(update),
    redact: run.redact,
  };
  return {
    access: access ?? Promise.resolve(undefined),
    ports,
    publisher,
    async dropEarly() {
      earlyAbort.abort();
      const ws: Workspace | undefined = await early?.catch(() => undefined);
      if (ws && !settings.keepWorkspace) await ws.dispose().catch(() => undefined);
    },
  };
}
