import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseSettings, type Settings } from "./config/settings.js";
import { FileJournal } from "./journal/journal.js";
import { journalArtifactName } from "./journal/upload.js";
import type { MemoryCommandResult } from "./context/memory/index.js";
import { loadPromptMemory } from "./context/memory-for-run.js";
import type { AgentRunResult } from "./pipeline.js";
import { inPhase, PhaseError } from "./util/phase.js";
import { planRun, type Plan } from "./plan/plan.js";
import { finish } from "./publish/finish.js";
import { toOutcome } from "./publish/outcome.js";
import { triggerDetail } from "./trigger/detail.js";
import { neutralizeLog } from "./publish/sanitize.js";
import { StickyComment, stickyKey } from "./publish/sticky-comment.js";
import { readInput, readRunnerEnv, runDirectory, type ActionsCore } from "./run-context.js";
import { actorOf } from "./trigger/actor.js";
import { parseTrigger } from "./trigger/parse-event.js";
import type { Trigger } from "./trigger/trigger.js";
import { Redactor } from "./util/redact.js";
import { VERSION } from "./version.js";
import { readAhead, startEarlyWorkspace } from "./workspace/early.js";
import type { Workspace } from "./workspace/workspace.js";

/** The action: every stage in order; publishing, the journal upload and cleanup in `finally`. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const started = Date.now();
  // @actions/core pulls in an HTTP client and undici. Nothing is logged before the first model
  // request, so it loads only when there is something to say, or to publish.
  let coreModule: Promise<ActionsCore> | undefined;
  let core: ActionsCore | undefined;
  let masked = 0;
  const redactor = new Redactor();
  /** Loads core and masks every secret known so far, before anything is written to the log. */
  const ready = async (): Promise<ActionsCore> => {
    core ??= await (coreModule ??= import("@actions/core"));
    const forms = redactor.secrets;
    for (const form of forms.slice(masked)) core.setSecret(form);
    masked = forms.length;
    return core;
  };
  const say = (text: string) =>
    void ready().then((c) => c.info(neutralizeLog(redactor.redact(text))));
  const runner = readRunnerEnv(env);
  const runDir = runDirectory(runner, env.GITHUB_JOB);
  const journalPath = join(runDir, "artifacts", "journal.jsonl");
  const resultPath = join(runDir, "artifacts", "result.json");
  const journalName = journalArtifactName(env);
  const journal = new FileJournal(journalPath, redactor);

  const controller = new AbortController();
  const onSignal = (sig: string) => {
    say(`Received ${sig}: stopping and publishing what there is.`);
    controller.abort({ rivumi: "cancelled" });
  };
  process.once("SIGINT", () => onSignal("SIGINT"));
  process.once("SIGTERM", () => onSignal("SIGTERM"));

  let settings: Settings | undefined;
  let trigger: Trigger | undefined;
  let plan: Plan | undefined;
  let workspace: Workspace | undefined;
  let early: Promise<Workspace | undefined> | undefined;
  const earlyAbort = new AbortController();
  let agent: AgentRunResult | undefined;
  let memory: MemoryCommandResult | undefined;
  let failure: PhaseError | undefined;
  const stickies = new Map<number, StickyComment>();
  let stickyFor: ((pr: number) => StickyComment) | undefined;
  let timer: NodeJS.Timeout | undefined;

  journal.emit({
    type: "run.started",
    version: VERSION,
    event: runner.eventName,
    runId: runner.runId,
    attempt: runner.attempt,
    mode: "action",
  });
  try {
    settings = await inPhase("settings", () => Promise.resolve(parseSettings(readInput)));
    for (const secret of [settings.githubToken, settings.apiKey, settings.memory.token]) {
      if (!secret) continue;
      redactor.add(secret);
      redactor.add(`x-access-token:${secret}`);
    }
    timer = setTimeout(
      () => controller.abort({ rivumi: "timeout" }),
      settings.timeoutMinutes * 60_000,
    );
    timer.unref();

    const payload: unknown = await inPhase("trigger", () =>
      Promise.resolve(JSON.parse(readFileSync(runner.eventPath, "utf8"))),
    );
    trigger = await inPhase("trigger", () =>
      Promise.resolve(parseTrigger(runner.eventName, payload)),
    );
    journal.emit({ type: "trigger.parsed", kind: trigger.kind, detail: triggerDetail(trigger) });
    if (trigger.kind === "ignored") {
      await ready();
      plan = planRun(trigger, settings, { permission: undefined });
    } else {
      const repo = trigger.repo;
      const s = settings;
      const t0 = trigger;
      // The clone is the longest wait before the first model request, so git starts first and
      // works on another core while this process loads its GitHub and HTTP clients.
      const earlySignal = AbortSignal.any([controller.signal, earlyAbort.signal]);
      early = startEarlyWorkspace({
        trigger: t0,
        settings: s,
        runDir,
        checkout: runner.workspace,
        signal: earlySignal,
      });
      const { createGitHubPort, createOctokit } = await import("./github/octokit.js");
      const octokit = createOctokit({
        token: s.githubToken,
        baseUrl: runner.apiUrl,
        onRateLimit: (secs, route) => say(`GitHub rate limit on ${route}; waiting ${secs} s`),
      });
      const gh = createGitHubPort(octokit, repo);
      const actor = actorOf(trigger);
      const asked = actor ? inPhase("trust", () => gh.getPermission(actor.login)) : undefined;
      asked?.catch(() => undefined);
      // Reads that are harmless whoever asked overlap with the trust check; they are used only
      // if the run goes ahead.
      const ahead =
        early && t0.kind === "pull_request" ? readAhead(early, t0.baseSha, earlySignal) : undefined;
      const remembered = loadPromptMemory(octokit, t0, s, journal);
      // The agent's stages (the model SDK, tools) load while git and GitHub work.
      const agentStages = import("./pipeline.js");
      agentStages.catch(() => undefined);
      const access = await asked;
      plan = planRun(trigger, s, { permission: access?.permission });
      if (plan.kind === "memory" && trigger.kind === "comment") {
        const t = trigger;
        const { handleMemoryCommand } = await import("./context/memory/index.js");
        memory = await inPhase("memory", () =>
          handleMemoryCommand({
            octokit,
            repo,
            trigger: t,
            settings: s,
            permission: access ?? { permission: "none", roleName: "none" },
            journal,
            redact: (text) => redactor.redact(text),
          }),
        );
      }
      let self: Promise<string> | undefined;
      // Remembered only once it succeeds: a transient failure is asked again by the next write.
      const selfLogin = () => {
        if (!self) {
          const asking = s.botLogin ? Promise.resolve(s.botLogin) : gh.viewerLogin();
          self = asking;
          asking.catch(() => (self = undefined));
        }
        return self;
      };
      const key = stickyKey({
        configured: s.commentKey,
        workflow: env.GITHUB_WORKFLOW,
        job: env.GITHUB_JOB,
        commentId: trigger.kind === "comment" ? trigger.commentId : undefined,
      });
      stickyFor = (pr) => memo(stickies, pr, () => new StickyComment(gh, pr, selfLogin, key));
      if (plan.kind === "agent") {
        const t = trigger;
        const { runAgent } = await agentStages;
        agent = await runAgent({
          settings: s,
          trigger: t,
          plan,
          github: gh,
          journal,
          signal: controller.signal,
          runDir,
          checkout: runner.workspace,
          fallbackRemote: `${runner.serverUrl}/${repo.owner}/${repo.repo}.git`,
          fallbackSha: runner.sha,
          sticky: stickyFor,
          early,
          ...(ahead ? { ahead } : {}),
          memory: remembered,
          onWorkspace: (ws) => (workspace = ws),
        });
      }
    }
    for (const notice of agent?.notices ?? [])
      (await ready()).notice(neutralizeLog(redactor.redact(notice)));
    if (plan.kind === "stop") {
      (await ready()).notice(
        neutralizeLog(redactor.redact(`Rivumi ${plan.conclusion}: ${plan.reason}`)),
      );
    }
    journal.emit({
      type: "plan.decided",
      action: plan.kind,
      trusted: plan.kind === "agent" && plan.trusted,
      reason: plan.reason,
    });
  } catch (error) {
    failure = error instanceof PhaseError ? error : new PhaseError("run", error);
    journal.emit({
      type: "run.failed",
      phase: failure.phase,
      error: failure.message,
      ms: Date.now() - started,
    });
  } finally {
    clearTimeout(timer);
    const outcome = toOutcome(plan, agent, failure, settings, started, journalName, memory);
    const publishedCore = await ready();
    // A clone started early for a run that was then skipped or failed is stopped, then removed.
    if (plan?.kind !== "agent" || failure) earlyAbort.abort();
    workspace ??= await early?.catch(() => undefined);
    await finish({
      core: publishedCore,
      outcome,
      plan,
      stickyFor,
      stickies,
      journal,
      redactor,
      say,
      resultPath,
      journalPath,
      journalName,
      settings,
      workspace,
      runDir,
    });
  }
}

function memo<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}
