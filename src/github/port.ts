/**
 * Per-call options of the writes that publish results: `signal` abandons the request (and any
 * retry of it) when publishing runs out of time.
 */
export interface CallOptions {
  signal?: AbortSignal | undefined;
}

/** The few GitHub facts and writes Rivumi needs; the real one wraps Octokit, tests pass fakes. */
export interface GitHubPort {
  /** Login of the token's own identity (GraphQL `viewer`; works for installation tokens). */
  viewerLogin(opts?: CallOptions): Promise<string>;
  getPull(number: number): Promise<PullRequestInfo>;
  /** The user's collaborator permission on this repository: admin, write, read or none. */
  getPermission(login: string): Promise<{ permission: string; roleName: string }>;
  listIssueComments(number: number, opts?: CallOptions): Promise<IssueComment[]>;
  createIssueComment(number: number, body: string, opts?: CallOptions): Promise<IssueComment>;
  updateIssueComment(id: number, body: string, opts?: CallOptions): Promise<IssueComment>;
  deleteIssueComment(id: number, opts?: CallOptions): Promise<void>;
  /**
   * Creates a pull request review with its line comments. Without `event` the review stays
   * pending (seen only by its author) until submitted or deleted.
   */
  createReview(number: number, review: ReviewInput, opts?: CallOptions): Promise<ReviewInfo>;
  /** Deletes a review that is still pending. */
  deletePendingReview(number: number, reviewId: number, opts?: CallOptions): Promise<void>;
  /** Submits a pending review. */
  submitReview(
    number: number,
    reviewId: number,
    review: { body: string; event: "COMMENT" },
    opts?: CallOptions,
  ): Promise<ReviewInfo>;
  /** The pull request's reviews, every page; a pending one only when it is the token's own. */
  listReviews(number: number, opts?: CallOptions): Promise<ReviewSummary[]>;
  /** Reacts to an issue comment (the memory commands' +1 or confused). */
  createReaction(commentId: number, content: "+1" | "confused", opts?: CallOptions): Promise<void>;
  /** Reacts to a comment in a review thread (review comments have reactions of their own). */
  createReviewCommentReaction(
    commentId: number,
    content: "+1" | "confused",
    opts?: CallOptions,
  ): Promise<void>;
  /** Every review thread of the pull request, through GraphQL, all pages. */
  listReviewThreads(number: number, opts?: CallOptions): Promise<ReviewThread[]>;
  /**
   * Resolves a review thread (GraphQL `resolveReviewThread`). A refusal GitHub answers as an HTTP
   * 200 with `errors[]` (FORBIDDEN without `contents: write`) throws a `GraphQLRefusal`.
   */
  resolveReviewThread(threadId: string, opts?: CallOptions): Promise<void>;
  /** Replies in the thread of a review comment (REST `POST /pulls/{n}/comments/{id}/replies`). */
  replyToReviewComment(
    number: number,
    commentId: number,
    body: string,
    opts?: CallOptions,
  ): Promise<{ id: number; url: string }>;

  // Failed-CI triage: reads of GitHub Actions, and one issue per failure signature.
  getWorkflowRun(runId: number): Promise<WorkflowRunInfo>;
  /** The jobs of one attempt of a run, every page. */
  listRunJobs(runId: number, attempt: number): Promise<WorkflowJobInfo[]>;
  /** The storage URL a job's log redirects to (the API answers 302); fetch it without the token. */
  jobLogUrl(jobId: number): Promise<string>;
  /** The newest runs of a workflow on a branch with that status, newest first (one page). */
  listWorkflowRuns(query: {
    /** The workflow's id or its file name (`ci.yml`). */
    workflow: number | string;
    branch: string;
    /** `success`: passed; `completed`: ended, however. */
    status: "success" | "completed";
    /** Only the runs of this commit. */
    headSha?: string;
    perPage: number;
  }): Promise<WorkflowRunInfo[]>;
  /** Pull requests that contain a commit of this repository (none for a fork's commit). */
  listCommitPulls(sha: string): Promise<PullRef[]>;
  /** Open pull requests from `owner:branch` (how a fork's pull request is found). */
  listPullsByHead(head: string): Promise<PullRef[]>;
  /** The paths a commit changed (at most the first page GitHub gives). */
  listCommitFiles(sha: string): Promise<string[]>;
  /** A commit's message (a fix's trailers say which failure it fixed). */
  commitMessage(sha: string): Promise<string>;
  /** Open issues (not pull requests) opened by `creator`, every page. */
  listOpenIssuesBy(creator: string, opts?: CallOptions): Promise<IssueInfo[]>;
  createIssue(title: string, body: string, opts?: CallOptions): Promise<IssueInfo>;
  updateIssue(
    number: number,
    change: { title: string; body: string },
    opts?: CallOptions,
  ): Promise<IssueInfo>;

