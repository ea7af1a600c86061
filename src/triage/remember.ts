// Failures remembered across runs: each triage writes its failed jobs' signatures to the history
// file of the memory branch (compare-and-swap, so concurrent triages lose nothing) and says what
// the history knows of them. A history that cannot be read or written leaves the triage as it is,
// with the reason in place of the history.
import type { ActionsPort, WorkflowRunInfo } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { BranchFile } from "../memory-store/branch-file.js";
import { MemoryStoreError } from "../memory-store/store.js";
import type { TriageHistory, TriageJob, TriageSeen } from "../outcome/outcome.js";
import { mergeHistory, parseHistory, type HistoryRow } from "./history.js";
import { summariseHistory, type SeenFailure } from "./history-summary.js";
import { errorText } from "../util/error-text.js";
import type { WorkflowRunTrigger } from "../trigger/trigger.js";
import type { CiPorts, TriagePorts } from "./ports.js";
import type { TriagedJob } from "./job.js";
import { findPasses, workflowOf } from "./passes.js";
import type { FailedRun } from "./failed-run.js";

export interface HistoryInputs {
  file: BranchFile;
  github: Pick<ActionsPort, "getWorkflowRun" | "listWorkflowRuns">;
  journal: Journal;
  signal: AbortSignal;
  /** The web server and `owner/repo`, for links to earlier runs. */
  serverUrl: string;
  repo: string;
  defaultBranch: string | undefined;
  now: Date;
}

/** The run's failures remembered; a failure of the history is its reason, never the run's. */
export async function rememberRun(
  ports: Pick<TriagePorts, "journal" | "signal" | "redact">,
  trigger: WorkflowRunTrigger,
  o: { ci: CiPorts; file: BranchFile; loaded: FailedRun; jobs: readonly TriagedJob[] },
): Promise<TriageHistory> {
  const { file, loaded } = o;
  const inputs = {
    file,
    github: o.ci.github,
    journal: ports.journal,
    signal: ports.signal,
    serverUrl: o.ci.serverUrl,
    repo: `${trigger.repo.owner}/${trigger.repo.repo}`,
    defaultBranch: trigger.defaultBranch,
    now: new Date(),
  };
  try {
    return await rememberFailures(
      inputs,
      loaded.run,
      o.jobs.map((j) => j.report),
      loaded,
    );
  } catch (error) {
    const reason = `it could not be kept (${ports.redact(errorText(error))})`;
    return { recorded: false, source: file.source, reason };
  }
}

/** Remembers the run's failed jobs and returns what the history says of their signatures. */
export async function rememberFailures(
  inputs: HistoryInputs,
  run: WorkflowRunInfo,
  jobs: readonly TriageJob[],
  where: { pulls: readonly number[]; baseRefs: readonly string[] },
): Promise<TriageHistory> {
  const { file, journal } = inputs;
  const source = file.source;
  const add = jobs.filter((j) => j.signature !== "").map((j) => rowOf(inputs, run, j, where.pulls));
  if (add.length === 0) {
    const reason = "no failed job's log could be read, so there is no signature to remember";
    return { recorded: false, source, reason };
  }
  const signatures = [...new Set(add.map((r) => r.signature))];
  let text: string;
  try {
    text = await file.read();
  } catch (error) {
    return failed(journal, source, "read", error);
  }
  const stored = parseHistory(text);
  const earlier = stored.rows.filter(
    (r) => signatures.includes(r.signature) && !(r.run === run.id && r.attempt === run.attempt),
  );
  journal.emit({
    type: "triage.history_read",
    source,
    rows: stored.rows.length,
    skipped: stored.skipped,
    earlier: earlier.length,
  });
  const found = await findPasses(inputs, earlier, add);
  journal.emit({
    type: "triage.history_checked",
    lookups: found.lookups,
    passes: found.passes.map(({ how, run: id, attempt }) => ({ how, run: id, attempt })),
    errors: found.errors,
  });
  let update;
  try {
    update = await file.update(
      (current) => mergeHistory(current, { add, passes: found.passes, now: inputs.now }),
      `rivumi: triage history of run ${run.id} attempt ${run.attempt}`,
    );
  } catch (error) {
    return failed(journal, source, "write", error);
  }
  const rows = parseHistory(update.text).rows;
  const current = { run: run.id, pulls: where.pulls };
  const summaries = signatures.flatMap((s) => summariseHistory(rows, s, current) ?? []);
  journal.emit({
    type: "triage.history_recorded",
    source,
    added: add.length,
    attempts: update.attempts,
    written: update.written,
    rows: rows.length,
    flaky: summaries.filter((s) => s.flaky).map((s) => s.signature),
    new: summaries.filter((s) => s.isNew).map((s) => s.signature),
  });
  const link = (seen: SeenFailure): TriageSeen => ({ ...seen, url: runUrl(inputs, seen) });
  const isNewHere = where.pulls.length > 0 && summaries.every((s) => s.isNew && !s.flaky);
  return {
    recorded: true,
    source,
    signatures: summaries.map((s) => ({
      ...s,
      firstSeen: link(s.firstSeen),
      lastOnDefault: s.lastOnDefault ? link(s.lastOnDefault) : undefined,
    })),
    defaultBranch: inputs.defaultBranch,
    baseGreen: isNewHere ? await baseGreen(inputs, run, where.baseRefs) : undefined,
  };
}

