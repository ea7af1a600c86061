import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { parseSettings, type Settings } from "../config/settings.js";
import { NO_MEMORY, type SessionMemory } from "../context/session-context.js";
import { FileJournal } from "../journal/journal.js";
import { createOpenAIModel } from "../model/openai-model.js";
import type { ModePorts, WorkSource } from "../modes/ports.js";
import type { Trigger } from "../trigger/trigger.js";
import { Redactor } from "../util/redact.js";
import { VERSION } from "../version.js";
import { localRunId } from "./args.js";

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

/** One local run of a command: its id, journal, redaction and cancellation. */
export interface CliRun {
  id: string;
  env: CliEnv;
  journal: FileJournal;
  redactor: Redactor;
  signal: AbortSignal;
  started: number;
  /** Removes the Ctrl-C handler; call when the run is over. */
  close(): void;
}

/**
 * Starts a local run: the journal at `journalPath` (else under `<runsDir>/<id>/`), the API key
 * redacted from everything written, Ctrl-C turned into a cancellation that still reports.
 */
export function startCliRun(opts: { runsDir: string; journalPath?: string | undefined }): CliRun {
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
  } else {
    mkdirSync(dirname(path), { recursive: true });
  }
  const journal = new FileJournal(path, redactor);
  journal.emit({
    type: "run.started",
    version: VERSION,
    event: "local",
    runId: id,
    attempt: "1",
    mode: "cli",
  });
  const controller = new AbortController();
  const cancel = () => controller.abort({ rivumi: "cancelled" });
  process.once("SIGINT", cancel);
  return {
    id,
    env,
    journal,
    redactor,
    signal: controller.signal,
    started: Date.now(),
    close: () => process.removeListener("SIGINT", cancel),
  };
}

/** Settings for a local run: the action's defaults and checks, with the CLI's own values. */
export function cliSettings(env: CliEnv, inputs: Record<string, string> = {}): Settings {
  const values: Record<string, string> = {
    "github-token": "local",
    "base-url": env.baseUrl,
    model: env.model,
    ...(env.apiKey ? { "api-key": env.apiKey } : {}),
    ...inputs,
  };
  return parseSettings((name) => values[name] ?? "");
}

/** The modes' ports for a local run: the endpoint from the environment, nothing posted to GitHub. */
export function cliPorts(
  run: CliRun,
  opts: {
    settings: Settings;
    trigger: Trigger;
    work: WorkSource;
    memory?: () => Promise<SessionMemory>;
    status?: (line: string) => void;
  },
): ModePorts {
  const { settings } = opts;
  return {
    settings,
    trigger: opts.trigger,
    journal: run.journal,
    signal: run.signal,
    journalName: run.journal.path,
    started: run.started,
    model: (name) =>
      Promise.resolve(
        createOpenAIModel({
          baseUrl: settings.baseUrl,
          apiKey: settings.apiKey,
          model: name ?? settings.model,
        }),
      ),
    memory: opts.memory ?? (() => Promise.resolve(NO_MEMORY)),
    memoryStore: () =>
      Promise.reject(new Error("memory commands run through 'rivumi memory' locally")),
    access: undefined,
    work: opts.work,
    ci: () => Promise.reject(new Error("locally, triage a log file with 'rivumi triage --log'")),
    progress: () => undefined,
    ...(opts.status ? { status: opts.status } : {}),
    redact: (text) => run.redactor.redact(text),
  };
}
