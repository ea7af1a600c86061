import { join } from "node:path";
import type { Settings } from "../config/settings.js";
import { loadPromptMemory } from "../context/memory-for-run.js";
import type { Journal } from "../journal/journal.js";
import type { Annotation } from "../outcome/outcome.js";
import { MODES } from "../modes/index.js";
import { endpointRecorder } from "../model/endpoint-event.js";
import { negotiationFor } from "../model/negotiation.js";
import type { ModePorts } from "../modes/ports.js";
import { Publisher } from "../publish/publisher.js";
import { FEATURE_TEXTS } from "./feature-texts.js";
import { httpFetch } from "./http-fetch.js";
import { publishReview } from "../review/publish.js";
import { stickyKey } from "../publish/sticky-comment.js";
import type { RunnerEnv } from "../runner-env.js";
import { actorOf } from "../trigger/actor.js";
import { readState } from "../review/state.js";
import { isReviewCommand } from "../trigger/command.js";
import type { Trigger } from "../trigger/trigger.js";
import { WorkspaceProvider } from "../review/workspace-provider.js";

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
  /** Writes one annotation to the run, through the action's log (see `ActionLog`). */
  annotate: (annotation: Annotation) => Promise<void>;
  redact: (text: string) => string;
}

export interface ActionPorts {
  /** The asker's permission (the PR author or the commenter); undefined when nobody asked. */
  access: Promise<{ permission: string; roleName: string } | undefined>;
  ports: ModePorts;
  publisher: Pick<Publisher, "publishAll" | "linkArtifact">;
  /** Ends the run's workspaces: stops a warm-up, removes what is left (see `WorkspaceProvider`). */
  closeWorkspaces(): Promise<void>;
}

/**
 * The action's ports for one trigger. The clone is the longest wait before the first model
 * request, so git starts first and works on another core while this process loads its GitHub and
 * HTTP clients; the trust check, the changed files, memory and the agent's modules all load
 * beside it, and are used only if the run goes ahead.
 */
export async function actionPorts(run: ActionRun): Promise<ActionPorts> {
  const { settings, trigger, runner, journal, signal } = run;
  const workspaces = new WorkspaceProvider({
    settings,
    trigger,
    // GitHub's port is made below, while git works; only a mode asks for a pull request.
    getPull: (pr) => github.getPull(pr),
    journal,
    signal,
    runDir: run.runDir,
    checkout: runner.workspace,
    fallbackRemote: `${runner.serverUrl}/${trigger.repo.owner}/${trigger.repo.repo}.git`,
    fallbackSha: runner.sha,
  });
  void workspaces.warm();
  const { createGitHubPort, createOctokit } = await import("../github/octokit.js");
  const octokit = createOctokit({
    token: settings.githubToken,
    baseUrl: runner.apiUrl,
    waitScale: runner.githubWaitScale,
    fetch: httpFetch,
    onRateLimit: (secs, route) => run.say(`GitHub rate limit on ${route}; waiting ${secs} s`),
  });
  const github = createGitHubPort(octokit, trigger.repo);
  // A comment that holds no command is skipped whoever wrote it, so nobody's permission is asked.
  const actor = trigger.kind === "comment" && !trigger.command ? undefined : actorOf(trigger);
  const access = actor ? github.getPermission(actor.login) : Promise.resolve(undefined);
  access.catch(() => undefined);
  // Everything below loads beside the trust check and is used only if the run goes ahead.
  const store = background(
    import("../github/memory-store.js").then((m) =>
      m.memoryStoreFor({ octokit, repo: trigger.repo, settings }),
    ),
  );
  // A pull request's memory loads beside the trust check, for its start-up; any other run reads
  // the memory branch only when its mode asks, so a skipped run makes no request for it.
  const loadMemory = () =>
    background(store.then((s) => loadPromptMemory(s, trigger, settings, journal)));
  let memory = trigger.kind === "pull_request" ? loadMemory() : undefined;
  const openai = () => import("../model/openai-model.js");
  // A pull request is most likely reviewed: its modules load while git and GitHub work.
  if (trigger.kind === "pull_request") {
    void background(MODES.review());
    void background(openai());
  }
  if (trigger.kind === "workflow_run") void background(MODES.triage());
  const publisher = new Publisher(github, {
    journal,
    stickyKey: stickyKey({
      configured: settings.commentKey,
      workflow: runner.workflow,
      job: runner.job,
      // A task answers in a comment of its own; `/rivumi review` updates the review's comment.
      commentId:
        trigger.kind === "comment" && !isReviewCommand(trigger.command)
          ? trigger.commentId
          : undefined,
    }),
    botLogin: settings.botLogin,
    redact: run.redact,
    texts: FEATURE_TEXTS,
    postReview: publishReview,
    site: { serverUrl: runner.serverUrl, repo: `${trigger.repo.owner}/${trigger.repo.repo}` },
    annotate: run.annotate,
  });
  // What the last review of a pull request recorded is read before the mode, beside the trust
  // check, and once: the sticky comment keeps what it found, and `lastReview` decodes it.
  if (trigger.kind === "pull_request") void background(publisher.previousBody(trigger.number));
  // One for the run: every model client learns what the endpoint refuses, once.
  const negotiation = negotiationFor(settings, journal);
  const record = endpointRecorder(settings, journal);
  const ports: ModePorts = {
    settings,
    trigger,
    journal,
    signal,
    journalName: run.journalName,
    started: run.started,
    model: async (name) => {
      record(name ?? settings.model);
      return (await openai()).createOpenAIModel({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: name ?? settings.model,
        redact: run.redact,
        negotiation,
        fetch: httpFetch,
      });
    },
    outputCap: negotiation.outputCap,
    resentRequests: () => negotiation.resentRequests,
    memory: () => (memory ??= loadMemory()),
    memoryStore: () => store,
    access: () => access,
    work: workspaces,
    ci: async () => ({
      github,
      openLog: (url, signal) => openLog(url, signal),
      dir: join(run.runDir, "triage"),
      serverUrl: runner.serverUrl,
      history: (await import("../github/memory-store.js")).triageHistoryFor({
        octokit,
        repo: trigger.repo,
        settings,
      }),
    }),
    progress: (update) => publisher.progress(update),
    lastReview: async (pr) => readState(await publisher.previousBody(pr)),
    reviewThreads: (pr) => github.listReviewThreads(pr),
    permissionOf: async (login) => (await github.getPermission(login)).permission,
    selfLogin: () => publisher.selfLogin(),
    redact: run.redact,
  };
  return {
    access,
    ports,
    publisher,
    closeWorkspaces: () => workspaces.close(),
  };
}

/**
 * A job log from the storage GitHub redirected to. The URL is signed; GitHub's token is never
 * sent there (a redirect the storage answers is followed the same way).
 */
async function openLog(url: string, signal: AbortSignal): Promise<AsyncIterable<Uint8Array>> {
  const res = await fetch(url, { signal, redirect: "follow" });
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    throw new Error(`the log storage answered ${res.status} ${res.statusText}`);
  }
  return res.body;
}

/** A promise whose rejection is handled where it is awaited, not reported as unhandled here. */
function background<T>(promise: Promise<T>): Promise<T> {
  promise.catch(() => undefined);
  return promise;
}
