// `rivumi triage --log` keeps a run record like every local run: a journal in
// `.rivumi/runs/<id>/` with result.json and journal.html beside it. The triage itself takes no
// time worth cancelling, so the run is opened once the result is known and closed at once.
import { basename, resolve } from "node:path";
import { noUsage } from "../model/usage.js";
import type { TriageResult } from "../triage/index.js";
import type { CliRun } from "./cli-run.js";
import { runLocal } from "./local-run.js";

/**
 * Journals a triage that is over, keeps the files beside the journal and prints the result, as
 * text or JSON (`json` with the journal's path added); returns the exit status.
 */
export function publishTriage(opts: {
  log: string;
  bytes: number;
  started: number;
  result: TriageResult;
  json: object;
  asJson: boolean;
  /** The readable form of the result. */
  text: () => string;
}): Promise<number> {
  return runLocal({
    phase: "triage",
    start: { runsDir: resolve(".rivumi", "runs") },
    work: (run) => {
      const ms = Date.now() - opts.started;
      journalEvents(run, { ...opts, ms });
      return Promise.resolve({ journal: run.journal.path, ms });
    },
    publish: ({ journal, ms }) => {
      const json = { ...opts.json, journal };
      return {
        finished: { conclusion: "success", stop: "none", turns: 0, usage: noUsage(), ms },
        result: json,
        end: undefined,
        print: () =>
          opts.asJson
            ? { json: JSON.stringify(json) }
            : { text: `${opts.text()}\njournal: ${journal}` },
      };
    },
  });
}

/** What the triage did, as the action's triage journals it for one job. */
function journalEvents(
  { journal }: CliRun,
  opts: { log: string; bytes: number; result: TriageResult; ms: number },
): void {
  const name = basename(opts.log);
  journal.emit({
    type: "plan.decided",
    action: "triage",
    trusted: true,
    reason: "a local log file, triaged without a model",
  });
  journal.emit({ type: "triage.log_saved", job: 0, name, bytes: opts.bytes, ms: 0 });
  journal.emit({
    type: "triage.job_triaged",
    job: 0,
    name,
    signature: opts.result.signature,
    candidates: opts.result.candidates.length,
    top: opts.result.candidates.slice(0, 5).map((c) => ({
      kind: c.kind,
      step: c.step,
      startLine: c.start_line,
      endLine: c.end_line,
    })),
    ms: opts.ms,
  });
}
