/** JSON of issues, issue comments, pull requests, their files and reviews. */
import {
  HTML,
  nodeId,
  reactionRollup,
  repository,
  user,
  userId,
  type Json,
  type UserJson,
} from "./github-json-base.js";
import type { GitHubState, RepoState } from "./github-state.js";
import type {
  CommentRecord,
  IssueRecord,
  PullFileRecord,
  ReviewCommentRecord,
  ReviewRecord,
} from "./github-types.js";

export type IssueCommentJson = Json & {
  id: number;
  body: string;
  user: UserJson;
  html_url: string;
};
export type ReviewJson = Json & { id: number; state: string; body: string; user: UserJson };
export type ReviewCommentJson = Json & {
  id: number;
  path: string;
  line: number | null;
  side?: string;
  body: string;
};

const issueKind = (issue: IssueRecord): string => (issue.pull ? "pull" : "issues");

export function issueComment(
  state: GitHubState,
  repo: RepoState,
  c: CommentRecord,
): IssueCommentJson {
  const url = `${state.url}/repos/${repo.fullName}/issues/comments/${c.id}`;
  const issue = repo.issues.get(c.issueNumber);
  const kind = issue ? issueKind(issue) : "issues";
  return {
    id: c.id,
    node_id: nodeId("IC", c.id),
    url,
    html_url: `${HTML}/${repo.fullName}/${kind}/${c.issueNumber}#issuecomment-${c.id}`,
    issue_url: `${state.url}/repos/${repo.fullName}/issues/${c.issueNumber}`,
    body: c.body,
    user: user(state, c.user),
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    author_association: state.association(repo, c.user),
    reactions: reactionRollup(url, c.reactions),
    performed_via_github_app: null,
  };
}

function label(state: GitHubState, repo: RepoState, name: string): Json {
  const id = userId(`label:${repo.fullName}:${name}`);
  return {
    id,
    node_id: nodeId("LA", id),
    url: `${state.url}/repos/${repo.fullName}/labels/${encodeURIComponent(name)}`,
    name,
    description: null,
    color: "ededed",
    default: false,
  };
}

function issueCommon(state: GitHubState, repo: RepoState, issue: IssueRecord): Json {
  const id = userId(`issue:${repo.fullName}#${issue.number}`);
  return {
    id,
    number: issue.number,
    title: issue.title,
    body: issue.body,
    user: user(state, issue.user),
    labels: issue.labels.map((name) => label(state, repo, name)),
    state: issue.state,
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: issue.state === "closed" ? issue.updatedAt : null,
    author_association:
      issue.authorAssociation ??
      (state.association(repo, issue.user) === "NONE" && issue.pull
        ? "CONTRIBUTOR"
        : state.association(repo, issue.user)),
  };
}

export function issue(state: GitHubState, repo: RepoState, record: IssueRecord): Json {
  const api = `${state.url}/repos/${repo.fullName}/issues/${record.number}`;
  const common = issueCommon(state, repo, record);
  const comments = [...repo.comments.values()].filter((c) => c.issueNumber === record.number);
  return {
    ...common,
    node_id: nodeId(record.pull ? "PR" : "I", common.id as number),
    url: api,
    repository_url: `${state.url}/repos/${repo.fullName}`,
    labels_url: `${api}/labels{/name}`,
    comments_url: `${api}/comments`,
    events_url: `${api}/events`,
    html_url: `${HTML}/${repo.fullName}/${issueKind(record)}/${record.number}`,
    comments: comments.length,
    ...(record.pull
      ? {
          pull_request: {
            url: `${state.url}/repos/${repo.fullName}/pulls/${record.number}`,
            html_url: `${HTML}/${repo.fullName}/pull/${record.number}`,
            diff_url: `${HTML}/${repo.fullName}/pull/${record.number}.diff`,
            patch_url: `${HTML}/${repo.fullName}/pull/${record.number}.patch`,
            merged_at: record.pull.merged ? record.updatedAt : null,
          },
        }
      : {}),
  };
}