  /**
   * Commits `changes` to the pull request's head branch as one commit whose only parent is
   * `parent`, through the Git Data API (blobs, a tree on the parent's tree, a commit without
   * author or committer so that GitHub signs it for an app, then the ref moved without force).
   * The head is read again just before writing: a fork or a moved head writes nothing. An abort of
   * `opts.signal` before the ref update throws the signal's reason and leaves the ref alone (the
   * update itself, once sent, is not abandoned, so the answer says what happened to the branch).
   * Throws on what is not an answer about the branch: no changes, 401/404, a GitHub that stays
   * unavailable (5xx, timeouts; the ref update is tried three times while the branch stays put).
   */
  commitToBranch(req: BranchCommitRequest, opts?: CallOptions): Promise<BranchCommit>;
}

/** One file of a branch commit: its new bytes, or `null` to delete it. */
export interface TreeChange {
  path: string;
  mode: "100644" | "100755";
  /** The file's new content; `null` deletes the file. */
  content: Uint8Array | null;
}

export interface BranchCommitRequest {
  /** The pull request whose head branch gets the commit. */
  pr: number;
  /** The head SHA the run started from: the commit's only parent. */
  parent: string;
  message: string;
  changes: readonly TreeChange[];
}

/** What `commitToBranch` did; `requests` lists every request it made, for the journal. */
export type BranchCommit =
  | {
      kind: "committed";
      sha: string;
      /** The commit's page on GitHub (`html_url`). */
      url: string;
      tree: string;
      branch: string;
      /** GitHub's verdict on the commit's signature (`verification.verified`). */
      verified: boolean;
      requests: GitRequestRecord[];
    }
  /**
   * The head is no longer `parent` (read before writing, or the ref update was not a fast
   * forward); `head` is where the branch is now ("" when it could not be read after the refusal).
   */
  | { kind: "moved"; head: string; branch: string; requests: GitRequestRecord[] }
  /**
   * GitHub refused a write: branch protection, rulesets, permissions (403, 409, 422); or, with
   * status 0, nothing was written because the head is the repository's default branch (or is gone).
   */
  | {
      kind: "refused";
      status: number;
      message: string;
      branch: string;
      requests: GitRequestRecord[];
    }
  /** The pull request's head lives in another repository: nothing was written. */
  | { kind: "fork"; headRepo: string; requests: GitRequestRecord[] };

/** One request of a branch commit, for the journal: what was asked and answered, no file content. */
export interface GitRequestRecord {
  method: string;
  /** The route as the REST description names it, e.g. `/repos/{owner}/{repo}/git/trees`. */
  route: string;
  /** The HTTP status (0 when no answer came). */
  status: number;
  /** e.g. `tree base=<sha> 3 entries (1 deletion)`. */
  summary: string;
}

/**
 * A review thread on a pull request, as GitHub's GraphQL API gives it (`reviewThreads`), with every
 * comment (pages past 100 threads and 100 comments are read). Bodies are untrusted text.
 */
