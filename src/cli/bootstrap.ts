// The ports of a local run that calls a model: settings checked as the action checks its inputs,
// the endpoint from the environment, the mode run with them. The run itself starts in cli-run.ts.
import { modelConfigured, noModelMessage } from "../config/endpoint.js";
import { parseSettings, SettingsError, type Settings } from "../config/settings.js";
import { NO_MEMORY, type SessionMemory } from "../context/session-context.js";
import { endpointRecorder } from "../model/endpoint-event.js";
import { negotiationFor } from "../model/negotiation.js";
import { createOpenAIModel } from "../model/openai-model.js";
import { createScriptedModel, isScriptedModel } from "../model/scripted-model.js";
import { runMode } from "../modes/index.js";
import type { ModePorts, WorkSource } from "../modes/ports.js";
import type { Outcome } from "../outcome/outcome.js";
import type { Plan } from "../plan/plan.js";
import type { Trigger } from "../trigger/trigger.js";
import type { CliEnv, CliRun } from "./cli-run.js";
import type { SpendMeter } from "./run-budget.js";
import { UsageError } from "./usage-error.js";

/** Where each setting the CLI passes comes from, for messages that name what the user set. */
const SOURCES: Record<string, string> = {
  "base-url": "OPENAI_BASE_URL",
  model: "RIVUMI_MODEL (or --model)",
};

/**
 * Settings for a local run: the action's defaults and checks, with the CLI's own values. A bad
 * value is a usage error that names the flag or variable it came from.
 */
export function cliSettings(env: CliEnv, inputs: Record<string, string> = {}): Settings {
  const values: Record<string, string> = {
    "github-token": "local",
    "base-url": env.baseUrl,
    model: env.model,
    ...(env.apiKey ? { "api-key": env.apiKey } : {}),
    ...inputs,
  };
  try {
    return parseSettings((name) => values[name] ?? "");
  } catch (error) {
    if (!(error instanceof SettingsError)) throw error;
    throw new UsageError(
      error.message.replace(/inputs? '([a-z-]+)'/g, (_all, name: string) =>
        name in inputs ? `--${name}` : (SOURCES[name] ?? `'${name}'`),
      ),
    );
  }
}

/**
 * Stops a command that needs a model before it does anything when none is configured: no key and
 * OpenAI's own endpoint, where every request would be refused after the code was sent.
 */
export function requireModel(settings: Settings): void {
  // The scripted model answers from the process itself: no endpoint, no key.
  if (isScriptedModel(settings.model)) return;
  if (!modelConfigured(settings))
    throw new UsageError(
      noModelMessage(settings.baseUrl, { key: "OPENAI_API_KEY", url: "OPENAI_BASE_URL" }),
    );
}

/** What a command gives for its run's ports; the rest comes from the run. */
export interface CliPortOptions {
  settings: Settings;
  trigger: Trigger;
  work: WorkSource;
  memory?: () => Promise<SessionMemory>;
  status?: (line: string) => void;
  /** Counts every model request against the run's budget (for modes that do not). */
  meter?: SpendMeter;
}

/** The modes' ports for a local run: the endpoint from the environment, nothing posted to GitHub. */
export function cliPorts(run: CliRun, opts: CliPortOptions): ModePorts {
  const { settings, meter } = opts;
  // One for the run: every model client learns what the endpoint refuses, once.
  const negotiation = negotiationFor(settings, run.journal);
  const record = endpointRecorder(settings, run.journal);
  return {
    settings,
    trigger: opts.trigger,
    journal: run.journal,
    signal: run.signal,
    journalName: run.journal.path,
    started: run.started,
    model: (name) => {
      // `--model scripted`: canned replies, no endpoint (see model/scripted-model.ts).
      if (isScriptedModel(name ?? settings.model)) return Promise.resolve(createScriptedModel());
      record(name ?? settings.model);
      const model = createOpenAIModel({
        baseUrl: settings.baseUrl,
        apiKey: settings.apiKey,
        model: name ?? settings.model,
        // Nothing secret reaches a model: the same redactor as every output of the run.
        redact: (text) => run.redactor.redact(text),
        negotiation,
      });
      return Promise.resolve(meter ? meter.wrap(model) : model);
    },
    outputCap: negotiation.outputCap,
    resentRequests: () => negotiation.resentRequests,
    memory: opts.memory ?? (() => Promise.resolve(NO_MEMORY)),
    memoryStore: () =>
      Promise.reject(new Error("memory commands run through 'rivumi memory' locally")),
    access: () => Promise.resolve(undefined),
    work: opts.work,
    ci: () => Promise.reject(new Error("locally, triage a log file with 'rivumi triage --log'")),
    progress: () => undefined,
    // A local review has no comment to remember an earlier review in: it is always a full one.
    lastReview: () => Promise.resolve({}),
    // Nor any review thread, or anyone's permission to ask about.
    reviewThreads: () => Promise.resolve([]),
    permissionOf: () => Promise.resolve("none"),
    selfLogin: () => Promise.reject(new Error("a local run posts nothing on GitHub")),
    ...(opts.status ? { status: opts.status } : {}),
    redact: (text) => run.redactor.redact(text),
  };
}

/** A plan's mode, run with the CLI's ports: built here, once per run, for every command. */
export function localMode(run: CliRun, plan: Plan, ports: CliPortOptions): Promise<Outcome> {
  return runMode(cliPorts(run, ports), plan);
}
