/**
 * The fake GitHub's world: repositories with issues, pull requests, comments, reviews,
 * permissions, workflow runs and git data. Tests set it up through these methods and read it back;
 * the routes mutate it. Everything the API returns is built from here by `github-json*.ts`.
 */
import { branchMoved } from "./github-branch-rules.js";
import { GitStore, type GitIdentity } from "./github-git.js";
import { notFound } from "./github-http.js";
import * as json from "./github-json.js";
import type {
  BranchProtection,
  CommitOrigin,
  TokenInfo,
  Actor,
  Role,
  RepoInit,
  PullFileInit,
  IssueInit,
  PullRequestInit,
  WorkflowRunInit,
  PullFileRecord,
  PullRecord,
  IssueRecord,
  CommentRecord,
  ReviewRecord,
  ReviewCommentRecord,
  ThreadRecord,
  JobRecord,
  RunRecord,
} from "./github-types.js";

export class RepoState {
  readonly git = new GitStore();
  readonly issues = new Map<number, IssueRecord>();
  readonly comments = new Map<number, CommentRecord>();
  readonly reviews = new Map<number, ReviewRecord>();
  readonly reviewComments = new Map<number, ReviewCommentRecord>();
  /** Resolved and outdated review threads, by the id of their first comment. */
  readonly threads = new Map<number, ThreadRecord>();
  /** Lower-cased login -> role. */
  readonly roles = new Map<string, Role>();
  readonly runs = new Map<number, RunRecord>();
  readonly jobs = new Map<number, JobRecord>();
  /** Paths each commit changed, as `GET /commits/{ref}` lists them (see `setCommitFiles`). */
  readonly commitFiles = new Map<string, string[]>();
  nextNumber = 1;
  /** Overrides the `clone_url` the API reports. */
  cloneUrl: string | undefined;
  /** Branches whose ref updates are refused, and how (see `GitBranchState.protectBranch`). */
  readonly protectedBranches = new Map<string, BranchProtection>();
  /** How each commit made through `POST /git/commits` was asked for (its signature follows). */
  readonly commitOrigins = new Map<string, CommitOrigin>();

  constructor(
    readonly id: number,
    readonly owner: string,
    readonly name: string,
    readonly defaultBranch: string,
    readonly isPrivate: boolean,
    readonly actionsCanApprove: boolean,
  ) {}

  get fullName(): string {
    return `${this.owner}/${this.name}`;
  }

  issue(number: number): IssueRecord {
    const issue = this.issues.get(number);
    if (!issue) throw notFound();
    return issue;
  }

  pull(number: number): IssueRecord & { pull: PullRecord } {
    const issue = this.issue(number);
    if (!issue.pull) throw notFound();
    return issue as IssueRecord & { pull: PullRecord };
  }
}

export interface StateOptions {
  tokens?: Record<string, TokenInfo>;
  /** Clock for created_at/updated_at and commit dates. */
  now?: () => Date;
}

/** Tokens known when `startGitHubServer` is given none. */
export const DEFAULT_TOKENS: Readonly<Record<string, TokenInfo>> = {
  ghs_installation: { login: "github-actions[bot]", type: "installation" },
  ghp_user: { login: "octocat", type: "user" },
};

export class GitHubState {
  /** Base URL of the API, used in the `url` fields of returned objects. */
  url = "http://127.0.0.1";
  readonly tokens = new Map<string, TokenInfo>();
  private readonly repos = new Map<string, RepoState>();
  private lastId = 1_000_000;
  private readonly clock: () => Date;

  constructor(opts: StateOptions = {}) {
    for (const [token, info] of Object.entries(opts.tokens ?? DEFAULT_TOKENS)) {
      this.addToken(token, info);
    }
    this.clock = opts.now ?? (() => new Date());
  }

  // ---- setup -------------------------------------------------------------------------------

  addToken(token: string, info: TokenInfo): void {
    this.tokens.set(token, info);
  }

  /** Creates `owner/name` with one commit on its default branch (unless `empty`). */
  addRepo(fullName: string, init: RepoInit = {}): RepoState {
    const [owner, name] = splitFullName(fullName);
    const key = fullName.toLowerCase();
    if (this.repos.has(key)) throw new Error(`repository ${fullName} already exists`);
    const repo = new RepoState(
      this.nextId(),
      owner,
      name,
      init.defaultBranch ?? "main",
      init.private ?? false,
      init.actionsCanApprove ?? false,
    );
    repo.cloneUrl = init.cloneUrl;
    this.repos.set(key, repo);
    if (!init.empty) {
      const files = init.files ?? { "README.md": `# ${name}\n` };
      repo.git.commitFiles(repo.defaultBranch, files, "Initial commit", this.identity(owner));
    }
    return repo;
  }

