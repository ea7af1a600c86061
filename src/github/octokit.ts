import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { GitHubPort, IssueComment, PullRequestInfo, RepoRef } from "./port.js";

const MAX_RATE_LIMIT_WAIT_S = 60;

/** Octokit with retries on transient errors and GitHub's rate-limit etiquette. */
export const RivumiOctokit = Octokit.plugin(retry, throttling);
export type RivumiOctokit = InstanceType<typeof RivumiOctokit>;

export interface OctokitOptions {
  token: string;
  baseUrl: string;
  /** Called on a rate limit; used to surface waits in the log. */
  onRateLimit?: (seconds: number, route: string) => void;
}

function toComment(c: {
  id: number;
  body?: string | null;
  user?: { login: string } | null;
  html_url: string;
}): IssueComment {
  return { id: c.id, body: c.body ?? "", author: c.user?.login ?? "", url: c.html_url };
}

export function createOctokit(opts: OctokitOptions): RivumiOctokit {
  return new RivumiOctokit({
    auth: opts.token,
    baseUrl: opts.baseUrl,
    userAgent: "rivumi",
    throttle: {
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
      onSecondaryRateLimit: (after: number, o: { method: string; url: string }) => {
        opts.onRateLimit?.(after, `${o.method} ${o.url}`);
        return false;
      },
    },
  });
}

/** The real GitHub port for one repository. */
export function createGitHubPort(octokit: Octokit, repoRef: RepoRef): GitHubPort {
  const { owner, repo } = repoRef;

  return {
    async viewerLogin() {
      const res = await octokit.graphql<{ viewer: { login: string } }>(
        "query { viewer { login } }",
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
    async listIssueComments(number) {
      const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        owner,
        repo,
        issue_number: number,
        per_page: 100,
      });
      return comments.map(toComment);
    },
    async createIssueComment(number, body) {
      const { data } = await octokit.rest.issues.createComment({
        owner,
        repo,
        issue_number: number,
        body,
      });
      return toComment(data);
    },
    async deleteIssueComment(id) {
      await octokit.rest.issues.deleteComment({ owner, repo, comment_id: id });
    },
    async createReaction(commentId, content) {
      await octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: commentId,
        content,
      });
    },
    async updateIssueComment(id, body) {
      const { data } = await octokit.rest.issues.updateComment({
        owner,
        repo,
        comment_id: id,
        body,
      });
      return toComment(data);
    },
  };
}
