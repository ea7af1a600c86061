// The action's steps around the run's decision, kept out of main.ts so that it reads as the flow
// it is: the settings with their secrets registered, the outcome of a failure, and `finish` with
// everything the action publishes through.
import { join } from "node:path";
import { modelConfigured, noModelMessage } from "../config/endpoint.js";
import { parseSettings, type Settings } from "../config/settings.js";
import type { Journal } from "../journal/journal.js";
import { failedOutcome } from "../outcome/failed.js";
import type { Outcome } from "../outcome/outcome.js";
import { idleStats } from "../outcome/stats.js";
import { finish } from "../publish/finish.js";
import type { Redactor } from "../redact/redactor.js";
import { readInput, type RunnerEnv } from "../runner-env.js";
import { PhaseError } from "../util/phase.js";
import { FEATURE_TEXTS } from "./feature-texts.js";
import type { ActionLog } from "./log.js";
import type { ActionPorts } from "./ports.js";
import type { StopSignals } from "./signals.js";

/** The inputs, validated; every secret in them is registered before anything can print it. */
export function actionSettings(
  env: NodeJS.ProcessEnv,
  redactor: Redactor,
  log: ActionLog,
): Settings {
  const settings = parseSettings((name) => readInput(name, env));
  for (const secret of [settings.githubToken, settings.apiKey, settings.memory.token]) {
    if (!secret) continue;
    redactor.add(secret);
    // What git's basic-auth header carries; the runner masks its base64 as it is.
    redactor.add(`x-access-token:${secret}`);
  }
  if (settings.rlmSandbox === "none")
    log.warn(
      "rlm-sandbox: none: the RLM REPL runs model-written code without Landlock or seccomp confinement.",
    );
  return settings;
}

const sendsCode = (plan: { kind: string }) =>
  plan.kind === "review" || plan.kind === "task" || plan.kind === "fix";

/** What the plan decided, and on what permission, in the journal (`plan.decided`). */
export function journalPlan(
  journal: Journal,
  plan: { kind: string; reason: string; trusted?: boolean },
  access: { permission: string } | undefined,
): void {
  journal.emit({
    type: "plan.decided",
    action: plan.kind,
    trusted: sendsCode(plan) && plan.trusted === true,
    reason: plan.reason,
    ...(access ? { permission: access.permission } : {}),
  });
}

/**
 * Stops a review or task that has no model configured, in the settings phase: it would send the
 * code to an endpoint that refuses it.
 */
export function requireModelFor(plan: { kind: string }, settings: Settings): void {
  if (sendsCode(plan) && !modelConfigured(settings))
    throw new PhaseError(
      "settings",
      noModelMessage(settings.baseUrl, { key: "the api-key input", url: "the base-url input" }),
    );
}

/** The outcome of a run that ended without one (nothing threw): a failure of the run phase. */
export function noOutcome(
  run: { started: number; journalName: string },
  settings: Settings | undefined,
  pr: number | undefined,
): Outcome {
  const stats = idleStats(settings, run.started);
  const message = "ended without an outcome";
  return failedOutcome({ pr, phase: "run", message, stats, journalName: run.journalName });
}

/** The outcome of a run that threw: the phase it failed in, journalled. */
export function failureOutcome(
  error: unknown,
  run: { journal: Journal; started: number; journalName: string },
  settings: Settings | undefined,
  pr: number | undefined,
): Outcome {
  const failure = error instanceof PhaseError ? error : new PhaseError("run", error);
  const ms = Date.now() - run.started;
  run.journal.emit({ type: "run.failed", phase: failure.phase, error: failure.message, ms });
  return failedOutcome({
    pr,
    phase: failure.phase,
    message: failure.message,
    stats: idleStats(settings, run.started),
    journalName: run.journalName,
  });
}

/** `finish` as the action runs it: the run folder's files, the log, the summary, the artifact. */
export async function finishAction(
  outcome: Outcome,
  run: {
    runner: RunnerEnv;
    runDir: string;
    journal: Journal;
    journalName: string;
    redactor: Redactor;
    log: ActionLog;
    signals: StopSignals;
    action: ActionPorts | undefined;
  },
): Promise<void> {
  const { runner } = run;
  await finish(outcome, {
    core: await run.log.ready(),
    journal: run.journal,
    redactor: run.redactor,
    publisher: run.action?.publisher,
    resultPath: join(run.runDir, "artifacts", "result.json"),
    journalPath: join(run.runDir, "artifacts", "journal.jsonl"),
    journalName: run.journalName,
    stepSummary: runner.stepSummary,
    canUpload: runner.canUpload,
    say: run.log.say,
    stops: run.signals,
    texts: FEATURE_TEXTS,
    site: { serverUrl: runner.serverUrl, repo: runner.repository },
    artifactUrl: (id) =>
      `${runner.serverUrl}/${runner.repository}/actions/runs/${runner.runId}/artifacts/${id}`,
  });
}