  addIssue(fullName: string, init: IssueInit = {}): number {
    const repo = this.ensureRepo(fullName);
    const number = init.number ?? repo.nextNumber;
    if (repo.issues.has(number)) throw new Error(`${fullName}#${number} already exists`);
    repo.nextNumber = Math.max(repo.nextNumber, number + 1);
    const at = this.now();
    repo.issues.set(number, {
      number,
      title: init.title ?? `Issue ${number}`,
      body: init.body === undefined ? "" : init.body,
      user: { login: init.user ?? "octocat", type: init.userType ?? "User" },
      state: init.state ?? "open",
      labels: init.labels ?? [],
      authorAssociation: init.authorAssociation,
      createdAt: at,
      updatedAt: at,
      pull: undefined,
    });
    return number;
  }

  /** Adds a pull request; head/base SHAs default to fresh fake commits. Returns its number. */
  addPullRequest(fullName: string, init: PullRequestInit = {}): number {
    const repo = this.ensureRepo(fullName);
    const number = this.addIssue(fullName, { title: "A pull request", ...init });
    const headSha = init.head?.sha ?? fakeSha(`${fullName}#${number}:head`);
    repo.issue(number).pull = {
      head: {
        sha: headSha,
        ref: init.head?.ref ?? `feature-${number}`,
        repo: init.head?.repo ?? repo.fullName,
      },
      base: {
        sha: init.base?.sha ?? repo.git.resolve(repo.defaultBranch) ?? fakeSha(`${fullName}:base`),
        ref: init.base?.ref ?? repo.defaultBranch,
      },
      draft: init.draft ?? false,
      merged: init.merged ?? false,
      files: (init.files ?? []).map(toFileRecord),
      headShas: [headSha],
    };
    return number;
  }

  /** A push to the pull request (new head SHA, new files) or a change of title, body, draft, state. */
  updatePullRequest(fullName: string, number: number, change: PullRequestInit): void {
    const issue = this.repo(fullName).pull(number);
    if (change.title !== undefined) issue.title = change.title;
    if (change.body !== undefined) issue.body = change.body;
    if (change.state !== undefined) issue.state = change.state;
    if (change.draft !== undefined) issue.pull.draft = change.draft;
    if (change.merged !== undefined) issue.pull.merged = change.merged;
    if (change.files !== undefined) issue.pull.files = change.files.map(toFileRecord);
    if (change.head?.sha !== undefined) {
      issue.pull.head.sha = change.head.sha;
      issue.pull.headShas.push(change.head.sha);
    }
    issue.updatedAt = this.now();
  }

  setPermission(fullName: string, login: string, role: Role): void {
    this.ensureRepo(fullName).roles.set(login.toLowerCase(), role);
  }

  /** Seeds a comment as if `user` wrote it (default: a person, `octocat`). */
  addIssueComment(
    fullName: string,
    issueNumber: number,
    body: string,
    user: string | Actor = "octocat",
  ): json.IssueCommentJson {
    const repo = this.repo(fullName);
    repo.issue(issueNumber);
    const actor = typeof user === "string" ? { login: user, type: botType(user) } : user;
    const at = this.now();
    const record: CommentRecord = {
      id: this.nextId(),
      issueNumber,
      body,
      user: actor,
      createdAt: at,
      updatedAt: at,
      reactions: [],
    };
    repo.comments.set(record.id, record);
    return json.issueComment(this, repo, record);
  }

  addWorkflowRun(fullName: string, init: WorkflowRunInit = {}): number {
    const repo = this.ensureRepo(fullName);
    const id = init.id ?? this.nextId();
    const runAttempt = init.runAttempt ?? 1;
    const at = this.now();
    repo.runs.set(id, {
      id,
      name: init.name ?? "CI",
      path: init.path ?? ".github/workflows/ci.yml",
      headSha: init.headSha ?? fakeSha(`run:${id}`),
      headBranch: init.headBranch ?? repo.defaultBranch,
      event: init.event ?? "pull_request",
      status: init.status ?? "completed",
      conclusion: init.conclusion === undefined ? "failure" : init.conclusion,
      runAttempt,
      runNumber: repo.runs.size + 1,
      actor: { login: init.actor ?? "octocat", type: "User" },
      pullRequests: init.pullRequests ?? [],
      createdAt: at,
      headRepository: init.headRepository ?? repo.fullName,
    });
    for (const job of init.jobs ?? []) {
      const jobId = job.id ?? this.nextId();
      repo.jobs.set(jobId, {
        id: jobId,
        runId: id,
        name: job.name,
        status: job.status ?? "completed",
        conclusion: job.conclusion === undefined ? "success" : job.conclusion,
        steps: (job.steps ?? []).map((s, i) => ({
          name: s.name,
          status: s.status ?? "completed",
          conclusion: s.conclusion === undefined ? "success" : s.conclusion,
          number: i + 1,
        })),
        log: job.log === undefined ? "" : job.log,
        logUrl: job.logUrl,
        runAttempt: job.runAttempt ?? runAttempt,
        startedAt: at,
      });
    }
    return id;
  }

