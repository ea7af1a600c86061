// Failed-CI triage: the failed jobs' logs, the deterministic candidates and signature, the
// difference from the last green run, and with a model the RLM engine's digest. The deterministic
// part stands on its own: without a model, or when the model fails, it is still published.
import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { abortReason } from "../agent/stop.js";
import { modelConfigured } from "../config/endpoint.js";
import type { Settings } from "../config/settings.js";
import { scopeMemory } from "../context/session-context.js";
import type { WorkflowRunInfo } from "../github/port.js";
import { costOf } from "../model/price.js";
import type { Conclusion, Outcome, Publication } from "../outcome/outcome.js";
import { idleStats } from "../outcome/stats.js";
import type { TriageReport, TriageResult } from "../outcome/triage.js";
import type { TriagePlan } from "../plan/plan.js";
import type { CiPorts, TriagePorts } from "./ports.js";
import { triageAnnotations } from "./annotations.js";
import { digestFailure, type DigestResult } from "./digest.js";
import { compareWithGreen, findGreenRun } from "./green-run.js";
import { rememberRun } from "./remember.js";
import { errorText } from "../util/error-text.js";
import { triageJob, type JobContext, type TriagedJob } from "./job.js";
import { loadFailedRun, type FailedRun } from "./failed-run.js";
import { fixOffer, type FirstCause } from "./fix-attempts.js";

/**
 * Explains a failed workflow run: reads its failed jobs' logs one at a time, ranks their lines,
 * compares them with the last green run, remembers the failure and, with a model, digests it.
 */
export async function runTriage(
  ports: TriagePorts,
  plan: TriagePlan,
): Promise<Outcome<TriageResult>> {
  const { trigger, settings, signal } = ports;
  if (trigger.kind !== "workflow_run") throw new Error("triage runs on workflow_run events only");
  const repo = `${trigger.repo.owner}/${trigger.repo.repo}`;
  const ci = await ports.ci();
  await mkdir(ci.dir, { recursive: true });
  const loaded = await loadFailedRun(ci.github, plan, repo);
  const { run } = loaded;
  const ctx: JobContext = {
    ci,
    repo,
    runId: run.id,
    maxBytes: settings.triage.logMaxBytes,
    deadlines: {
      idleMs: settings.triage.logIdleSeconds * 1000,
      totalMs: settings.triage.logTimeoutSeconds * 1000,
    },
    signal,
    journal: ports.journal,
  };
  ports.journal.emit({
    type: "triage.run_loaded",
    runId: run.id,
    attempt: run.attempt,
    conclusion: run.conclusion ?? plan.conclusion,
    jobs: loaded.failed.length + loaded.cancelled.length,
    failed: loaded.failed.map((f) => f.job.name),
    cancelled: loaded.cancelled.map((j) => j.name),
    pulls: loaded.pulls,
  });
  // One job at a time: each log may be hundreds of megabytes on disk. A log that cannot be read
  // (a stalled storage, an expired log) is a note on its job; a stopped run reads no more logs
  // and publishes what the others gave.
  const jobs: TriagedJob[] = [];
  for (const failed of loaded.failed) jobs.push(await triageJob(ctx, failed));
  await compare(ctx, loaded, jobs);
  // The history is written while the model digests: its writes are spaced a second apart.
  const remembering =
    ci.history && !signal.aborted
      ? rememberRun(ports, trigger, { ci, file: ci.history, loaded, jobs })
      : undefined;

  // A digest is asked for when a model is configured and there is a log to digest.
  const wanted = modelConfigured(settings) && jobs.some((j) => j.log);
  const digesting = performance.now();
  const digested =
    wanted && !signal.aborted
      ? await digestOrNote(ports, ci, run, jobs)
      : {
          digest: undefined,
          note: signal.aborted
            ? `the run was stopped (${errorText(signal.reason)})`
            : modelConfigured(settings)
              ? "no log to digest"
              : "no model is configured",
          rlm: undefined,
        };
  const history = await remembering;
  ports.journal.emit({
    type: "triage.digested",
    ok: digested.digest !== undefined,
    ...(digested.digest?.category ? { category: digested.digest.category } : {}),
    ...(digested.note ? { note: digested.note } : {}),
    ms: Math.round(performance.now() - digesting),
  });
  const report: TriageReport = {
    repo,
    run: {
      id: run.id,
      attempt: run.attempt,
      workflow: run.name,
      path: run.path,
      event: run.event,
      headSha: run.headSha,
      headBranch: run.headBranch,
      conclusion: run.conclusion ?? plan.conclusion,
      url: `${ci.serverUrl}/${repo}/actions/runs/${run.id}`,
    },
    signature: runSignature(run, jobs),
    jobs: jobs.map((j) => j.report),
    cancelled: loaded.cancelled.map((j) => j.name),
    digest: digested.digest,
    digestNote: digested.digest ? undefined : digested.note,
    ...(history ? { history } : {}),
  };
  // A same-repository pull request (GitHub names no fork's) is offered a fix of the first cause.
  const cause = firstCause(report);
  if (settings.fix.push && loaded.pulls.length > 0 && cause)
    report.fix = { offer: fixOffer(cause) };
  const stopped = signal.aborted ? abortReason(signal) : undefined;
  const missing = [
    ...(stopped
      ? [`the run was stopped before the triage was complete (${errorText(signal.reason)})`]
      : []),
    ...(wanted && !digested.digest ? [`no digest: ${digested.note}`] : []),
    ...jobs
      .filter((j) => !j.log)
      .map((j) => `the log of job ${j.report.name} could not be read: ${j.logError ?? "no log"}`),
  ];
  const conclusion: Conclusion = missing.length > 0 ? "partial" : "success";
  ports.journal.emit({
    type: "triage.concluded",
    signature: report.signature,
    jobs: report.jobs.length,
    evidence: report.jobs.reduce((n, j) => n + j.evidence.length, 0),
    pulls: loaded.pulls,
    issue: loaded.pulls.length === 0 && settings.triage.issue,
  });
  return {
    conclusion,
    stop: stopped,
    note:
      missing.length > 0
        ? `${missing.join("; ")}. The deterministic triage is published.`
        : undefined,
    stats: stats(ports, digested),
    journalName: ports.journalName,
    notices: notices(report, loaded.pulls, settings),
    attachments: [],
    publications: publications(report, loaded.pulls, settings),
    result: { kind: "triage", report },
  };
}

