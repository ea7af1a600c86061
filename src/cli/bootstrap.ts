import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { modelConfigured, noModelMessage } from "../config/endpoint.js";
import { parseSettings, SettingsError, type Settings } from "../config/settings.js";
import { NO_MEMORY, type SessionMemory } from "../context/session-context.js";
import type { JournalEvent } from "../journal/events.js";
import { FileJournal, type Journal } from "../journal/journal.js";
import { endpointRecorder } from "../model/endpoint-event.js";
import { negotiationFor } from "../model/negotiation.js";
import { createOpenAIModel } from "../model/openai-model.js";
import { createScriptedModel, isScriptedModel } from "../model/scripted-model.js";
import type { ModePorts, WorkSource } from "../modes/ports.js";
import type { StopReason } from "../outcome/outcome.js";
import type { Trigger } from "../trigger/trigger.js";
import { Redactor } from "../redact/redactor.js";
import { VERSION } from "../version.js";
import { localRunId } from "./args.js";
import { onCancelSignals } from "./exit.js";
import type { SpendMeter } from "./run-budget.js";
import { UsageError } from "./usage-error.js";

/** What the CLI reads from its environment, read once here. */
export interface CliEnv {
  baseUrl: string;
  apiKey: string | undefined;
  model: string;
}

export function readCliEnv(env: NodeJS.ProcessEnv = process.env): CliEnv {
  return {
    baseUrl: env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
    apiKey: env.OPENAI_API_KEY,
    model: env.RIVUMI_MODEL ?? "gpt-4.1-mini",
  };
}

/** One local run of a command: its id, journal, redaction, limits and cancellation. */
export interface CliRun {
  id: string;
  env: CliEnv;
  journal: Journal & { readonly path: string };
  redactor: Redactor;
  signal: AbortSignal;
  started: number;
  /** Why the run was stopped early (Ctrl-C, a limit), once it was. */
  stopped(): StopReason | undefined;
  /** Stops the run at a limit: the modes see the signal abort with this reason. */
  stop(reason: StopReason): void;
  /** Removes the Ctrl-C handler and the timer; call when the run is over. */
  close(): void;
}

/** Where a local run keeps its journal, its time limit, and who watches its events. */
export interface CliRunOptions {
  runsDir: string;
  journalPath?: string | undefined;
  timeoutMinutes?: number | undefined;
  observe?: (event: JournalEvent) => void;
}

/**
 * Starts a local run: the journal at `journalPath` (else under `<runsDir>/<id>/`), the API key
 * redacted from everything written, Ctrl-C and SIGTERM turned into a cancellation that still
 * reports, and
 * `timeoutMinutes` into a timeout. `observe` sees every journal event (for progress). A given
 * `journalPath` has been checked by `writableFileArg`.
 */
export function startCliRun(opts: CliRunOptions): CliRun {
  const env = readCliEnv();
  const id = localRunId();
  const redactor = new Redactor();
  redactor.add(env.apiKey);
  const path = opts.journalPath ?? join(opts.runsDir, id, "journal.jsonl");
  if (!opts.journalPath) {
    // Run records are local history, not project files: keep them out of `git status`.
    mkdirSync(opts.runsDir, { recursive: true });
    const ignore = join(opts.runsDir, ".gitignore");
    if (!existsSync(ignore)) writeFileSync(ignore, "*\n");
  }
  const file = new FileJournal(path, redactor);
  const observe = opts.observe;
  const journal: CliRun["journal"] = observe
    ? {
        path,
        get events() {
          return file.events;
        },
        requests: file.requests,
        emit(event) {
          file.emit(event);
          observe(event);
        },
      }
    : file;
  journal.emit({
    type: "run.started",
    version: VERSION,
    event: "local",
    runId: id,
    attempt: "1",
    mode: "cli",
  });
  const controller = new AbortController();
  const stop = (reason: StopReason) => {
    if (!controller.signal.aborted) controller.abort({ rivumi: reason });
  };
  // A second Ctrl-C (or SIGTERM) finds the default handler again and ends the process at once.
  const release = onCancelSignals(() => stop("cancelled"));
  const timer =
    opts.timeoutMinutes !== undefined
      ? setTimeout(() => stop("timeout"), opts.timeoutMinutes * 60_000)
      : undefined;
  timer?.unref();
  return {
    id,
    env,
    journal,
    redactor,
    signal: controller.signal,
    started: Date.now(),
    stopped: () =>
      controller.signal.aborted
        ? ((controller.signal.reason as { rivumi?: StopReason } | undefined)?.rivumi ?? "cancelled")
        : undefined,
    stop,
    close: () => {
      clearTimeout(timer);
      release();
    },
  };
}

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
