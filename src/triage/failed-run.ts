// The failed run as the Actions API describes it: its jobs, which of them failed, and the pull
// requests it belongs to.
import type {
  GitHubPort,
  PullRef,
  WorkflowJobInfo,
  WorkflowRunInfo,
  WorkflowStepInfo,
} from "../github/port.js";
import type { TriagePlan } from "../plan/plan.js";

/** Job conclusions that are triaged; `cancelled` jobs are listed, usually cancelled by fail-fast. */
const FAILED = new Set(["failure", "timed_out", "startup_failure"]);

export interface FailedRun {
  run: WorkflowRunInfo;
  failed: Array<{ job: WorkflowJobInfo; step: WorkflowStepInfo | undefined }>;
  cancelled: WorkflowJobInfo[];
  /** The pull requests to comment on. */
  pulls: number[];
  /** Their base branches, where a green run to compare with may be found. */
  baseRefs: string[];
}

type RunReads = Pick<
  GitHubPort,
  "getWorkflowRun" | "listRunJobs" | "listCommitPulls" | "listPullsByHead"
>;

/** Reads the run and the jobs of its latest attempt; refuses a run of another repository. */
export async function loadFailedRun(
  github: RunReads,
  plan: TriagePlan,
  repo: string,
): Promise<FailedRun> {
  const run = await github.getWorkflowRun(plan.runId);
  if (run.repository.toLowerCase() !== repo.toLowerCase()) {
    throw new Error(`workflow run ${run.id} belongs to ${run.repository}, not to ${repo}`);
  }
  const jobs = await github.listRunJobs(run.id, run.attempt);
  const failed = jobs
    .filter((j) => j.conclusion !== null && FAILED.has(j.conclusion))
    .map((job) => ({ job, step: failedStep(job) }));
  const cancelled = jobs.filter((j) => j.conclusion === "cancelled");
  const found = await pullsOf(github, run);
  const pulls = plan.prNumbers.length > 0 ? plan.prNumbers : found.map((p) => p.number);
  const baseRefs = [...new Set(found.map((p) => p.baseRef))];
  return { run, failed, cancelled, pulls: [...new Set(pulls)], baseRefs };
}

/** The step the API marks failed (the first one), else the one still running when it stopped. */
function failedStep(job: WorkflowJobInfo): WorkflowStepInfo | undefined {
  return (
    job.steps.find((s) => s.conclusion === "failure") ??
    job.steps.find((s) => s.conclusion === "timed_out" || s.conclusion === "cancelled")
  );
}

/**
 * The run's pull requests, else the open ones of its head commit, else, for a fork's head, the
 * open pull request from the fork's branch at that commit (GitHub links neither to a fork's run).
 * The event's own list, when it has one, names the same pull requests as the run's.
 */
async function pullsOf(github: RunReads, run: WorkflowRunInfo): Promise<PullRef[]> {
  if (run.pulls.length > 0) return run.pulls;
  // A merged pull request is listed for a commit it brought in; a push there is not its failure.
  const ofCommit = (await github.listCommitPulls(run.headSha)).filter(
    (p) => p.state === "open" && p.headSha === run.headSha,
  );
  if (ofCommit.length > 0) return ofCommit;
  if (run.headRepository.toLowerCase() === run.repository.toLowerCase() || !run.headBranch)
    return [];
  const forkOwner = run.headRepository.split("/")[0];
  const fromFork = await github.listPullsByHead(`${forkOwner}:${run.headBranch}`);
  return fromFork.filter((p) => p.headSha === run.headSha);
}