  /** The paths `GET /repos/{owner}/{repo}/commits/{sha}` lists for a commit. */
  setCommitFiles(fullName: string, sha: string, paths: string[]): void {
    this.ensureRepo(fullName).commitFiles.set(sha, paths);
  }

  /** Commits `files` (null deletes) on `branch` of the repository; returns the commit SHA. */
  commitFiles(
    fullName: string,
    branch: string,
    files: Record<string, string | null>,
    message = "Update files",
  ): string {
    const repo = this.ensureRepo(fullName);
    const sha = repo.git.commitFiles(branch, files, message, this.identity(repo.owner));
    branchMoved(repo, branch, sha);
    return sha;
  }

  // ---- inspection ------------------------------------------------------------------------

  /** The repository, or 404 for the routes. */
  repo(fullName: string): RepoState {
    const repo = this.repos.get(fullName.toLowerCase());
    if (!repo) throw notFound();
    return repo;
  }

  hasRepo(fullName: string): boolean {
    return this.repos.has(fullName.toLowerCase());
  }

  issueComments(fullName: string, issueNumber: number): json.IssueCommentJson[] {
    const repo = this.repo(fullName);
    return [...repo.comments.values()]
      .filter((c) => c.issueNumber === issueNumber)
      .map((c) => json.issueComment(this, repo, c));
  }

  reviews(fullName: string, pullNumber: number): json.ReviewJson[] {
    const repo = this.repo(fullName);
    return [...repo.reviews.values()]
      .filter((r) => r.pullNumber === pullNumber)
      .map((r) => json.review(this, repo, r));
  }

  reviewComments(fullName: string, pullNumber: number): json.ReviewCommentJson[] {
    const repo = this.repo(fullName);
    return [...repo.reviewComments.values()]
      .filter((c) => c.pullNumber === pullNumber)
      .map((c) => json.reviewComment(this, repo, c));
  }

  /** Reaction contents on an issue comment, e.g. `["eyes", "+1"]`. */
  reactions(fullName: string, commentId: number): string[] {
    return (this.repo(fullName).comments.get(commentId)?.reactions ?? []).map((r) => r.content);
  }

  /** The commit SHA a ref (`main`, `heads/main`, `refs/heads/main`, a SHA) points to. */
  refSha(fullName: string, ref: string): string | undefined {
    return this.repo(fullName).git.resolve(ref);
  }

  /** A file's text at a ref, or undefined when the ref or the file is missing. */
  readFile(fullName: string, ref: string, path: string): string | undefined {
    const git = this.repo(fullName).git;
    const commit = git.resolve(ref);
    const found = commit ? git.lookup(commit, path) : undefined;
    return found?.type === "blob" ? git.blob(found.sha)?.toString("utf8") : undefined;
  }

  // ---- used by the routes ----------------------------------------------------------------

  now(): string {
    return this.clock()
      .toISOString()
      .replace(/\.\d{3}Z$/, "Z");
  }

  nextId(): number {
    return ++this.lastId;
  }

  /** The collaborator role of a login (`none` for anyone not set up). */
  roleOf(repo: RepoState, login: string): Role {
    if (login.toLowerCase() === repo.owner.toLowerCase())
      return repo.roles.get(login.toLowerCase()) ?? "admin";
    return repo.roles.get(login.toLowerCase()) ?? "none";
  }

  association(repo: RepoState, actor: Actor): string {
    if (actor.login.toLowerCase() === repo.owner.toLowerCase()) return "OWNER";
    if (actor.type === "Bot") return "NONE";
    return this.roleOf(repo, actor.login) === "none" ? "NONE" : "COLLABORATOR";
  }

  identity(login: string): GitIdentity {
    return {
      name: login,
      email: `${json.userId(login)}+${login}@users.noreply.github.com`,
      date: this.now(),
    };
  }

  private ensureRepo(fullName: string): RepoState {
    return this.repos.get(fullName.toLowerCase()) ?? this.addRepo(fullName);
  }
}

function splitFullName(fullName: string): [string, string] {
  const [owner, name, ...rest] = fullName.split("/");
  if (!owner || !name || rest.length > 0) throw new Error(`expected owner/repo, got "${fullName}"`);
  return [owner, name];
}

function botType(login: string): "User" | "Bot" {
  return login.endsWith("[bot]") ? "Bot" : "User";
}

/** A deterministic 40-hex id for things that need a SHA but no object behind it. */
export function fakeSha(seed: string): string {
  return json.sha1(`fake:${seed}`);
}

function toFileRecord(file: PullFileInit): PullFileRecord {
  const lines = (file.patch ?? "").split("\n");
  return {
    filename: file.filename,
    status: file.status ?? "modified",
    patch: file.patch,
    previousFilename: file.previousFilename,
    sha: json.sha1(`blob:${file.filename}:${file.patch ?? ""}`),
    additions: lines.filter((l) => l.startsWith("+")).length,
    deletions: lines.filter((l) => l.startsWith("-")).length,
  };
}
