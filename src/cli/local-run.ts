// The one lifecycle of every command that keeps a run (`review`, `rlm`, `triage --log`), in the
// order the action's `finish` keeps: the run's work; `run.failed` for an error, or `run.finished`
// ending the journal; the files beside it (result.json, then the journal's page); what the command
// prints; its exit status. A command gives its work (a mode with its ports, bootstrap.ts's
// `localMode`) and its local publisher; it repeats none of this. It loads no model client: a
// command that needs none (`triage --log`) keeps its run without one.
import type { JournalEvent } from "../journal/events.js";
import { errorText } from "../util/error-text.js";
import { startCliRun, type CliRun, type CliRunOptions } from "./cli-run.js";
import { CliExit, exitWith } from "./exit.js";
import { printJson, printOut } from "./output.js";
import type { StatusLine } from "./progress.js";
import { keepRunFiles, type RunFiles } from "./run-files.js";

/** The fields of the `run.finished` event that ends the journal. */
export type RunFinished = Omit<Extract<JournalEvent, { type: "run.finished" }>, "type">;

/** What a command prints on stdout: JSON for a program to read, or text. Redacted either way. */
export type Printed = { json: string } | { text: string };

/** What a command's local publisher makes of what its run produced. */
export interface LocalPublication {
  finished: RunFinished;
  /** `result.json`, kept beside the journal with the journal's page; undefined keeps neither. */
  result: object | undefined;
  /** Undefined for a clean finish, else the one line for stderr and the exit status. */
  end: CliExit | undefined;
  /** What to print, once the files are kept (the text may name them); undefined prints nothing. */
  print(files: RunFiles | undefined): Printed | undefined;
}

export interface LocalCommand<T> {
  /** The phase a thrown error is journaled under (`run.failed`). */
  phase: string;
  start: CliRunOptions;
  /** The terminal's status line, cleared once the work is over. */
  status?: StatusLine | undefined;
  /** What the run does: usually `localMode`. */
  work(run: CliRun): Promise<T>;
  /** The local publisher: called once the work is over and the run closed. */
  publish(value: T, run: CliRun): LocalPublication;
}

/**
 * Runs a command's work as a local run and returns its exit status. An error the work throws is
 * journaled (`run.failed`) and then ends the command: a REPL that could not confine itself with
 * the line naming the way out, anything else thrown on to `main` (one line, status 1 or 2).
 */
export async function runLocal<T>(command: LocalCommand<T>): Promise<number> {
  const run = startCliRun(command.start);
  let value: T;
  try {
    value = await command.work(run);
  } catch (error) {
    const ms = Date.now() - run.started;
    run.journal.emit({ type: "run.failed", phase: command.phase, error: errorText(error), ms });
    // loaded only here: the REPL's confinement module brings the settings schema (zod) with it
    const { unconfinedExit } = await import("./sandbox-flag.js");
    const unconfined = unconfinedExit(error);
    if (unconfined) return exitWith(unconfined);
    throw error;
  } finally {
    command.status?.done();
    run.close();
  }
  const publication = command.publish(value, run);
  const { journal, redactor } = run;
  journal.emit({ type: "run.finished", ...publication.finished });
  const files =
    publication.result !== undefined
      ? await keepRunFiles(journal.path, publication.result, redactor)
      : undefined;
  const printed = publication.print(files);
  if (printed && "json" in printed) printJson(`${redactor.redact(printed.json)}\n`);
  else if (printed) printOut(`${redactor.redact(printed.text)}\n`);
  const { end } = publication;
  return exitWith(end && new CliExit(redactor.redact(end.message), end.code));
}
