/** JSON of workflow runs and jobs, git objects and repository contents. */
import { signedByGitHub } from "./github-branch-rules.js";
import { HTML, nodeId, repository, user, userId, type Json } from "./github-json-base.js";
import type { GitHubState, RepoState } from "./github-state.js";
import type { JobRecord, RunRecord } from "./github-types.js";

export function workflowRun(state: GitHubState, repo: RepoState, run: RunRecord): Json {
  const api = `${state.url}/repos/${repo.fullName}/actions/runs/${run.id}`;
  const workflowId = userId(`workflow:${repo.fullName}:${run.path}`);
  const pullRequests = run.pullRequests.flatMap((n) => {
    const pull = repo.issues.get(n)?.pull;
    if (!pull) return [];
    const mini = (s: { sha: string; ref: string }, fullName: string): Json => ({
      ref: s.ref,
      sha: s.sha,
      repo: {
        id: userId(`repo:${fullName}`),
        url: `${state.url}/repos/${fullName}`,
        name: fullName.split("/")[1],
      },
    });
    return [
      {
        id: userId(`issue:${repo.fullName}#${n}`),
        number: n,
        url: `${state.url}/repos/${repo.fullName}/pulls/${n}`,
        head: mini(pull.head, pull.head.repo),
        base: {
          ...mini(pull.base, repo.fullName),
          repo: { id: repo.id, url: `${state.url}/repos/${repo.fullName}`, name: repo.name },
        },
      },
    ];
  });
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId("WFR", run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: run.path,
    display_title: run.name,
    run_number: run.runNumber,
    run_attempt: run.runAttempt,
    event: run.event,
    status: run.status,
    conclusion: run.conclusion,
    workflow_id: workflowId,
    check_suite_id: run.id + 1,
    url: api,
    html_url: `${HTML}/${repo.fullName}/actions/runs/${run.id}`,
    pull_requests: pullRequests,
    created_at: run.createdAt,
    updated_at: run.createdAt,
    run_started_at: run.createdAt,
    actor: user(state, run.actor),
    triggering_actor: user(state, run.actor),
    jobs_url: `${api}/jobs`,
    logs_url: `${api}/logs`,
    check_suite_url: `${state.url}/repos/${repo.fullName}/check-suites/${run.id + 1}`,
    artifacts_url: `${api}/artifacts`,
    cancel_url: `${api}/cancel`,
    rerun_url: `${api}/rerun`,
    workflow_url: `${state.url}/repos/${repo.fullName}/actions/workflows/${workflowId}`,
    head_commit: null,
    repository: repository(state, repo.fullName),
    head_repository: repository(state, run.headRepository),
  };
}

export function job(state: GitHubState, repo: RepoState, j: JobRecord): Json {
  const run = repo.runs.get(j.runId)!;
  const api = `${state.url}/repos/${repo.fullName}/actions/jobs/${j.id}`;
  const done = j.status === "completed";
  return {
    id: j.id,
    run_id: j.runId,
    run_url: `${state.url}/repos/${repo.fullName}/actions/runs/${j.runId}`,
    run_attempt: j.runAttempt,
    node_id: nodeId("CR", j.id),
    head_sha: run.headSha,
    head_branch: run.headBranch,
    workflow_name: run.name,
    url: api,
    html_url: `${HTML}/${repo.fullName}/actions/runs/${j.runId}/job/${j.id}`,
    status: j.status,
    conclusion: j.conclusion,
    created_at: j.startedAt,
    started_at: j.startedAt,
    completed_at: done ? j.startedAt : null,
    name: j.name,
    steps: j.steps.map((s) => ({
      ...s,
      started_at: j.startedAt,
      completed_at: s.status === "completed" ? j.startedAt : null,
    })),
    check_run_url: `${state.url}/repos/${repo.fullName}/check-runs/${j.id}`,
    labels: ["ubuntu-latest"],
    runner_id: 1,
    runner_name: "GitHub Actions 1",
    runner_group_id: 1,
    runner_group_name: "GitHub Actions",
  };
}

