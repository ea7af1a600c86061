import { join } from "node:path";
import { ActionLog } from "./action/log.js";
import { actionPorts, type ActionPorts, type ActionRun } from "./action/ports.js";
import {
  actionSettings,
  journalPlan,
  failureOutcome,
  finishAction,
  noOutcome,
  requireModelFor,
} from "./action/run-steps.js";
import { catchStopSignals, type StopSignals } from "./action/signals.js";
import type { Settings } from "./config/settings.js";
import { FileJournal } from "./journal/journal.js";
import { journalArtifactName } from "./journal/upload.js";
import { idlePorts } from "./action/idle-ports.js";
import { runMode } from "./modes/index.js";
import type { Outcome } from "./outcome/outcome.js";
import { planRun, pullRequestOf, type Plan } from "./plan/plan.js";
import { Redactor } from "./redact/redactor.js";
import { readEventPayload, readRunnerEnv, runDirectory, type ActionsCore } from "./runner-env.js";
import { triggerDetail } from "./trigger/detail.js";
import { parseTrigger } from "./trigger/parse-event.js";
import { inPhase } from "./util/phase.js";
import { VERSION } from "./version.js";

/** The two things `run` loads that touch the world; tests pass object-literal fakes. */
export interface Wiring {
  /** The action's ports for a trigger: GitHub, git, the model. */
  ports: (run: ActionRun) => Promise<ActionPorts>;
  /** @actions/core, loaded when there is something to log or publish. */
  core: () => Promise<ActionsCore>;
}

const REAL: Wiring = { ports: actionPorts, core: () => import("@actions/core") };

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
  const journalName = journalArtifactName(env);
  const journal = new FileJournal(join(runDir, "artifacts", "journal.jsonl"), redactor);
  const redact = (text: string) => redactor.redact(text);
  const { runId, attempt, eventName: event } = runner;
  journal.emit({ type: "run.started", version: VERSION, event, runId, attempt, mode: "action" });
  const steps = { runner, runDir, journal, journalName, redactor, log, signals, started };
  let settings: Settings | undefined;
  let plan: Plan | undefined;
  let action: ActionPorts | undefined;
  let outcome: Outcome | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const s = (settings = await inPhase("settings", () =>
      Promise.resolve(actionSettings(env, redactor, log)),
    ));
    timer = setTimeout(() => controller.abort({ rivumi: "timeout" }), s.timeoutMinutes * 60_000);
    timer.unref();
    const trigger = await inPhase("trigger", () =>
      Promise.resolve(parseTrigger(runner.eventName, readEventPayload(runner))),
    );
    const parsed = () =>
      journal.emit({ type: "trigger.parsed", kind: trigger.kind, detail: triggerDetail(trigger) });
    let access: { permission: string; roleName: string } | undefined;
    if (trigger.kind === "ignored" || trigger.kind === "local") parsed();
    else {
      const common = { settings: s, runner, runDir, journal, journalName, started, redact };
      const { say, annotate } = log;
      // The ports start git in this tick; the journal's line (the first to build the redactor's
      // needles) is written while it clones.
      const ports = wiring.ports({ ...common, trigger, signal: controller.signal, say, annotate });
      parsed();
      action = await ports;
      const asked = action.access;
      access = await inPhase("trust", () => asked);
    }
    plan = planRun(trigger, s, { permission: access?.permission });
    journalPlan(journal, plan, access);
    requireModelFor(plan, s);
    const idle = { started, journalName, settings: s, trigger, journal, signal: controller.signal };
    outcome = await runMode(action ? action.ports : idlePorts(idle), plan);
  } catch (error) {
    outcome = failureOutcome(error, steps, settings, pullRequestOf(plan));
  } finally {
    clearTimeout(timer);
    // A clone warmed up for a run that did not use it is stopped, and whatever is left removed.
    await action?.closeWorkspaces();
    await finishAction(outcome ?? noOutcome(steps, settings, pullRequestOf(plan)), {
      ...steps,
      action,
    });
    signals.dispose();
  }
}
