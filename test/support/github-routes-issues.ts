/** Routes for the repository, permissions, issues, issue comments, pull requests and Actions. */
import {
  HttpError,
  checkBodyLength,
  notFound,
  ok,
  okPage,
  type RouteResult,
} from "./github-http.js";
import * as json from "./github-json.js";
import {
  addReaction,
  listReactions,
  wantsMedia,
  type Handler,
  type RouteContext,
} from "./github-route-context.js";
import type { CommentRecord, JobRecord, Role, RunRecord } from "./github-types.js";

const PERMISSION: Record<Role, string> = {
  admin: "admin",
  maintain: "write",
  write: "write",
  triage: "read",
  read: "read",
  none: "none",
};

export const issueRoutes: Record<string, Handler> = {
  "users/get-authenticated": (ctx) => {
    if (ctx.token.type === "installation") {
      throw new HttpError(403, "Resource not accessible by integration");
    }
    return ok(json.authenticatedUser(ctx.state, ctx.actor));
  },

  "repos/get": (ctx) => ok(json.repository(ctx.state, ctx.repo().fullName)),

  // Choice: anyone not set up answers `none` (GitHub 404s for some non-collaborators).
  "repos/get-collaborator-permission-level": (ctx) => {
    const repo = ctx.repo();
    const role = ctx.state.roleOf(repo, ctx.params.username!);
    return ok({
      permission: PERMISSION[role],
      role_name: role,
      user: {
        ...json.user(ctx.state, { login: ctx.params.username!, type: "User" }),
        role_name: role,
      },
    });
  },

  "issues/get": (ctx) => {
    const repo = ctx.repo();
    return ok(json.issue(ctx.state, repo, repo.issue(ctx.num("issue_number"))));
  },

  "issues/list-comments": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("issue_number");
    repo.issue(number);
    const since = ctx.url.searchParams.get("since");
    const comments = [...repo.comments.values()]
      .filter((c) => c.issueNumber === number && (!since || c.updatedAt >= since))
      .map((c) => json.issueComment(ctx.state, repo, c));
    return okPage(comments, ctx.url);
  },

  "issues/create-comment": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("issue_number");
    const body = String(ctx.body.body);
    checkBodyLength(body, "IssueComment");
    repo.issue(number);
    const at = ctx.state.now();
    const record = {
      id: ctx.state.nextId(),
      issueNumber: number,
      body,
      user: ctx.actor,
      createdAt: at,
      updatedAt: at,
      reactions: [],
    };
    repo.comments.set(record.id, record);
    const created = json.issueComment(ctx.state, repo, record);
    return { status: 201, json: created, headers: { location: String(created.url) } };
  },

  "issues/get-comment": (ctx) => {
    const repo = ctx.repo();
    return ok(json.issueComment(ctx.state, repo, comment(ctx)));
  },

  "issues/update-comment": (ctx) => {
    const repo = ctx.repo();
    const record = comment(ctx);
    const body = String(ctx.body.body);
    checkBodyLength(body, "IssueComment");
    record.body = body;
    record.updatedAt = ctx.state.now();
    return ok(json.issueComment(ctx.state, repo, record));
  },

  "issues/delete-comment": (ctx) => {
    ctx.repo().comments.delete(comment(ctx).id);
    return { status: 204 };
  },

  "reactions/create-for-issue-comment": (ctx) => addReaction(ctx, comment(ctx).reactions),
  "reactions/list-for-issue-comment": (ctx) => listReactions(ctx, comment(ctx).reactions),

  "pulls/get": (ctx) => {
    const repo = ctx.repo();
    const pull = repo.pull(ctx.num("pull_number"));
    if (wantsMedia(ctx, "diff") || wantsMedia(ctx, "patch")) {
      return {
        status: 200,
        text: json.pullDiff(pull.pull.files),
        contentType: "application/vnd.github.diff; charset=utf-8",
      };
    }
    return ok(json.pullRequest(ctx.state, repo, pull));
  },

  "pulls/list": (ctx) => {
    const repo = ctx.repo();
    const state = ctx.url.searchParams.get("state") ?? "open";
    const head = ctx.url.searchParams.get("head");
    const base = ctx.url.searchParams.get("base");
    const pulls = [...repo.issues.values()]
      .filter((i) => i.pull && (state === "all" || i.state === state))
      .filter((i) => !head || `${i.pull!.head.repo.split("/")[0]}:${i.pull!.head.ref}` === head)
      .filter((i) => !base || i.pull!.base.ref === base)
      .sort((a, b) => b.number - a.number)
      .map((i) => json.pullRequest(ctx.state, repo, i, false));
    return okPage(pulls, ctx.url);
  },

  "pulls/list-files": (ctx) => {
    const repo = ctx.repo();
    const { pull } = repo.pull(ctx.num("pull_number"));
    const files = pull.files.map((f) => json.pullFile(ctx.state, repo, pull.head.sha, f));
    return okPage(files, ctx.url);
  },

  "actions/get-workflow-run": (ctx) => {
    const repo = ctx.repo();
    return ok(json.workflowRun(ctx.state, repo, run(ctx)));
  },

  "actions/list-jobs-for-workflow-run": (ctx) => {
    const latest = ctx.url.searchParams.get("filter") !== "all";
    const record = run(ctx);
    return listJobs(
      ctx,
      (j) => j.runId === record.id && (!latest || j.runAttempt === record.runAttempt),
    );
  },

  "actions/list-jobs-for-workflow-run-attempt": (ctx) => {
    const record = run(ctx);
    const attempt = ctx.num("attempt_number");
    if (attempt > record.runAttempt) throw notFound();
    return listJobs(ctx, (j) => j.runId === record.id && j.runAttempt === attempt);
  },

  "actions/get-job-for-workflow-run": (ctx) => {
    const repo = ctx.repo();
    return ok(json.job(ctx.state, repo, job(ctx)));
  },

  // GitHub redirects to a short-lived blob URL; here the blob host is this same server.
  "actions/download-job-logs-for-workflow-run": (ctx) => {
    const repo = ctx.repo();
    const record = job(ctx);
    if (record.log === null) throw new HttpError(410, "Gone");
    if (record.logUrl) return { status: 302, headers: { location: record.logUrl } };
    const signature = json.sha1(`${record.id}:${Date.now()}`).slice(0, 16);
    const location = `${ctx.state.url}/_fake/job-logs/${repo.fullName}/${record.id}?sig=${signature}`;
    return { status: 302, headers: { location } };
  },
};

function comment(ctx: RouteContext): CommentRecord {
  const record = ctx.repo().comments.get(ctx.num("comment_id"));
  if (!record) throw notFound();
  return record;
}

function run(ctx: RouteContext): RunRecord {
  const record = ctx.repo().runs.get(ctx.num("run_id"));
  if (!record) throw notFound();
  return record;
}

function job(ctx: RouteContext): JobRecord {
  const record = ctx.repo().jobs.get(ctx.num("job_id"));
  if (!record) throw notFound();
  return record;
}

function listJobs(ctx: RouteContext, keep: (j: JobRecord) => boolean): RouteResult {
  const repo = ctx.repo();
  const jobs = [...repo.jobs.values()].filter(keep).map((j) => json.job(ctx.state, repo, j));
  const page = okPage(jobs, ctx.url);
  return { ...page, json: { total_count: jobs.length, jobs: page.json } };
}
