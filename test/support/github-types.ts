/** Records and setup options of the fake GitHub's world (see `github-state.ts`). */

export type TokenType = "installation" | "user";

export interface TokenInfo {
  login: string;
  /** `installation` (what GITHUB_TOKEN is): a Bot; `/user` is refused. `user`: a person. */
  type: TokenType;
  /** Writes answer 403 "Resource not accessible by integration" (a fork's GITHUB_TOKEN). */
  readOnly?: boolean;
  /**
   * An installation token's `contents` permission (default `write`). With `read` (a workflow's
   * `permissions: contents: read`) it may still comment and review, but git writes answer 403 and
   * GraphQL `resolveReviewThread` answers FORBIDDEN, as GitHub does.
   */
  contents?: "read" | "write";
}

export interface Actor {
  login: string;
  type: "User" | "Bot";
}

/** Collaborator role; `maintain` shows as permission `write`, `triage` as `read`. */
export type Role = "admin" | "maintain" | "write" | "triage" | "read" | "none";

export interface RepoInit {
  defaultBranch?: string;
  private?: boolean;
  /** No commits at all: git endpoints answer 409 "Git Repository is empty." */
  empty?: boolean;
  /** Files of the initial commit on the default branch (default: a README.md). */
  files?: Record<string, string>;
  /** Whether GITHUB_TOKEN may approve pull requests (a repository setting, off by default). */
  actionsCanApprove?: boolean;
  /** `clone_url` the API reports, e.g. a bare repository on disk so clients can really fetch. */
  cloneUrl?: string;
}

export type FileStatus =
  "added" | "removed" | "modified" | "renamed" | "copied" | "changed" | "unchanged";

export interface PullFileInit {
  filename: string;
  /** The unified diff starting at the first `@@`; omit for binary or huge files. */
  patch?: string;
  status?: FileStatus;
  previousFilename?: string;
}

export interface IssueInit {
  number?: number;
  title?: string;
  body?: string | null;
  user?: string;
  userType?: "User" | "Bot";
  state?: "open" | "closed";
  labels?: string[];
  authorAssociation?: string;
}

export interface PullRequestInit extends IssueInit {
  head?: { sha?: string; ref?: string; /** `owner/repo` of the head (a fork). */ repo?: string };
  base?: { sha?: string; ref?: string };
  draft?: boolean;
  merged?: boolean;
  files?: PullFileInit[];
}

export interface WorkflowJobInit {
  id?: number;
  name: string;
  status?: string;
  conclusion?: string | null;
  steps?: Array<{ name: string; status?: string; conclusion?: string | null }>;
  /** Log text served by the logs redirect; `null` answers 410 Gone (expired). */
  log?: string | null;
  /** Where the logs redirect points instead of the fake's own storage (a misbehaving host). */
  logUrl?: string;
  runAttempt?: number;
}

export interface WorkflowRunInit {
  id?: number;
  name?: string;
  path?: string;
  headSha?: string;
  headBranch?: string;
  event?: string;
  status?: string;
  conclusion?: string | null;
  runAttempt?: number;
  actor?: string;
  pullRequests?: number[];
  jobs?: WorkflowJobInit[];
  /** `owner/repo` the head commit comes from (a fork's pull request); this repository by default. */
  headRepository?: string;
}

export interface PullFileRecord {
  filename: string;
  status: FileStatus;
  patch: string | undefined;
  previousFilename: string | undefined;
  sha: string;
  additions: number;
  deletions: number;
}

export interface PullRecord {
  head: { sha: string; ref: string; repo: string };
  base: { sha: string; ref: string };
  draft: boolean;
  merged: boolean;
  files: PullFileRecord[];
  /** Every head SHA the pull request has had; reviews may target any of them. */
  headShas: string[];
}

export interface IssueRecord {
  number: number;
  title: string;
  body: string | null;
  user: Actor;
  state: "open" | "closed";
  labels: string[];
  authorAssociation: string | undefined;
  createdAt: string;
  updatedAt: string;
  pull: PullRecord | undefined;
}

export interface ReactionRecord {
  id: number;
  content: string;
  user: Actor;
  createdAt: string;
}

export interface CommentRecord {
  id: number;
  issueNumber: number;
  body: string;
  user: Actor;
  createdAt: string;
  updatedAt: string;
  reactions: ReactionRecord[];
}

export interface ReviewRecord {
  id: number;
  pullNumber: number;
  user: Actor;
  body: string;
  state: "PENDING" | "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED" | "DISMISSED";
  commitId: string;
  submittedAt: string | undefined;
}

export interface ReviewCommentRecord {
  id: number;
  reviewId: number;
  pullNumber: number;
  path: string;
  subjectType: "line" | "file";
  line: number | undefined;
  side: "LEFT" | "RIGHT" | undefined;
  startLine: number | undefined;
  startSide: "LEFT" | "RIGHT" | undefined;
  position: number | undefined;
  diffHunk: string;
  body: string;
  user: Actor;
  commitId: string;
  inReplyTo: number | undefined;
  createdAt: string;
  updatedAt: string;
  reactions: ReactionRecord[];
}

/** A review thread's state, keyed by its first comment's id; a thread without one is open and current. */
export interface ThreadRecord {
  /** Who resolved it; undefined while it is open. */
  resolvedBy: Actor | undefined;
  /** GitHub's `isOutdated`: a push changed the lines it was written on. */
  outdated: boolean;
}

export interface JobRecord {
  id: number;
  runId: number;
  name: string;
  status: string;
  conclusion: string | null;
  steps: Array<{ name: string; status: string; conclusion: string | null; number: number }>;
  log: string | null;
  logUrl: string | undefined;
  runAttempt: number;
  startedAt: string;
}

export interface RunRecord {
  id: number;
  name: string;
  path: string;
  headSha: string;
  headBranch: string;
  event: string;
  status: string;
  conclusion: string | null;
  runAttempt: number;
  runNumber: number;
  actor: Actor;
  pullRequests: number[];
  createdAt: string;
  headRepository: string;
}

/** How GitHub refuses updates of a protected branch: a 422 naming the rule that failed. */
export interface BranchProtection {
  status: number;
  message: string;
}

/** How a commit was made through the API: what GitHub decides its signature from. */
export interface CommitOrigin {
  /** Whether the request named an author, a committer or a signature. */
  authorGiven: boolean;
  committerGiven: boolean;
  signatureGiven: boolean;
  /** The token's kind: GitHub signs only for an app (installation) with none of the three given. */
  tokenType: "installation" | "user";
}
