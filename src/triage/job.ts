// One failed job: its log downloaded under the size limit and triaged without a model.
import { errorText } from "../util/error-text.js";
import { join } from "node:path";
import type { WorkflowJobInfo, WorkflowStepInfo } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { TriageJob } from "../outcome/outcome.js";
import { triageLog, type TriageResult, type TriageStep } from "./index.js";
import type { CiPorts } from "./ports.js";
import { quoteEvidence, sameStep, stepOf } from "./evidence.js";
import { downloadWithin, type LogDeadlines } from "./log-download.js";
import { saveLog, type SavedLog } from "./log-file.js";

export interface JobContext {
  ci: CiPorts;
  repo: string;
  runId: number;
  maxBytes: number;
  /** Each download's own deadlines, so that one stalled log costs only itself. */
  deadlines: LogDeadlines;
  signal: AbortSignal;
  journal: Journal;
}

/** A failed job triaged; `log` and `result` are set when its log could be read. */
export interface TriagedJob {
  report: TriageJob;
  log: SavedLog | undefined;
  /** Why the log could not be read, when it could not. */
  logError?: string;
  result: TriageResult | undefined;
  /** The failed step as the log names it (`Run npm test`), for the comparison with a green run. */
  logStep: TriageStep | undefined;
  /** The job's steps and its failed step as the API gives them, for links. */
  steps: readonly WorkflowStepInfo[];
  failedStep: WorkflowStepInfo | undefined;
}

/** Downloads a job's log from the storage GitHub redirects to, never sending the token there. */
export async function downloadJobLog(
  ctx: Pick<JobContext, "ci" | "maxBytes" | "deadlines" | "signal">,
  jobId: number,
  path: string,
): Promise<SavedLog> {
  const url = await ctx.ci.github.jobLogUrl(jobId);
  return downloadWithin(
    ctx.deadlines,
    ctx.signal,
    (signal) => ctx.ci.openLog(url, signal),
    (chunks) => saveLog(chunks, path, ctx.maxBytes),
  );
}

export async function triageJob(
  ctx: JobContext,
  failed: { job: WorkflowJobInfo; step: WorkflowStepInfo | undefined },
): Promise<TriagedJob> {
  const { job, step } = failed;
  const api = { steps: job.steps, failedStep: step };
  const jobUrl = `${ctx.ci.serverUrl}/${ctx.repo}/actions/runs/${ctx.runId}/job/${job.id}`;
  const report: TriageJob = {
    id: job.id,
    name: job.name,
    conclusion: job.conclusion ?? "",
    url: jobUrl,
    failedStep: step ? { number: step.number, name: step.name } : undefined,
    signature: "",
    evidence: [],
    log: undefined,
    diff: undefined,
    notes: [],
  };
  let log: SavedLog;
  const downloading = performance.now();
  try {
    // After a stop no download starts: the jobs left are reported as not read.
    if (ctx.signal.aborted) throw ctx.signal.reason;
    log = await downloadJobLog(ctx, job.id, join(ctx.ci.dir, `job-${job.id}.log`));
  } catch (error) {
    // A stopped run ends its download too; the triage publishes what the other jobs gave.
    const why = errorText(ctx.signal.aborted ? ctx.signal.reason : error);
    ctx.journal.emit({ type: "triage.log_failed", job: job.id, name: job.name, error: why });
    report.notes.push(`The log could not be downloaded: ${why}`);
    return { report, log: undefined, logError: why, result: undefined, logStep: undefined, ...api };
  }
  ctx.journal.emit({
    type: "triage.log_saved",
    job: job.id,
    name: job.name,
    bytes: log.bytes,
    ...(log.cut ? { cut: log.cut } : {}),
    ms: Math.round(performance.now() - downloading),
  });
  report.log = { bytes: log.bytes, cut: log.cut };
  if (log.cut) {
    report.notes.push(
      `The log is ${log.bytes} bytes, over the triage-log-max-bytes limit of ${ctx.maxBytes}: ` +
        `lines ${log.cut.afterLine + 1}-${log.cut.afterLine + log.cut.droppedLines} were left out.`,
    );
  }
  const triaging = performance.now();
  const result = await triageLog(log.path, step ? { failedStep: step.name } : {});
  ctx.journal.emit({
    type: "triage.job_triaged",
    job: job.id,
    name: job.name,
    signature: result.signature,
    candidates: result.candidates.length,
    top: result.candidates.slice(0, 5).map((c) => ({
      kind: c.kind,
      step: c.step,
      startLine: c.start_line,
      endLine: c.end_line,
    })),
    ms: Math.round(performance.now() - triaging),
  });
  report.signature = result.signature;
  report.evidence = await quoteEvidence(result, log, {
    jobUrl,
    steps: job.steps,
    failedStep: step,
  });
  const where = (line: number) => stepOf(result.steps, line);
  const logStep =
    (step && result.steps.find((s) => sameStep(s.name, step.name))) ??
    result.steps.find((s) => s.failed) ??
    (result.candidates[0] ? where(result.candidates[0].start_line) : undefined);
  return { report, log, result, logStep, ...api };
}
