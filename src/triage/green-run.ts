// "What is new since the last green run": the same job of the workflow's last successful run on
// the same branch (or the pull request's base branch), and the failed step's lines only the failed
// log has.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { WorkflowJobInfo, WorkflowRunInfo } from "../github/port.js";
import { cleanLine } from "./clean-line.js";
import { diffLogs } from "./index.js";
import { errorText } from "../util/error-text.js";
import { downloadJobLog, type JobContext, type TriagedJob } from "./job.js";

/** Both logs are read whole to compare them, so only logs up to this size are compared. */
const DIFF_MAX_BYTES = 32 * 1024 * 1024;
const DIFF_MAX_LINES = 40;
const CHARS_PER_LINE = 300;

/** The workflow's newest successful run on the run's own branch, else on a pull request's base. */
export async function findGreenRun(
  ctx: Pick<JobContext, "ci" | "journal">,
  run: WorkflowRunInfo,
  baseRefs: readonly string[],
): Promise<WorkflowRunInfo | undefined> {
  const fork = run.headRepository.toLowerCase() !== run.repository.toLowerCase();
  // A fork's branch name says nothing about this repository's branches.
  const branches = [...new Set([...(fork ? [] : [run.headBranch]), ...baseRefs])].filter(Boolean);
  // A workflow file is named by its file name, as in `actions/workflows/ci.yml/runs`; a
  // workflow without one (GitHub's dynamic workflows) by its id.
  const file = /^\.github\/workflows\/([^/]+)$/.exec(run.path)?.[1];
  for (const branch of branches) {
    const runs = await ctx.ci.github.listWorkflowRuns({
      workflow: file ?? run.workflowId,
      branch,
      status: "success",
      perPage: 5,
    });
    const green = runs.find((r) => r.id !== run.id);
    if (green) {
      ctx.journal.emit({ type: "triage.green_found", runId: green.id, branches });
      return green;
    }
  }
  ctx.journal.emit({ type: "triage.green_found", runId: null, branches });
  return undefined;
}

/** Sets `diff` (or a note) on each job that has a log, against the same job of `green`. */
export async function compareWithGreen(
  ctx: JobContext,
  green: WorkflowRunInfo,
  jobs: readonly TriagedJob[],
): Promise<void> {
  let greenJobs: WorkflowJobInfo[];
  try {
    greenJobs = await ctx.ci.github.listRunJobs(green.id, green.attempt);
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    for (const j of jobs) j.report.notes.push(noteOf(green, error));
    return;
  }
  for (const j of jobs) {
    const passing = greenJobs.find((g) => g.name === j.report.name && g.conclusion === "success");
    if (!j.log || !j.logStep || !passing) continue;
    if (j.log.cut || j.log.bytes > DIFF_MAX_BYTES) {
      j.report.notes.push(`The log is too large to compare with the last green run.`);
      continue;
    }
    try {
      const saved = await downloadJobLog(
        { ...ctx, maxBytes: DIFF_MAX_BYTES },
        passing.id,
        join(ctx.ci.dir, `green-${passing.id}.log`),
      );
      if (saved.cut) {
        j.report.notes.push(`The last green run's log is too large to compare with.`);
        continue;
      }
      const [failedText, passingText] = await Promise.all([
        readFile(j.log.path, "utf8"),
        readFile(saved.path, "utf8"),
      ]);
      const diff = diffLogs(failedText, passingText, {
        step: j.logStep.name,
        maxLines: DIFF_MAX_LINES,
      });
      ctx.journal.emit({
        type: "triage.log_diffed",
        job: j.report.id,
        greenRunId: green.id,
        lines: diff.lines.length,
        truncated: diff.truncated,
      });
      const raw = failedText.split("\n");
      j.report.diff = {
        runId: green.id,
        runUrl: green.htmlUrl,
        step: j.logStep.name,
        lines: diff.lines.map((line) => ({
          line,
          text: cleanLine(raw[line - 1] ?? "").slice(0, CHARS_PER_LINE),
        })),
        truncated: diff.truncated,
      };
    } catch (error) {
      if (ctx.signal.aborted) throw error;
      j.report.notes.push(noteOf(green, error));
    }
  }
}

function noteOf(green: WorkflowRunInfo, error: unknown): string {
  return `Could not compare with the last green run ${green.id}: ${errorText(error)}`;
}