export function pullRequest(
  state: GitHubState,
  repo: RepoState,
  record: IssueRecord,
  full = true,
): Json {
  const pull = record.pull!;
  const api = `${state.url}/repos/${repo.fullName}/pulls/${record.number}`;
  const issueApi = `${state.url}/repos/${repo.fullName}/issues/${record.number}`;
  const html = `${HTML}/${repo.fullName}/pull/${record.number}`;
  const common = issueCommon(state, repo, record);
  const headOwner = pull.head.repo.split("/")[0] ?? repo.owner;
  const side = (s: { sha: string; ref: string }, fullName: string, owner: string): Json => ({
    label: `${owner}:${s.ref}`,
    ref: s.ref,
    sha: s.sha,
    user: user(state, { login: owner, type: "User" }),
    repo: repository(state, fullName),
  });
  const link = (href: string): Json => ({ href });
  const result: Json = {
    ...common,
    node_id: nodeId("PR", common.id as number),
    url: api,
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issueApi,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${state.url}/repos/${repo.fullName}/pulls/comments{/number}`,
    comments_url: `${issueApi}/comments`,
    statuses_url: `${state.url}/repos/${repo.fullName}/statuses/${pull.head.sha}`,
    draft: pull.draft,
    merged_at: pull.merged ? record.updatedAt : null,
    merge_commit_sha: null,
    requested_reviewers: [],
    requested_teams: [],
    head: side(pull.head, pull.head.repo, headOwner),
    base: side(pull.base, repo.fullName, repo.owner),
    _links: {
      self: link(api),
      html: link(html),
      issue: link(issueApi),
      comments: link(`${issueApi}/comments`),
      review_comments: link(`${api}/comments`),
      review_comment: link(`${state.url}/repos/${repo.fullName}/pulls/comments{/number}`),
      commits: link(`${api}/commits`),
      statuses: link(`${state.url}/repos/${repo.fullName}/statuses/${pull.head.sha}`),
    },
    auto_merge: null,
    active_lock_reason: null,
  };
  if (!full) return result;
  const reviewComments = [...repo.reviewComments.values()].filter(
    (c) => c.pullNumber === record.number,
  );
  return {
    ...result,
    merged: pull.merged,
    mergeable: null,
    rebaseable: null,
    mergeable_state: "unknown",
    merged_by: null,
    comments: [...repo.comments.values()].filter((c) => c.issueNumber === record.number).length,
    review_comments: reviewComments.length,
    maintainer_can_modify: false,
    commits: pull.headShas.length,
    additions: pull.files.reduce((n, f) => n + f.additions, 0),
    deletions: pull.files.reduce((n, f) => n + f.deletions, 0),
    changed_files: pull.files.length,
  };
}

export function pullFile(
  state: GitHubState,
  repo: RepoState,
  headSha: string,
  f: PullFileRecord,
): Json {
  const path = f.filename.split("/").map(encodeURIComponent).join("/");
  return {
    sha: f.sha,
    filename: f.filename,
    status: f.status,
    additions: f.additions,
    deletions: f.deletions,
    changes: f.additions + f.deletions,
    blob_url: `${HTML}/${repo.fullName}/blob/${headSha}/${path}`,
    raw_url: `${HTML}/${repo.fullName}/raw/${headSha}/${path}`,
    contents_url: `${state.url}/repos/${repo.fullName}/contents/${path}?ref=${headSha}`,
    ...(f.patch !== undefined ? { patch: f.patch } : {}),
    ...(f.previousFilename !== undefined ? { previous_filename: f.previousFilename } : {}),
  };
}

/** The whole pull request as `application/vnd.github.diff`. */
export function pullDiff(files: PullFileRecord[]): string {
  return files
    .map((f) => {
      const from = f.previousFilename ?? f.filename;
      const a = f.status === "added" ? "/dev/null" : `a/${from}`;
      const b = f.status === "removed" ? "/dev/null" : `b/${f.filename}`;
      const patch =
        f.patch === undefined ? "Binary files differ\n" : `${f.patch.replace(/\n?$/, "\n")}`;
      return `diff --git a/${from} b/${f.filename}\n--- ${a}\n+++ ${b}\n${patch}`;
    })
    .join("");
}

export function review(state: GitHubState, repo: RepoState, r: ReviewRecord): ReviewJson {
  const pullApi = `${state.url}/repos/${repo.fullName}/pulls/${r.pullNumber}`;
  const html = `${HTML}/${repo.fullName}/pull/${r.pullNumber}#pullrequestreview-${r.id}`;
  return {
    id: r.id,
    node_id: nodeId("PRR", r.id),
    user: user(state, r.user),
    body: r.body,
    state: r.state,
    html_url: html,
    pull_request_url: pullApi,
    author_association: state.association(repo, r.user),
    _links: { html: { href: html }, pull_request: { href: pullApi } },
    commit_id: r.commitId,
    ...(r.submittedAt ? { submitted_at: r.submittedAt } : {}),
  };
}

export function reviewComment(
  state: GitHubState,
  repo: RepoState,
  c: ReviewCommentRecord,
): ReviewCommentJson {
  const url = `${state.url}/repos/${repo.fullName}/pulls/comments/${c.id}`;
  const pullApi = `${state.url}/repos/${repo.fullName}/pulls/${c.pullNumber}`;
  const html = `${HTML}/${repo.fullName}/pull/${c.pullNumber}#discussion_r${c.id}`;
  // An outdated thread's comments keep their original place only.
  const outdated = repo.threads.get(c.inReplyTo ?? c.id)?.outdated === true;
  return {
    id: c.id,
    node_id: nodeId("PRRC", c.id),
    url,
    pull_request_review_id: c.reviewId,
    diff_hunk: c.diffHunk,
    path: c.path,
    position: outdated ? null : (c.position ?? null),
    original_position: c.position ?? null,
    commit_id: c.commitId,
    original_commit_id: c.commitId,
    ...(c.inReplyTo !== undefined ? { in_reply_to_id: c.inReplyTo } : {}),
    user: user(state, c.user),
    body: c.body,
    created_at: c.createdAt,
    updated_at: c.updatedAt,
    html_url: html,
    pull_request_url: pullApi,
    author_association: state.association(repo, c.user),
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullApi } },
    start_line: outdated ? null : (c.startLine ?? null),
    original_start_line: c.startLine ?? null,
    start_side: c.startLine !== undefined ? (c.startSide ?? null) : null,
    line: outdated ? null : (c.line ?? null),
    original_line: c.line ?? null,
    ...(c.side !== undefined ? { side: c.side } : {}),
    subject_type: c.subjectType,
    reactions: reactionRollup(url, c.reactions),
  };
}
