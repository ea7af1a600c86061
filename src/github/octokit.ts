import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import Bottleneck from "bottleneck/light.js";
import { createActionsPort } from "./actions-port.js";
import { call } from "./call.js";
import { commitToBranch } from "./git-commit.js";
import { createReviewThreadsPort } from "./review-threads.js";
import type { GitHubPort, IssueComment, IssueInfo, PullRequestInfo, RepoRef } from "./port.js";

const MAX_RATE_LIMIT_WAIT_S = 60;
/**
 * GitHub asks integrators to space writes: a second between content-changing requests and longer
 * between those that notify people. Octokit's throttling plugin waits these (1 s for a write, 3 s
 * for a comment or review, 2 s for a search); its retry plugin backs off 1, 4, 9 s on a 5xx.
 */
const PACING_MS = { write: 1_000, notifications: 3_000, search: 2_000, retryBase: 1_000 };
/** How long one request may take before it is abandoned (and retried like a 5xx). */
const REQUEST_TIMEOUT_MS = 20_000;

/** Octokit with retries on transient errors and GitHub's rate-limit etiquette. */
export const RivumiOctokit = Octokit.plugin(retry, throttling);
export type RivumiOctokit = InstanceType<typeof RivumiOctokit>;

/**
 * The same client without the throttling plugin, for read-only GraphQL queries: the plugin holds
 * every GraphQL request in its one-per-second queue of writes (a query might be a mutation), so
 * asking who we are would delay the run's first comment by a second.
 */
const ReadingOctokit = Octokit.plugin(retry);
const readers = new WeakMap<Octokit, Octokit>();

export interface OctokitOptions {
  token: string;
  baseUrl: string;
  /** Called on a rate limit; used to surface waits in the log. */
  onRateLimit?: (seconds: number, route: string) => void;
  /** See REQUEST_TIMEOUT_MS. */
  requestTimeoutMs?: number;
  /** The HTTP transport; the platform's `fetch` by default. */
  fetch?: typeof fetch;
  /**
   * Multiplies every wait of GitHub's etiquette (PACING_MS, and the pause a rate limit asks for):
   * 1, the default, waits as GitHub asks. Tests against the loopback GitHub turn it down.
   */
  waitScale?: number;
}

/** One limiter per client: at most one request of the kind at a time, `ms` apart. */
function spacedGroup(ms: number) {
  return new Bottleneck.Group({ maxConcurrent: 1, minTime: ms });
}

const optionsOf = new WeakMap<Octokit, OctokitOptions>();

/**
 * Every request gets a time limit of its own: GitHub sometimes accepts a connection and never
 * answers, and a request without a limit would then hold the run past every deadline. A timeout
 * is retried as a server error is; a caller's abort (publishing out of time) is not.
 */
function fetchWithTimeout(timeoutMs: number, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const limit = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, limit]) : limit;
    return base(input, { ...init, signal });
  };
}

function toComment(c: {
  id: number;
  body?: string | null;
  user?: { login: string } | null;
  html_url: string;
}): IssueComment {
  return { id: c.id, body: c.body ?? "", author: c.user?.login ?? "", url: c.html_url };
}

function toIssue(i: {
  number: number;
  title: string;
  body?: string | null;
  user: { login: string } | null;
  html_url: string;
}): IssueInfo {
  return {
    number: i.number,
    title: i.title,
    body: i.body ?? "",
    author: i.user?.login ?? "",
    url: i.html_url,
  };
}

export function createOctokit(opts: OctokitOptions): RivumiOctokit {
  const scale = opts.waitScale ?? 1;
  const common = {
    auth: opts.token,
    baseUrl: opts.baseUrl,
    userAgent: "rivumi",
    request: { fetch: fetchWithTimeout(opts.requestTimeoutMs ?? REQUEST_TIMEOUT_MS, opts.fetch) },
    retry: { retryAfterBaseValue: PACING_MS.retryBase * scale },
  };
  const client = new RivumiOctokit({
    ...common,
    throttle: {
      // The plugin's own limiters are shared by every client in the process; a scaled client
      // needs its own, and the default one keeps GitHub's spacing exactly.
      ...(scale === 1
        ? {}
        : {
            write: spacedGroup(PACING_MS.write * scale),
            notifications: spacedGroup(PACING_MS.notifications * scale),
            search: spacedGroup(PACING_MS.search * scale),
            retryAfterBaseValue: PACING_MS.retryBase * scale,
          }),
      onRateLimit: (
        after: number,
        o: { method: string; url: string },
        _k: unknown,
        count: number,
      ) => {
        opts.onRateLimit?.(after, `${o.method} ${o.url}`);
        // Waiting out an hour-long reset would outlive the run's own time limit: give up instead.
        return count < 2 && after <= MAX_RATE_LIMIT_WAIT_S;
      },
      // A secondary limit asks for a pause of a minute or so: one wait, when it is that short.
      // Publishing has its own deadline, which cuts any wait that would outlast it.
      onSecondaryRateLimit: (
        after: number,
        o: { method: string; url: string },
        _k: unknown,
        count: number,
      ) => {
        opts.onRateLimit?.(after, `${o.method} ${o.url}`);
        return count < 1 && after <= MAX_RATE_LIMIT_WAIT_S;
      },
    },
  });
  readers.set(client, new ReadingOctokit(common));
  optionsOf.set(client, opts);
  return client;
}

