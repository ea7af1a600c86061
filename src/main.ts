import * as core from "@actions/core";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseSettings, type Settings } from "./config/settings.js";
import { createGitHubPort, createOctokit } from "./github/octokit.js";
import { FileJournal } from "./journal/journal.js";
import { journalArtifactName, uploadJournal } from "./journal/upload.js";
import { createOpenAIModel } from "./model/openai-model.js";
import { runAgent, PhaseError, inPhase, type AgentRunResult } from "./pipeline.js";
import { planRun, type Plan } from "./plan/plan.js";
import { renderComment, type Outcome } from "./publish/render.js";
import { neutralizeLog } from "./publish/sanitize.js";
import { StickyComment } from "./publish/sticky-comment.js";
import { renderSummary } from "./publish/summary.js";
import { readRunnerEnv, runDirectory } from "./run-context.js";
import { actorOf } from "./trigger/actor.js";
import { parseTrigger } from "./trigger/parse-event.js";
import type { Trigger } from "./trigger/trigger.js";
import { Redactor } from "./util/redact.js";
import { VERSION } from "./version.js";
import type { Workspace } from "./workspace/workspace.js";

/** The action: every stage in order; publishing, the journal upload and cleanup in `finally`. */
export async function run(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const started = Date.now();
  const redactor = new Redactor();
  const say = (text: string) => core.info(neutralizeLog(redactor.redact(text)));
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
  let agent: AgentRunResult | undefined;
  let failure: PhaseError | undefined;
  const stickies = new Map<number, Promise<StickyComment>>();
  let stickyFor: ((pr: number) => Promise<StickyComment>) | undefined;
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
    settings = await inPhase("settings", () =>
      Promise.resolve(parseSettings((name) => core.getInput(name))),
    );
    for (const secret of [settings.githubToken, settings.apiKey]) {
      if (!secret) continue;
      redactor.add(secret);
      redactor.add(`x-access-token:${secret}`);
    }
    for (const form of redactor.secrets) core.setSecret(form);
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
      plan = planRun(trigger, settings, { permission: undefined });
    } else {
      const repo = trigger.repo;
      const s = settings;
      const gh = createGitHubPort(
        createOctokit({
          token: s.githubToken,
          baseUrl: runner.apiUrl,
          onRateLimit: (secs, route) => say(`GitHub rate limit on ${route}; waiting ${secs} s`),
        }),
        repo,
      );
      const actor = actorOf(trigger);
      const permission = actor
        ? (await inPhase("trust", () => gh.getPermission(actor.login))).permission
        : undefined;
      plan = planRun(trigger, s, { permission });
      const selfLogin = async () => s.botLogin ?? (await gh.viewerLogin());
      stickyFor = (pr) =>
        memo(stickies, pr, async () => new StickyComment(gh, pr, await selfLogin()));
      if (plan.kind === "agent") {
        const t = trigger;
        agent = await runAgent({
          settings: s,
          trigger: t,
          plan,
          github: gh,
          model: createOpenAIModel({ baseUrl: s.baseUrl, apiKey: s.apiKey, model: s.model }),
          journal,
          signal: controller.signal,
          runDir,
          checkout: runner.workspace,
          fallbackRemote: `${runner.serverUrl}/${repo.owner}/${repo.repo}.git`,
          fallbackSha: runner.sha,
          sticky: stickyFor,
          onWorkspace: (ws) => (workspace = ws),
        });
      }
    }
    if (plan.kind === "stop") {
      core.notice(neutralizeLog(redactor.redact(`Rivumi ${plan.conclusion}: ${plan.reason}`)));
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
    const outcome = toOutcome(plan, agent, failure, settings, started, journalName);
    await finish({
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

function memo<K, V>(map: Map<K, Promise<V>>, key: K, make: () => Promise<V>): Promise<V> {
  let value = map.get(key);
  if (!value) {
    value = make();
    map.set(key, value);
  }
  return value;
}

function triggerDetail(t: Trigger): Record<string, unknown> {
  switch (t.kind) {
    case "pull_request":
      return {
        event: t.event,
        action: t.action,
        number: t.number,
        author: t.author,
        head: t.headSha,
        base: t.baseSha,
        fork: t.isFork,
      };
    case "comment":
      return {
        number: t.number,
        sender: t.sender,
        command: t.command?.name ?? null,
        pr: t.isPullRequest,
      };
    case "workflow_run":
      return { runId: t.runId, conclusion: t.conclusion };
    case "dispatch":
      return { sender: t.sender };
    case "ignored":
      return { event: t.event, reason: t.reason };
  }
}

function toOutcome(
  plan: Plan | undefined,
  agent: AgentRunResult | undefined,
  failure: PhaseError | undefined,
  settings: Settings | undefined,
  started: number,
  journalName: string,
): Outcome {
  const stats = {
    turns: agent?.loop.state.turns ?? 0,
    usage: agent?.loop.state.usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0 },
    costUsd: agent?.loop.state.costUsd ?? (settings?.prices ? 0 : undefined),
    ms: Date.now() - started,
    model: settings?.model ?? "?",
  };
  if (failure) {
    return {
      conclusion: "failure",
      stop: undefined,
      review: undefined,
      note: `Rivumi failed in the ${failure.phase} phase: ${failure.message}`,
      stats,
      journalName,
    };
  }
  if (agent)
    return {
      conclusion: agent.conclusion,
      stop: agent.loop.stop,
      review: agent.loop.review,
      note: agent.note,
      stats,
      journalName,
    };
  const reason = plan?.kind === "stop" ? plan.reason : "nothing to do";
  return {
    conclusion: plan?.kind === "stop" ? plan.conclusion : "skipped",
    stop: undefined,
    review: undefined,
    note: reason,
    stats,
    journalName,
  };
}

interface FinishArgs {
  outcome: Outcome;
  plan: Plan | undefined;
  stickyFor: ((pr: number) => Promise<StickyComment>) | undefined;
  stickies: Map<number, Promise<StickyComment>>;
  journal: FileJournal;
  redactor: Redactor;
  say: (text: string) => void;
  resultPath: string;
  journalPath: string;
  journalName: string;
  settings: Settings | undefined;
  workspace: Workspace | undefined;
  runDir: string;
}

/** Publishes the outcome everywhere it can; every step is best effort so the others still happen. */
async function finish(a: FinishArgs): Promise<void> {
  const { outcome, journal, redactor } = a;
  const attempt = async (target: string, work: () => Promise<void> | void) => {
    try {
      await work();
    } catch (error) {
      const message = redactor.redact(error instanceof Error ? error.message : String(error));
      journal.emit({ type: "publish.failed", target, error: message });
      core.warning(neutralizeLog(`Rivumi could not publish the ${target}: ${message}`));
    }
  };

  let commentUrl: string | undefined;
  const pr = a.plan?.kind === "agent" ? a.plan.pr : undefined;
  // A run that fails before its progress comment still explains itself on the pull request.
  if (pr !== undefined && a.stickyFor && (a.stickies.has(pr) || outcome.conclusion === "failure")) {
    const stickyFor = a.stickyFor;
    await attempt("comment", async () => {
      const { action, comment } = await (
        await stickyFor(pr)
      ).upsert(redactor.redact(renderComment(outcome)));
      commentUrl = comment.url;
      journal.emit({
        type: "publish.comment",
        action,
        id: comment.id,
        url: comment.url,
        state: outcome.conclusion,
        bytes: comment.body.length,
      });
    });
  }
  const summary = redactor.redact(
    renderSummary(outcome, { commentUrl, fork: a.plan?.kind === "stop" && a.plan.fork === true }),
  );
  await attempt("step summary", async () => {
    if (!process.env.GITHUB_STEP_SUMMARY) return;
    await core.summary.addRaw(summary).write();
    journal.emit({ type: "publish.summary", bytes: Buffer.byteLength(summary) });
  });
  await attempt("result file", () =>
    writeFileSync(
      a.resultPath,
      redactor.redact(
        JSON.stringify(
          {
            conclusion: outcome.conclusion,
            stop: outcome.stop ?? null,
            note: outcome.note ?? null,
            review: outcome.review ?? null,
            stats: outcome.stats,
          },
          null,
          2,
        ),
      ),
    ),
  );
  await attempt("outputs", () => {
    const out = (name: string, value: string) => core.setOutput(name, redactor.redact(value));
    out("conclusion", outcome.conclusion);
    out("comment-url", commentUrl ?? "");
    out("result-file", a.resultPath);
    out("journal-file", a.journalPath);
    out("tokens-in", String(outcome.stats.usage.promptTokens));
    out("tokens-out", String(outcome.stats.usage.completionTokens));
    out("cost-usd", outcome.stats.costUsd !== undefined ? outcome.stats.costUsd.toFixed(6) : "");
  });
  a.say(`Rivumi ${outcome.conclusion}${outcome.note ? `: ${outcome.note}` : ""}`);
  if (outcome.conclusion === "failure")
    core.setFailed(neutralizeLog(redactor.redact(outcome.note ?? "Rivumi failed")));

  journal.emit(
    outcome.conclusion === "failure"
      ? {
          type: "run.finished",
          conclusion: "failure",
          stop: outcome.stop ?? "error",
          turns: outcome.stats.turns,
          usage: outcome.stats.usage,
          ms: outcome.stats.ms,
        }
      : {
          type: "run.finished",
          conclusion: outcome.conclusion,
          stop: outcome.stop ?? "none",
          turns: outcome.stats.turns,
          usage: outcome.stats.usage,
          ...(outcome.stats.costUsd !== undefined ? { costUsd: outcome.stats.costUsd } : {}),
          ms: outcome.stats.ms,
        },
  );
  await attempt("workspace cleanup", async () => {
    if (a.workspace && !a.settings?.keepWorkspace) await a.workspace.dispose();
  });
  await attempt("journal artifact", async () => {
    if (!process.env.ACTIONS_RUNTIME_TOKEN) {
      a.say(`No ACTIONS_RUNTIME_TOKEN: the journal stays at ${a.journalPath}`);
      return;
    }
    const id = await uploadJournal([a.journalPath, a.resultPath], a.journalName);
    a.say(`Journal uploaded as artifact ${a.journalName} (id ${id ?? "?"})`);
  });
}
