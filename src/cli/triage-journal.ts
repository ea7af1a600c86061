// `rivumi triage --log` keeps a run record like every local run: a journal in
// `.rivumi/runs/<id>/` with result.json and journal.html beside it. The triage itself takes no
// time worth cancelling, so the run is opened once the result is known and closed at once.
import { basename, resolve } from "node:path";
import { noUsage } from "../model/usage.js";
import type { TriageResult } from "../triage/index.js";
import { startCliRun } from "./bootstrap.js";
import { keepRunFiles } from "./run-files.js";

/** Writes the triage's journal and the files beside it; returns the journal's path. */
export async function journalTriage(opts: {
  log: string;
  bytes: number;
  started: number;
  result: TriageResult;
  json: object;
}): Promise<string> {
  const run = startCliRun({ runsDir: resolve(".rivumi", "runs") });
  try {
    const { journal } = run;
    const ms = Date.now() - opts.started;
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
      ms,
    });
    journal.emit({
      type: "run.finished",
      conclusion: "success",
      stop: "none",
      turns: 0,
      usage: noUsage(),
      ms,
    });
    await keepRunFiles(journal.path, { ...opts.json, journal: journal.path }, run.redactor);
    return journal.path;
  } finally {
    run.close();
  }
}