export interface ReviewThread {
  /** The thread's GraphQL node id, for `resolveReviewThread`. */
  id: string;
  isResolved: boolean;
  /** GitHub's own verdict: the lines the thread was on changed since it was written. */
  isOutdated: boolean;
  path: string;
  /** The line on the head the thread is on now; null when GitHub cannot place it any more. */
  line: number | null;
  /** The line the first comment was written on, at its own commit. */
  originalLine: number | null;
  /** Who resolved it, when it is resolved (a bot's login without `[bot]`, as GraphQL gives it). */
  resolvedBy: string | undefined;
  comments: ReviewThreadComment[];
}

export interface ReviewThreadComment {
  /** The REST id (`databaseId`), for replies and reactions. */
  id: number;
  /** The login without `[bot]` for a bot, as GraphQL gives it. */
  author: string;
  body: string;
  createdAt: string;
  /** Whether the token's own identity wrote it, where GitHub says so (`viewerDidAuthor`). */
  viewerDidAuthor: boolean | undefined;
  /** Logins that reacted 👎 to it (read for a thread's first comment only; empty for the others). */
  thumbsDown: string[];
}

export interface RepoRef {
  owner: string;
  repo: string;
}

export interface PullRequestInfo {
  number: number;
  title: string;
  body: string;
  author: string;
  authorType: string;
  draft: boolean;
  headSha: string;
  headRef: string;
  headRepo: string;
  baseSha: string;
  baseRef: string;
  baseRepo: string;
  cloneUrl: string;
  headCloneUrl: string;
}

export interface PullFile {
  path: string;
  /** added, removed, modified, changed (type), renamed or copied. */
  status: string;
  additions: number;
  deletions: number;
  /** Where a renamed or copied file came from. */
  previousPath?: string;
}

/** A review as it is sent: one body, one commit, and comments on lines of the diff. */
export interface ReviewInput {
  commitId: string;
  body: string;
  event: "COMMENT" | undefined;
  comments: ReviewCommentInput[];
}

export interface ReviewCommentInput {
  path: string;
  line: number;
  side: "LEFT" | "RIGHT";
  /** First line of a range, on the same side and in the same hunk. */
  startLine?: number;
  body: string;
}

export interface ReviewInfo {
  id: number;
  url: string;
}

export interface ReviewSummary extends ReviewInfo {
  author: string;
  /** PENDING, COMMENTED, APPROVED, CHANGES_REQUESTED or DISMISSED. */
  state: string;
  commitId: string;
  body: string;
}

export interface IssueComment {
  id: number;
  body: string;
  author: string;
  url: string;
}

/** A workflow run, as triage needs it. */
export interface WorkflowRunInfo {
  id: number;
  /** The workflow's name. */
  name: string;
  workflowId: number;
  /** The workflow file, e.g. `.github/workflows/ci.yml`. */
  path: string;
  headSha: string;
  headBranch: string;
  /** The event that started it: push, pull_request, … */
  event: string;
  attempt: number;
  conclusion: string | null;
  htmlUrl: string;
  /** `owner/repo` the run belongs to. */
  repository: string;
  /** `owner/repo` its head commit comes from (a fork for a fork's pull request). */
  headRepository: string;
  /** The same-repository pull requests GitHub links to it (never a fork's). */
  pulls: PullRef[];
}

export interface WorkflowStepInfo {
  number: number;
  name: string;
  status: string;
  conclusion: string | null;
}

export interface WorkflowJobInfo {
  id: number;
  name: string;
  status: string;
  conclusion: string | null;
  htmlUrl: string;
  steps: WorkflowStepInfo[];
}

export interface PullRef {
  number: number;
  headSha: string;
  baseRef: string;
  /** open or closed; a run's own list has open ones only. */
  state: string;
}

export interface IssueInfo {
  number: number;
  title: string;
  body: string;
  author: string;
  url: string;
}

/** The port's reads for failed-CI triage: workflow runs, their jobs and logs, and their commits. */
export type ActionsPort = Pick<
  GitHubPort,
  | "getWorkflowRun"
  | "listRunJobs"
  | "jobLogUrl"
  | "listWorkflowRuns"
  | "listCommitPulls"
  | "listPullsByHead"
  | "listCommitFiles"
  | "commitMessage"
>;
