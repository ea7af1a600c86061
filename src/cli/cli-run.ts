// One local run of a command, as every command that keeps a run starts it: its id, its journal
// (the API key redacted from it), Ctrl-C and a time limit turned into a cancellation. Apart from
// the ports (bootstrap.ts) so that a command without a model (`triage --log`) loads no model
// client, settings schema or mode to keep a journal.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { JournalEvent } from "../journal/events.js";
import { FileJournal, type Journal } from "../journal/journal.js";
import type { StopReason } from "../outcome/outcome.js";
import { Redactor } from "../redact/redactor.js";
import { VERSION } from "../version.js";
import { localRunId } from "./args.js";
import { onCancelSignals } from "./exit.js";

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
