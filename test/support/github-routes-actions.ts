/**
 * Routes around workflow runs that failed-CI triage reads: a workflow's runs, the pull requests
 * of a commit and the files a commit changed. (A run, its jobs and the job-log redirect are in
 * `github-routes-issues.ts`; the storage behind the redirect is the server's `/_fake/` host.)
 */
import { okPage, type RouteResult } from "./github-http.js";
import * as json from "./github-json.js";
import { HTML, nodeId, user } from "./github-json-base.js";
import type { Handler, RouteContext } from "./github-route-context.js";
import type { RepoState } from "./github-state.js";
import type { RunRecord } from "./github-types.js";

export const actionsRoutes: Record<string, Handler> = {
  // `workflow_id` is the number the run JSON reports, or the workflow's file name.
  "actions/list-workflow-runs": (ctx) => {
    const repo = ctx.repo();
    const q = ctx.url.searchParams;
    const wanted = ctx.params.workflow_id ?? "";
    const status = q.get("status");
    const runs = [...repo.runs.values()]
      .filter((r) => workflowId(repo, r) === wanted || r.path.split("/").pop() === wanted)
      .filter((r) => !q.get("branch") || r.headBranch === q.get("branch"))
      .filter((r) => !q.get("event") || r.event === q.get("event"))
      .filter((r) => !q.get("head_sha") || r.headSha === q.get("head_sha"))
      .filter((r) => !status || r.status === status || r.conclusion === status)
      .sort((a, b) => b.id - a.id)
      .map((r) => json.workflowRun(ctx.state, repo, r));
    const page = okPage(runs, ctx.url);
    return { ...page, json: { total_count: runs.length, workflow_runs: page.json } };
  },

  // GitHub finds only commits of this repository: a fork's head commit lists no pull request.
  "repos/list-pull-requests-associated-with-commit": (ctx) => {
    const repo = ctx.repo();
    const sha = ctx.params.commit_sha ?? "";
    const pulls = [...repo.issues.values()]
      .filter((i) => i.pull && i.pull.head.repo === repo.fullName)
      .filter((i) => i.pull!.headShas.includes(sha))
      .sort((a, b) => b.number - a.number)
      .map((i) => json.pullRequest(ctx.state, repo, i, false));
    return okPage(pulls, ctx.url);
  },

  "repos/get-commit": (ctx) => commit(ctx, ctx.repo(), ctx.params.ref ?? ""),
};

function workflowId(repo: RepoState, run: RunRecord): string {
  return String(json.userId(`workflow:${repo.fullName}:${run.path}`));
}

/** A commit with the files set by `setCommitFiles` (git data of the fake when it has the commit). */
function commit(ctx: RouteContext, repo: RepoState, sha: string): RouteResult {
  const api = `${ctx.state.url}/repos/${repo.fullName}`;
  const files = (repo.commitFiles.get(sha) ?? []).map((filename) => ({
    sha: json.sha1(`blob:${sha}:${filename}`),
    filename,
    status: "modified",
    additions: 1,
    deletions: 1,
    changes: 2,
    blob_url: `${HTML}/${repo.fullName}/blob/${sha}/${filename}`,
    raw_url: `${HTML}/${repo.fullName}/raw/${sha}/${filename}`,
    contents_url: `${api}/contents/${filename}?ref=${sha}`,
  }));
  const who = {
    name: repo.owner,
    email: `${repo.owner}@users.noreply.github.com`,
    date: ctx.state.now(),
  };
  return {
    status: 200,
    json: {
      sha,
      node_id: nodeId("C", sha),
      url: `${api}/commits/${sha}`,
      html_url: `${HTML}/${repo.fullName}/commit/${sha}`,
      comments_url: `${api}/commits/${sha}/comments`,
      commit: {
        url: `${api}/git/commits/${sha}`,
        author: who,
        committer: who,
        message: repo.git.commit(sha)?.message ?? "A commit",
        comment_count: 0,
        tree: {
          sha: json.sha1(`tree:${sha}`),
          url: `${api}/git/trees/${json.sha1(`tree:${sha}`)}`,
        },
      },
      author: user(ctx.state, { login: repo.owner, type: "User" }),
      committer: user(ctx.state, { login: repo.owner, type: "User" }),
      parents: [],
      stats: { additions: files.length, deletions: files.length, total: 2 * files.length },
      files,
    },
  };
}