export function gitRef(state: GitHubState, repo: RepoState, name: string, sha: string): Json {
  return {
    ref: name,
    node_id: nodeId("REF", `${repo.fullName}:${name}`),
    url: `${state.url}/repos/${repo.fullName}/git/${name}`,
    object: { sha, type: "commit", url: `${state.url}/repos/${repo.fullName}/git/commits/${sha}` },
  };
}

export function gitCommit(state: GitHubState, repo: RepoState, sha: string): Json {
  const c = repo.git.commit(sha)!;
  const api = `${state.url}/repos/${repo.fullName}/git`;
  return {
    sha,
    node_id: nodeId("C", sha),
    url: `${api}/commits/${sha}`,
    html_url: `${HTML}/${repo.fullName}/commit/${sha}`,
    author: c.author,
    committer: c.committer,
    tree: { sha: c.tree, url: `${api}/trees/${c.tree}` },
    message: c.message,
    parents: c.parents.map((p) => ({
      sha: p,
      url: `${api}/commits/${p}`,
      html_url: `${HTML}/${repo.fullName}/commit/${p}`,
    })),
    verification: signedByGitHub(repo.commitOrigins.get(sha))
      ? {
          verified: true,
          reason: "valid",
          signature:
            "-----BEGIN PGP SIGNATURE-----\n(the fake GitHub's)\n-----END PGP SIGNATURE-----\n",
          payload: `tree ${c.tree}\n`,
          verified_at: c.committer.date,
        }
      : { verified: false, reason: "unsigned", signature: null, payload: null, verified_at: null },
  };
}

export function gitTree(
  state: GitHubState,
  repo: RepoState,
  sha: string,
  recursive: boolean,
): Json {
  const git = repo.git;
  const entries = recursive ? git.walk(sha) : git.tree(sha)!.map((e) => ({ ...e, path: e.name }));
  const api = `${state.url}/repos/${repo.fullName}/git`;
  return {
    sha,
    url: `${api}/trees/${sha}`,
    tree: entries.map((e) => ({
      path: e.path,
      mode: e.mode,
      type: e.type,
      sha: e.sha,
      ...(e.type === "blob" ? { size: git.blob(e.sha)!.length } : {}),
      url: `${api}/${e.type === "tree" ? "trees" : "blobs"}/${e.sha}`,
    })),
    truncated: false,
  };
}

/** Base64 the way GitHub wraps it: 60 characters per line. */
export function wrappedBase64(content: Buffer): string {
  return (content.toString("base64").match(/.{1,60}/g) ?? [""]).join("\n") + "\n";
}

export function contentEntry(
  state: GitHubState,
  repo: RepoState,
  path: string,
  entry: { type: "blob" | "tree"; sha: string },
  ref: string,
  commitSha: string,
  withContent: boolean,
): Json {
  const blob = entry.type === "blob" ? repo.git.blob(entry.sha)! : undefined;
  const encodedPath = path.split("/").map(encodeURIComponent).join("/");
  const url = `${state.url}/repos/${repo.fullName}/contents/${encodedPath}?ref=${encodeURIComponent(ref)}`;
  const gitUrl = `${state.url}/repos/${repo.fullName}/git/${blob ? "blobs" : "trees"}/${entry.sha}`;
  const html = `${HTML}/${repo.fullName}/${blob ? "blob" : "tree"}/${ref}/${encodedPath}`;
  return {
    type: blob ? "file" : "dir",
    name: path.split("/").at(-1),
    path,
    sha: entry.sha,
    size: blob?.length ?? 0,
    url,
    html_url: html,
    git_url: gitUrl,
    download_url: blob
      ? `${state.url}/_fake/raw/${repo.fullName}/${commitSha}/${encodedPath}`
      : null,
    ...(withContent && blob ? { content: wrappedBase64(blob), encoding: "base64" } : {}),
    _links: { self: url, git: gitUrl, html },
  };
}
