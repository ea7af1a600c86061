import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ActionLog } from "./action/log.js";
import { actionPorts, type ActionPorts, type ActionRun } from "./action/ports.js";
import { catchStopSignals, type StopSignals } from "./action/signals.js";
import { modelConfigured, noModelMessage } from "./config/endpoint.js";
import { parseSettings, type Settings } from "./config/settings.js";
import { FileJournal } from "./journal/journal.js";
import { journalArtifactName } from "./journal/upload.js";
import { idlePorts } from "./modes/idle-ports.js";
import { runMode } from "./modes/index.js";
import { failedOutcome, idleStats } from "./modes/outcomes.js";
import type { Outcome } from "./outcome/outcome.js";
import { planRun, type Plan } from "./plan/plan.js";
import { finish } from "./publish/finish.js";
import { readInput, readRunnerEnv, runDirectory, type ActionsCore } from "./run-context.js";
import { triggerDetail } from "./trigger/detail.js";
import { parseTrigger } from "./trigger/parse-event.js";
import { inPhase, PhaseError } from "./util/phase.js";
import { Redactor } from "./redact/redactor.js";
import { VERSION } from "./version.js";
import { FEATURE_TEXTS } from "./action/feature-texts.js";

/** The two things `run` loads that touch the world; tests pass object-literal fakes. */
export interface Wiring {
  /** The action's ports for a trigger: GitHub, git, the model. */
  ports: (run: ActionRun) => Promise<ActionPorts>;
  /** @actions/core, loaded when there is something to log or publish. */
  core: () => Promise<ActionsCore>;
}

const REAL: Wiring = {
  ports: actionPorts,
  core: () => import("@actions/core"),
};

/**
 * The action: settings → trigger → plan → the plan's mode → `finish(outcome)` in `finally`.
 * `signals` are caught by the entry point before this module loads (see action/signals.ts).
 */
export async function run(
  env: NodeJS.ProcessEnv = process.env,
  wiring: Wiring = REAL,
  signals: StopSignals = catchStopSignals(),
): Promise<void> {
  const started = Date.now();
  const redactor = new Redactor();
  const log = new ActionLog(redactor, wiring.core);
  const controller = new AbortController();
  signals.attach(controller, log.say);
  const runner = readRunnerEnv(env);
  const runDir = runDirectory(runner, runner.job);
  const journalPath = join(runDir, "artifacts", "journal.jsonl");
  const resultPath = join(runDir, "artifacts", "result.json");
  const journalName = journalArtifactName(env);
  const journal = new FileJournal(journalPath, redactor);
  const redact = (text: string) => redactor.redact(text);
  const { runId, attempt, eventName: event } = runner;
  journal.emit({ type: "run.started", version: VERSION, event, runId, attempt, mode: "action" });

  let settings: Settings | undefined;
  let plan: Plan | undefined;
  let action: ActionPorts | undefined;
  let outcome: Outcome | undefined;
  let modeRan = false;
  let timer: NodeJS.Timeout | undefined;
  try {
    const s = (settings = await inPhase("settings", () =>
      Promise.resolve(parseSettings((name) => readInput(name, env))),
    ));
    for (const secret of [s.githubToken, s.apiKey, s.memory.token]) {
      if (!secret) continue;
      redactor.add(secret);
      redactor.add(`x-access-token:${secret}`);
    }
    if (s.rlmSandbox === "none")
      log.warn(
        "rlm-sandbox: none: the RLM REPL runs model-written code without Landlock or seccomp confinement.",
      );
    timer = setTimeout(() => controller.abort({ rivumi: "timeout" }), s.timeoutMinutes * 60_000);
    timer.unref();

    const trigger = await inPhase("trigger", () =>
      Promise.resolve(
        parseTrigger(runner.eventName, JSON.parse(readFileSync(runner.eventPath, "utf8"))),
      ),
    );
    journal.emit({ type: "trigger.parsed", kind: trigger.kind, detail: triggerDetail(trigger) });
    let access: { permission: string; roleName: string } | undefined;
    if (trigger.kind !== "ignored" && trigger.kind !== "local") {
      const common = { settings: s, runner, runDir, journal, journalName, started, redact };
      action = await wiring.ports({
        ...common,
        trigger,
        signal: controller.signal,
        say: log.say,
        annotate: log.annotate,
      });
      const asked = action.access;
      access = await inPhase("trust", () => asked);
    }
    plan = planRun(trigger, s, { permission: access?.permission });
    journal.emit({
      type: "plan.decided",
      action: plan.kind,
      trusted: (plan.kind === "review" || plan.kind === "task") && plan.trusted,
      reason: plan.reason,
      ...(access ? { permission: access.permission } : {}),
    });
    // A review or task with no model would send the code to an endpoint that refuses it.
    if ((plan.kind === "review" || plan.kind === "task") && !modelConfigured(s))
      throw new PhaseError(
        "settings",
        noModelMessage(s.baseUrl, { key: "the api-key input", url: "the base-url input" }),
      );
    const idle = { started, journalName, settings: s, trigger, journal, signal: controller.signal };
    const ports = action ? { ...action.ports, access } : idlePorts(idle);
    modeRan = true;
    outcome = await runMode(ports, plan);
  } catch (error) {
    const failure = error instanceof PhaseError ? error : new PhaseError("run", error);
    const ms = Date.now() - started;
    journal.emit({ type: "run.failed", phase: failure.phase, error: failure.message, ms });
    const stats = idleStats(settings, started);
    outcome = failedOutcome({
      plan,
      phase: failure.phase,
      message: failure.message,
      stats,
      journalName,
    });
  } finally {
    clearTimeout(timer);
    // A clone started early for a run that did not use it is stopped, then removed.
    if (!modeRan || (plan?.kind !== "review" && plan?.kind !== "task")) await action?.dropEarly();
    outcome ??= failedOutcome({
      plan,
      phase: "run",
      message: "ended without an outcome",
      stats: idleStats(settings, started),
      journalName,
    });
    await finish(outcome, {
      core: await log.ready(),
      journal,
      redactor,
      publisher: action?.publisher,
      resultPath,
      journalPath,
      journalName,
      stepSummary: runner.stepSummary,
      canUpload: runner.canUpload,
      say: log.say,
      stops: signals,
      texts: FEATURE_TEXTS,
      site: { serverUrl: runner.serverUrl, repo: runner.repository },
      artifactUrl: (id) =>
        `${runner.serverUrl}/${runner.repository}/actions/runs/${runner.runId}/artifacts/${id}`,
    });
    signals.dispose();
  }
}