function rowOf(
  inputs: HistoryInputs,
  run: WorkflowRunInfo,
  job: TriageJob,
  pulls: readonly number[],
): HistoryRow {
  const fork =
    run.headRepository.toLowerCase() !== run.repository.toLowerCase()
      ? run.headRepository
      : undefined;
  return {
    v: 1,
    signature: job.signature,
    at: inputs.now.toISOString(),
    workflow: run.name,
    path: run.path,
    workflow_id: run.workflowId,
    job: job.name,
    job_id: job.id,
    run: run.id,
    attempt: run.attempt,
    branch: run.headBranch,
    sha: run.headSha,
    event: run.event,
    ...(fork !== undefined ? { fork } : {}),
    // A fork's branch of the same name is not the default branch.
    on_default: fork === undefined && run.headBranch === inputs.defaultBranch,
    pulls: [...pulls],
  };
}

/** The latest completed run of the workflow on a base branch, when it passed. */
async function baseGreen(
  inputs: HistoryInputs,
  run: WorkflowRunInfo,
  baseRefs: readonly string[],
): Promise<{ branch: string; run: number; url: string } | undefined> {
  const branch = baseRefs[0];
  if (branch === undefined || inputs.signal.aborted) return undefined;
  try {
    const runs = await inputs.github.listWorkflowRuns({
      workflow: workflowOf({ path: run.path, workflow_id: run.workflowId }),
      branch,
      status: "completed",
      perPage: 5,
    });
    const last = runs.find((r) => r.id !== run.id);
    return last?.conclusion === "success" ? { branch, run: last.id, url: last.htmlUrl } : undefined;
  } catch {
    // Only a sentence of the comment depends on it.
    return undefined;
  }
}

function runUrl(inputs: HistoryInputs, seen: { run: number; attempt: number }): string {
  return `${inputs.serverUrl}/${inputs.repo}/actions/runs/${seen.run}/attempts/${seen.attempt}`;
}

function failed(
  journal: Journal,
  source: string,
  phase: "read" | "write",
  error: unknown,
): TriageHistory {
  const code = error instanceof MemoryStoreError ? error.code : "io";
  journal.emit({ type: "triage.history_failed", source, phase, code, error: errorText(error) });
  // GitHub's own words, without the store's name (the comment shows it) or the docs link.
  const cause = error instanceof MemoryStoreError && error.cause ? error.cause : error;
  const said = errorText(cause).replace(/ - https?:\/\/\S+/, "");
  const refused = code === "forbidden" || code === "unauthorized";
  const reason =
    phase === "write" && refused
      ? `GitHub refused to write it (${said}); the workflow needs \`permissions: contents: write\``
      : `it could not be ${phase === "read" ? "read" : "written"} (${said})`;
  return { recorded: false, source, reason };
}
