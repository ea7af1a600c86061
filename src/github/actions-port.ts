import type { Octokit } from "@octokit/rest";
import type { ActionsPort, PullRef, RepoRef, WorkflowRunInfo } from "./port.js";

/** The Actions side of the real GitHub port for one repository (see `createGitHubPort`). */
export function createActionsPort(octokit: Octokit, repoRef: RepoRef): ActionsPort {
  const { owner, repo } = repoRef;
  return {
    async getWorkflowRun(runId) {
      const { data } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: runId });
      return toRun(data);
    },
    async listRunJobs(runId, attempt) {
      const jobs = await octokit.paginate(octokit.rest.actions.listJobsForWorkflowRunAttempt, {
        owner,
        repo,
        run_id: runId,
        attempt_number: attempt,
        per_page: 100,
      });
      return jobs.map((j) => ({
        id: j.id,
        name: j.name,
        status: j.status,
        conclusion: j.conclusion,
        htmlUrl: j.html_url ?? "",
        steps: (j.steps ?? []).map((s) => ({
          number: s.number,
          name: s.name,
          status: s.status,
          conclusion: s.conclusion,
        })),
      }));
    },
    async jobLogUrl(jobId) {
      // Not followed here: fetch would carry the token to the storage host of a same-origin
      // redirect, and octokit's auth header with it. The caller fetches the URL without it.
      const res = await octokit.rest.actions.downloadJobLogsForWorkflowRun({
        owner,
        repo,
        job_id: jobId,
        request: { redirect: "manual" },
      });
      const location = res.headers.location;
      if (!location)
        throw new Error(`the log of job ${jobId} answered ${res.status} without a Location`);
      return location;
    },
    async listWorkflowRuns(q) {
      const { data } = await octokit.rest.actions.listWorkflowRuns({
        owner,
        repo,
        workflow_id: q.workflow,
        branch: q.branch,
        status: q.status,
        ...(q.headSha ? { head_sha: q.headSha } : {}),
        per_page: q.perPage,
      });
      return data.workflow_runs.map(toRun);
    },
    async listCommitPulls(sha) {
      const { data } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({
        owner,
        repo,
        commit_sha: sha,
        per_page: 100,
      });
      return data.map(toPullRef);
    },
    async listPullsByHead(head) {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: "open",
        head,
        per_page: 100,
      });
      return data.map(toPullRef);
    },
    async listCommitFiles(sha) {
      const { data } = await octokit.rest.repos.getCommit({ owner, repo, ref: sha });
      return (data.files ?? []).map((f) => f.filename);
    },
    async commitMessage(sha) {
      const { data } = await octokit.rest.repos.getCommit({ owner, repo, ref: sha });
      return data.commit.message;
    },
  };
}

interface RunJson {
  id: number;
  name?: string | null;
  workflow_id: number;
  path: string;
  head_sha: string;
  head_branch: string | null;
  event: string;
  run_attempt?: number;
  conclusion: string | null;
  html_url: string;
  repository: { full_name: string };
  head_repository?: { full_name: string } | null;
  pull_requests: Array<{ number: number; head: { sha: string }; base: { ref: string } }> | null;
}

function toRun(r: RunJson): WorkflowRunInfo {
  return {
    id: r.id,
    name: r.name ?? "",
    workflowId: r.workflow_id,
    path: r.path,
    headSha: r.head_sha,
    headBranch: r.head_branch ?? "",
    event: r.event,
    attempt: r.run_attempt ?? 1,
    conclusion: r.conclusion,
    htmlUrl: r.html_url,
    repository: r.repository.full_name,
    headRepository: r.head_repository?.full_name ?? r.repository.full_name,
    pulls: (r.pull_requests ?? []).map(toPullRef),
  };
}

function toPullRef(p: {
  number: number;
  head: { sha: string };
  base: { ref: string };
  state?: string;
}): PullRef {
  return { number: p.number, headSha: p.head.sha, baseRef: p.base.ref, state: p.state ?? "open" };
}