async function compare(ctx: JobContext, loaded: FailedRun, jobs: TriagedJob[]): Promise<void> {
  if (!jobs.some((j) => j.log) || ctx.signal.aborted) return;
  try {
    const green = await findGreenRun(ctx, loaded.run, loaded.baseRefs);
    if (green) await compareWithGreen(ctx, green, jobs);
  } catch (error) {
    // A stopped run says so once, in the outcome's note; not on every job.
    if (ctx.signal.aborted) return;
    for (const j of jobs)
      j.report.notes.push(`Could not look for a green run: ${errorText(error)}`);
  }
}

/** The digest; a model or engine failure becomes a note, never the run's failure. */
async function digestOrNote(
  ports: TriagePorts,
  ci: CiPorts,
  run: WorkflowRunInfo,
  jobs: readonly TriagedJob[],
): Promise<DigestResult> {
  try {
    const model = await ports.model();
    const childModel = ports.settings.childModel
      ? await ports.model(ports.settings.childModel)
      : model;
    const [memory, changedFiles] = await Promise.all([
      ports.memory(),
      ci.github.listCommitFiles(run.headSha).catch(() => []),
    ]);
    return await digestFailure(
      {
        run,
        jobs,
        changedFiles,
        // The facts a prompt about these files gets: unscoped ones, and those of their directories.
        facts: scopeMemory(memory, changedFiles).entries.filter((e) => e.type === "project-fact"),
        dir: ci.dir,
      },
      {
        model,
        childModel,
        journal: ports.journal,
        signal: ports.signal,
        maxTokens: ports.settings.maxTokens,
        sandbox: ports.settings.rlmSandbox,
      },
    );
  } catch (error) {
    const note = ports.signal.aborted
      ? `the run was stopped (${errorText(ports.signal.reason)})`
      : `it failed: ${ports.redact(errorText(error))}`;
    return { digest: undefined, note, rlm: undefined };
  }
}

/**
 * The run's signature: its failed jobs' signatures, so that the same failure in a matrix of jobs,
 * on a re-run or in another pull request has the same one. Without any, the workflow and how it
 * ended stand for the failure (a workflow that did not start, logs that expired).
 */
function runSignature(run: WorkflowRunInfo, jobs: readonly TriagedJob[]): string {
  const parts = [...new Set(jobs.map((j) => j.report.signature).filter(Boolean))].sort();
  const text =
    parts.length > 0
      ? parts.join("\n")
      : [run.path, run.conclusion ?? "", ...jobs.map((j) => j.report.name)].join("\n");
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function publications(
  report: TriageReport,
  pulls: readonly number[],
  settings: Settings,
): Publication[] {
  const out: Publication[] = pulls.map((pr) => ({
    kind: "sticky-comment" as const,
    pr,
    // One comment per pull request and workflow: a re-run, or the next push, updates it.
    key: `triage/${report.run.workflow || report.run.path}`,
  }));
  if (pulls.length === 0 && settings.triage.issue) {
    const top = report.jobs[0]?.evidence[0]?.kind ?? report.run.conclusion;
    out.push({
      kind: "issue-by-marker",
      key: `triage/${report.signature}`,
      title: `${report.run.workflow} fails on ${report.run.headBranch}: ${top} (${report.signature.slice(0, 8)})`,
    });
  }
  const annotations = triageAnnotations(report.jobs, report.digest);
  if (annotations.length > 0) out.push({ kind: "annotations", items: annotations });
  return out;
}

function notices(report: TriageReport, pulls: readonly number[], settings: Settings): string[] {
  if (pulls.length > 0 || settings.triage.issue) return [];
  return [
    `Run ${report.run.id} has no pull request; the triage is in the step summary. Set 'triage-issue: true' to open an issue per failure signature.`,
  ];
}

function stats(ports: TriagePorts, digest: DigestResult): Outcome["stats"] {
  const base = idleStats(ports.settings, ports.started);
  const rlm = digest.rlm;
  if (!rlm) return base;
  return {
    ...base,
    turns: rlm.iterations,
    usage: rlm.usage,
    costUsd: costOf(rlm.usage, ports.settings.prices),
  };
}

/** The first failed job's best evidence: what a fix of the run starts from. */
export function firstCause(report: TriageReport): FirstCause | undefined {
  for (const job of report.jobs) {
    const best = job.evidence[0];
    if (best)
      return {
        job: job.name,
        step: best.step,
        lines: best.lines,
        ...(best.location ? { location: best.location } : {}),
      };
  }
  return undefined;
}