/** A client like `octokit` (same server, timeouts and pacing) that acts with another token. */
export function createOctokitWithToken(octokit: Octokit, token: string): RivumiOctokit {
  const known = optionsOf.get(octokit);
  return createOctokit({
    ...(known ?? { baseUrl: octokit.request.endpoint.DEFAULTS.baseUrl }),
    token,
  });
}

/** The real GitHub port for one repository. */
export function createGitHubPort(octokit: Octokit, repoRef: RepoRef): GitHubPort {
  const { owner, repo } = repoRef;

  return {
    ...createActionsPort(octokit, repoRef),
    ...createReviewThreadsPort(octokit, readers.get(octokit) ?? octokit, repoRef),
    commitToBranch: (req, opts) => commitToBranch(octokit, repoRef, req, opts),
    async viewerLogin(opts) {
      const reader = readers.get(octokit) ?? octokit;
      const res = await reader.graphql<{ viewer: { login: string } }>(
        "query { viewer { login } }",
        { request: call(opts) },
      );
      return res.viewer.login;
    },
    async getPull(number): Promise<PullRequestInfo> {
      const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: number });
      return {
        number: data.number,
        title: data.title,
        body: data.body ?? "",
        author: data.user.login,
        authorType: data.user.type,
        draft: data.draft ?? false,
        headSha: data.head.sha,
        headRef: data.head.ref,
        headRepo: data.head.repo?.full_name ?? "",
        baseSha: data.base.sha,
        baseRef: data.base.ref,
        baseRepo: data.base.repo.full_name,
        cloneUrl: data.base.repo.clone_url,
        headCloneUrl: data.head.repo?.clone_url ?? data.base.repo.clone_url,
      };
    },
    async getPermission(login) {
      // GitHub answers 404 for some non-collaborators (app bots, deleted users): that is "none".
      try {
        const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
          owner,
          repo,
          username: login,
        });
        return { permission: data.permission, roleName: data.role_name };
      } catch (error) {
        if ((error as { status?: number }).status === 404)
          return { permission: "none", roleName: "none" };
        throw error;
      }
    },
    async listIssueComments(number, opts) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
        request: call(opts),
      });
      return comments.map(toComment);
    },
    async createIssueComment(number, body, opts) {
      const { data } = await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number: number,
        body,
        request: call(opts),
      });
      return toComment(data);
    },
    async deleteIssueComment(id, opts) {
      await octokit.rest.issues.deleteComment({
        owner,
        repo,
        comment_id: id,
        request: call(opts),
      });
    },
    async createReview(number, review, opts) {
      const { data } = await octokit.rest.pulls.createReview({
        owner,
        repo,
        pull_number: number,
        commit_id: review.commitId,
        body: review.body,
        ...(review.event ? { event: review.event } : {}),
        comments: review.comments.map((c) => ({
          path: c.path,
          line: c.line,
          side: c.side,
          ...(c.startLine !== undefined ? { start_line: c.startLine, start_side: c.side } : {}),
          body: c.body,
        })),
        request: call(opts),
      });
      return { id: data.id, url: data.html_url };
    },
    async deletePendingReview(number, reviewId, opts) {
      await octokit.rest.pulls.deletePendingReview({
        owner,
        repo,
        pull_number: number,
        review_id: reviewId,
        request: call(opts),
      });
    },
    async submitReview(number, reviewId, review, opts) {
      const { data } = await octokit.rest.pulls.submitReview({
        owner,
        repo,
        pull_number: number,
        review_id: reviewId,
        body: review.body,
        event: review.event,
        request: call(opts),
      });
      return { id: data.id, url: data.html_url };
    },
    async listReviews(number, opts) {
      const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
        owner,
        repo,
        pull_number: number,
        per_page: 100,
        request: call(opts),
      });
      return reviews.map((r) => ({
        id: r.id,
        url: r.html_url,
        author: r.user?.login ?? "",
        state: r.state,
        commitId: r.commit_id ?? "",
        body: r.body,
      }));
    },
    async createReaction(commentId, content, opts) {
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: commentId,
        content,
        request: call(opts),
      });
    },
    async createReviewCommentReaction(commentId, content, opts) {
      await octokit.rest.reactions.createForPullRequestReviewComment({
        owner,
        repo,
        comment_id: commentId,
        content,
        request: call(opts),
      });
    },
    async listOpenIssuesBy(creator, opts) {
      const issues = await octokit.paginate(octokit.rest.issues.listForRepo, {
        owner,
        repo,
        creator,
        state: "open",
        per_page: 100,
        request: call(opts),
      });
      return issues.filter((i) => !i.pull_request).map(toIssue);
    },
    async createIssue(title, body, opts) {
      const { data } = await octokit.rest.issues.create({
        owner,
        repo,
        title,
        body,
        request: call(opts),
      });
      return toIssue(data);
    },
    async updateIssue(number, change, opts) {
      const { data } = await octokit.rest.issues.update({
        owner,
        repo,
        issue_number: number,
        ...change,
        request: call(opts),
      });
      return toIssue(data);
    },
    async updateIssueComment(id, body, opts) {
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: id,
        body,
        request: call(opts),
      });
      return toComment(data);
    },
  };
}
