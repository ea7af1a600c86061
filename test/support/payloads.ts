/**
 * Event payload builders for tests. Each one starts from a REAL payload in
 * `@octokit/webhooks-examples`, changes the fields a test asks for, and validates the result
 * against `@octokit/webhooks-schemas` (throwing with the ajv errors when it does not conform), so
 * the payloads Rivumi sees in tests have the shape GitHub sends.
 *
 * Notes on the examples (see /work/shared/ECOSYSTEM.md):
 * - Older examples of an event may fail the newer schema; the template used is the latest
 *   example of the event and action that validates.
 * - No issue_comment example is on a pull request; `issue.pull_request` is added here with the
 *   url fields GitHub sends. No workflow_run example concluded with failure; the conclusion is
 *   set here.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import type { WebhookDefinition } from "@octokit/webhooks-examples";

export type PullRequestPayload = WebhookDefinition<"pull_request">["examples"][number];
export type IssueCommentPayload = WebhookDefinition<"issue_comment">["examples"][number];
export type WorkflowRunPayload = WebhookDefinition<"workflow_run">["examples"][number];
export type WorkflowDispatchPayload = WebhookDefinition<"workflow_dispatch">["examples"][number];

export type UserType = "User" | "Bot";
export type OwnerType = "User" | "Organization";
export type AuthorAssociation =
  | "COLLABORATOR"
  | "CONTRIBUTOR"
  | "FIRST_TIMER"
  | "FIRST_TIME_CONTRIBUTOR"
  | "MANNEQUIN"
  | "MEMBER"
  | "NONE"
  | "OWNER";

// Payloads are edited as plain JSON and typed on the way out.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

const require = createRequire(import.meta.url);
const SCHEMA_ID = "webhooks";

/* ------------------------------------------------------------------ validation */

let ajv: Ajv | undefined;
const validators = new Map<string, ValidateFunction>();

function webhooksAjv(): Ajv {
  if (ajv) return ajv;
  const schema = JSON.parse(readFileSync(require.resolve("@octokit/webhooks-schemas"), "utf8")) as {
    $schema?: string;
    definitions: Record<string, unknown>;
  };
  // The schema is trusted: skipping its meta-schema check saves ~100 ms.
  const instance = new Ajv({ strict: false, allErrors: true, validateSchema: false });
  addFormats(instance);
  instance.addKeyword("tsAdditionalProperties");
  // Only the definitions: with the root `oneOf` over every event, ajv compiles all of them on
  // the first lookup (~2.5 s); without it, each event costs tens of milliseconds.
  instance.addSchema({ $schema: schema.$schema, definitions: schema.definitions }, SCHEMA_ID);
  ajv = instance;
  return instance;
}

/** The schema definition for an event: `<event>$<action>`, or `<event>$event` without action. */
function definitionKey(eventName: string, payload: unknown): string {
  const action =
    payload !== null && typeof payload === "object" && "action" in payload
      ? payload.action
      : undefined;
  return typeof action === "string" ? `${eventName}$${action}` : `${eventName}$event`;
}

function validatorFor(key: string): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    let found: ValidateFunction | undefined;
    try {
      found = webhooksAjv().getSchema(`${SCHEMA_ID}#/definitions/${key}`);
    } catch {
      found = undefined;
    }
    if (!found) throw new Error(`@octokit/webhooks-schemas has no definition ${key}`);
    validate = found;
    validators.set(key, validate);
  }
  return validate;
}

function formatErrors(errors: ErrorObject[] | null | undefined): string {
  return (errors ?? [])
    .slice(0, 20)
    .map((e) => `  ${e.instancePath || "/"} ${e.message ?? e.keyword} ${JSON.stringify(e.params)}`)
    .join("\n");
}

/** The ajv errors of `payload` against the schema of its event and action (empty when valid). */
export function payloadErrors(eventName: string, payload: unknown): ErrorObject[] {
  const validate = validatorFor(definitionKey(eventName, payload));
  return validate(payload) ? [] : [...(validate.errors ?? [])];
}

/**
 * Validates an event payload against `@octokit/webhooks-schemas` (definition
 * `<event>$<action>`, or `<event>$event` for events without an action); throws with the ajv
 * errors when it does not conform.
 */
export function validatePayload(eventName: string, payload: unknown): void {
  const key = definitionKey(eventName, payload);
  const validate = validatorFor(key);
  if (!validate(payload)) {
    throw new Error(`${key} payload does not match the schema:\n${formatErrors(validate.errors)}`);
  }
}

/* ------------------------------------------------------------------ templates */

interface Definition {
  name: string;
  examples: Json[];
}

let definitions: Map<string, Definition> | undefined;
const templates = new Map<string, Json>();

function examplesOf(eventName: string): Json[] {
  if (!definitions) {
    const all = JSON.parse(
      readFileSync(require.resolve("@octokit/webhooks-examples"), "utf8"),
    ) as Definition[];
    definitions = new Map(all.map((d) => [d.name, d]));
  }
  const definition = definitions.get(eventName);
  if (!definition) throw new Error(`@octokit/webhooks-examples has no ${eventName} event`);
  return definition.examples;
}

/** A deep copy of the latest example of the event (and action) that validates. */
export function template(
  eventName: string,
  action?: string,
  filter?: (example: Json) => boolean,
): Json {
  const key = `${eventName}:${action ?? ""}:${filter ? filter.toString() : ""}`;
  let found = templates.get(key);
  if (found === undefined) {
    const candidates = examplesOf(eventName).filter(
      (e) => (action === undefined || e.action === action) && (!filter || filter(e)),
    );
    found = candidates.reverse().find((e) => payloadErrors(eventName, e).length === 0);
    if (found === undefined) {
      throw new Error(`no ${eventName} ${action ?? ""} example validates against the schema`);
    }
    templates.set(key, found);
  }
  return structuredClone(found);
}

/* ------------------------------------------------------------------ object builders */

/** A stable positive 31-bit id derived from a string, so payloads are reproducible. */
export function stableId(seed: string): number {
  return createHash("sha256").update(seed).digest().readUInt32BE(0) & 0x7fffffff || 1;
}

/** A stable 40-hex sha derived from a string. */
export function fakeSha(seed: string): string {
  return createHash("sha1").update(seed).digest("hex");
}

export function nodeId(prefix: string, id: number): string {
  return Buffer.from(`${prefix}${id}`).toString("base64");
}

/** Replaces `from` by `to` in every string inside `value`, in place; returns `value`. */
function replaceStrings(value: Json, pairs: [string, string][]): Json {
  const rewrite = (s: string): string => pairs.reduce((acc, [a, b]) => acc.split(a).join(b), s);
  const walk = (v: Json): Json => {
    if (typeof v === "string") return rewrite(v);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = walk(v[i]);
    } else if (v !== null && typeof v === "object") {
      for (const k of Object.keys(v)) v[k] = walk(v[k]);
    }
    return v;
  };
  return walk(value);
}

/** A user object (schema `user`) for `login`, built from the examples' user shape. */
export function userObject(login: string, type: UserType | OwnerType = "User"): Json {
  const base = template("pull_request", "opened").sender;
  const from = base.login as string;
  const id = stableId(`user:${login}`);
  const pathLogin = encodeURIComponent(login);
  const user = replaceStrings(base, [
    [`/users/${from}`, `/users/${pathLogin}`],
    [`github.com/${from}`, `github.com/${pathLogin}`],
  ]);
  user.login = login;
  user.id = id;
  user.node_id = nodeId(type === "Organization" ? "O_" : type === "Bot" ? "BOT_" : "U_", id);
  user.avatar_url = `https://avatars.githubusercontent.com/u/${id}?v=4`;
  user.type = type;
  user.site_admin = false;
  if (type === "Bot") {
    user.html_url = `https://github.com/apps/${encodeURIComponent(login.replace(/\[bot\]$/, ""))}`;
  }
  return user;
}

function organizationObject(login: string): Json {
  const base = template(
    "issue_comment",
    "created",
    (e) => e.organization !== undefined,
  ).organization;
  const id = stableId(`user:${login}`);
  const org = replaceStrings(base, [[`/orgs/${base.login as string}`, `/orgs/${login}`]]);
  org.login = login;
  org.id = id;
  org.node_id = nodeId("O_", id);
  org.avatar_url = `https://avatars.githubusercontent.com/u/${id}?v=4`;
  return org;
}

/** Rewrites a repository object (full or lite) of an example to `owner/repo`. */
function retargetRepository(base: Json, owner: string, repo: string, ownerType: OwnerType): Json {
  const fromFull = base.full_name as string;
  const repository = replaceStrings(base, [[fromFull, `${owner}/${repo}`]]);
  const id = stableId(`repo:${owner}/${repo}`);
  repository.id = id;
  repository.node_id = nodeId("R_", id);
  repository.name = repo;
  repository.full_name = `${owner}/${repo}`;
  repository.owner = userObject(owner, ownerType);
  return repository;
}

function labelObject(owner: string, repo: string, name: string): Json {
  const id = stableId(`label:${owner}/${repo}:${name}`);
  return {
    id,
    node_id: nodeId("LA_", id),
    url: `https://api.github.com/repos/${owner}/${repo}/labels/${encodeURIComponent(name)}`,
    name,
    color: createHash("sha1").update(name).digest("hex").slice(0, 6),
    default: false,
    description: null,
  };
}

export interface RepoOptions {
  owner: string;
  repo: string;
  /** Owner account type (default `User`); an organization adds the `organization` field. */
  ownerType?: OwnerType;
}

/** Common fields: repository, organization (org owners only), no `installation`. */
export function setRepository(payload: Json, opts: RepoOptions, defaultBranch = "main"): void {
  const ownerType = opts.ownerType ?? "User";
  payload.repository = retargetRepository(payload.repository, opts.owner, opts.repo, ownerType);
  payload.repository.default_branch = defaultBranch;
  if (ownerType === "Organization") payload.organization = organizationObject(opts.owner);
  else delete payload.organization;
  // Events delivered to a workflow by GITHUB_TOKEN carry no app installation.
  delete payload.installation;
}

/* ------------------------------------------------------------------ pull_request */

export interface PullRequestOptions extends RepoOptions {
  action?: "opened" | "synchronize" | "reopened" | "ready_for_review";
  number: number;
  title?: string;
  body?: string | null;
  /** PR author login (default `octocat`); also the sender. */
  author?: string;
  authorType?: UserType;
  /** Default: OWNER when the author is the owner, CONTRIBUTOR otherwise. */
  authorAssociation?: AuthorAssociation;
  headSha: string;
  baseSha: string;
  headRef?: string;
  baseRef?: string;
  /** `owner/repo` of the head repository; a fork when it differs from the base. */
  headRepoFullName?: string;
  draft?: boolean;
  labels?: string[];
  /** `before` for synchronize (default: a sha derived from headSha). */
  beforeSha?: string;
}

export function pullRequestPayload(opts: PullRequestOptions): PullRequestPayload {
  const action = opts.action ?? "opened";
  const { owner, repo, number } = opts;
  const full = `${owner}/${repo}`;
  const author = opts.author ?? "octocat";
  const authorType = opts.authorType ?? "User";
  const headRef = opts.headRef ?? "feature";
  const baseRef = opts.baseRef ?? "main";
  const headFull = opts.headRepoFullName ?? full;
  const isFork = headFull !== full;
  const draft = opts.draft ?? false;
  if (action === "ready_for_review" && draft) {
    throw new Error("a ready_for_review pull request is not a draft");
  }

  const payload = template("pull_request", action);
  const fromFull = payload.repository.full_name as string;
  replaceStrings(payload, [[fromFull, full]]);
  setRepository(payload, opts, baseRef);

  const pr = payload.pull_request;
  const api = `https://api.github.com/repos/${full}`;
  const web = `https://github.com/${full}`;
  const id = stableId(`pr:${full}#${number}`);
  payload.number = number;
  pr.number = number;
  pr.id = id;
  pr.node_id = nodeId("PR_", id);
  pr.url = `${api}/pulls/${number}`;
  pr.html_url = `${web}/pull/${number}`;
  pr.diff_url = `${web}/pull/${number}.diff`;
  pr.patch_url = `${web}/pull/${number}.patch`;
  pr.issue_url = `${api}/issues/${number}`;
  pr.commits_url = `${api}/pulls/${number}/commits`;
  pr.review_comments_url = `${api}/pulls/${number}/comments`;
  pr.review_comment_url = `${api}/pulls/comments{/number}`;
  pr.comments_url = `${api}/issues/${number}/comments`;
  pr.statuses_url = `${api}/statuses/${opts.headSha}`;
  pr._links = {
    self: { href: pr.url },
    html: { href: pr.html_url },
    issue: { href: pr.issue_url },
    comments: { href: pr.comments_url },
    review_comments: { href: pr.review_comments_url },
    review_comment: { href: pr.review_comment_url },
    commits: { href: pr.commits_url },
    statuses: { href: pr.statuses_url },
  };
  if (opts.title !== undefined) pr.title = opts.title;
  if (opts.body !== undefined) pr.body = opts.body;
  pr.user = userObject(author, authorType);
  pr.author_association = opts.authorAssociation ?? (author === owner ? "OWNER" : "CONTRIBUTOR");
  pr.draft = draft;
  pr.state = "open";
  pr.assignee = null;
  pr.assignees = [];
  pr.requested_reviewers = [];
  pr.requested_teams = [];
  pr.milestone = null;
  pr.labels = (opts.labels ?? []).map((name) => labelObject(owner, repo, name));
  pr.maintainer_can_modify = isFork;

  const baseRepo = structuredClone(payload.repository);
  pr.base = {
    label: `${owner}:${baseRef}`,
    ref: baseRef,
    sha: opts.baseSha,
    user: structuredClone(baseRepo.owner),
    repo: baseRepo,
  };
  let headRepo: Json;
  if (isFork) {
    const [forkOwner, forkRepo, ...rest] = headFull.split("/");
    if (!forkOwner || !forkRepo || rest.length > 0) {
      throw new Error(`headRepoFullName must be owner/repo, got ${headFull}`);
    }
    headRepo = retargetRepository(structuredClone(baseRepo), forkOwner, forkRepo, "User");
    headRepo.fork = true;
  } else {
    headRepo = structuredClone(baseRepo);
  }
  pr.head = {
    label: `${headRepo.owner.login as string}:${headRef}`,
    ref: headRef,
    sha: opts.headSha,
    user: structuredClone(headRepo.owner),
    repo: headRepo,
  };

  if (action === "synchronize") {
    payload.before = opts.beforeSha ?? fakeSha(`before:${opts.headSha}`);
    payload.after = opts.headSha;
  }
  payload.sender = userObject(author, authorType);

  validatePayload("pull_request", payload);
  return payload as PullRequestPayload;
}

/* ------------------------------------------------------------------ issue_comment */

export interface IssueCommentOptions extends RepoOptions {
  number: number;
  body: string;
  commenter: string;
  commenterType?: UserType;
  /** Whether the issue is a pull request (sets `issue.pull_request`). */
  onPullRequest: boolean;
  commentId?: number;
  /** The commenter's association. Default: OWNER when the commenter is the owner, else NONE. */
  authorAssociation?: AuthorAssociation;
  /** Title of the issue or pull request. */
  title?: string;
  /** Author of the issue or pull request (default `octocat`). */
  issueAuthor?: string;
}

export function issueCommentPayload(opts: IssueCommentOptions): IssueCommentPayload {
  const { owner, repo, number } = opts;
  const full = `${owner}/${repo}`;
  const api = `https://api.github.com/repos/${full}`;
  const web = `https://github.com/${full}`;
  const commentId = opts.commentId ?? stableId(`comment:${full}#${number}:${opts.body}`);
  const issueAuthor = opts.issueAuthor ?? "octocat";
  const commenterType = opts.commenterType ?? "User";

  const payload = template("issue_comment", "created");
  const fromFull = payload.repository.full_name as string;
  replaceStrings(payload, [[fromFull, full]]);
  setRepository(payload, opts);

  const issue = payload.issue;
  const issueId = stableId(`issue:${full}#${number}`);
  const kind = opts.onPullRequest ? "pull" : "issues";
  issue.id = issueId;
  issue.node_id = nodeId(opts.onPullRequest ? "PR_" : "I_", issueId);
  issue.number = number;
  issue.url = `${api}/issues/${number}`;
  issue.repository_url = api;
  issue.labels_url = `${api}/issues/${number}/labels{/name}`;
  issue.comments_url = `${api}/issues/${number}/comments`;
  issue.events_url = `${api}/issues/${number}/events`;
  issue.html_url = `${web}/${kind}/${number}`;
  if (opts.title !== undefined) issue.title = opts.title;
  issue.user = userObject(issueAuthor);
  issue.author_association = issueAuthor === owner ? "OWNER" : "CONTRIBUTOR";
  issue.state = "open";
  issue.locked = false;
  issue.active_lock_reason = null;
  issue.labels = [];
  issue.assignee = null;
  issue.assignees = [];
  issue.milestone = null;
  issue.comments = Math.max(1, Number(issue.comments) || 0);
  issue.closed_at = null;
  if (issue.reactions) issue.reactions.url = `${api}/issues/${number}/reactions`;
  if (opts.onPullRequest) {
    issue.pull_request = {
      url: `${api}/pulls/${number}`,
      html_url: `${web}/pull/${number}`,
      diff_url: `${web}/pull/${number}.diff`,
      patch_url: `${web}/pull/${number}.patch`,
      merged_at: null,
    };
  } else {
    delete issue.pull_request;
  }

  const comment = payload.comment;
  comment.id = commentId;
  comment.node_id = nodeId("IC_", commentId);
  comment.url = `${api}/issues/comments/${commentId}`;
  comment.html_url = `${web}/${kind}/${number}#issuecomment-${commentId}`;
  comment.issue_url = `${api}/issues/${number}`;
  comment.body = opts.body;
  comment.user = userObject(opts.commenter, commenterType);
  comment.author_association =
    opts.authorAssociation ?? (opts.commenter === owner ? "OWNER" : "NONE");
  if (comment.reactions) comment.reactions.url = `${api}/issues/comments/${commentId}/reactions`;

  payload.sender = userObject(opts.commenter, commenterType);

  validatePayload("issue_comment", payload);
  return payload as IssueCommentPayload;
}

/* ------------------------------------------------------------------ workflow_run */

export interface WorkflowRunOptions extends RepoOptions {
  runId: number;
  /** The webhook schema has no `startup_failure`, which the API reports: set it after building. */
  conclusion: "failure" | "success" | "timed_out" | "cancelled";
  headSha: string;
  /** `owner/repo` the head comes from: a fork's pull request (GitHub then lists no pull request). */
  headRepository?: string;
  /** Pull requests of the run (same-repository PRs; GitHub lists none for forks). */
  prNumbers?: number[];
  /** Workflow name (default `CI`). */
  name?: string;
  headBranch?: string;
  /** Triggering event (default `pull_request` when prNumbers are given, else `push`). */
  event?: string;
  runAttempt?: number;
  /** Workflow file path (default `.github/workflows/ci.yml`). */
  path?: string;
  actor?: string;
}

export function workflowRunPayload(opts: WorkflowRunOptions): WorkflowRunPayload {
  const { owner, repo, runId } = opts;
  const full = `${owner}/${repo}`;
  const api = `https://api.github.com/repos/${full}`;
  const web = `https://github.com/${full}`;
  const name = opts.name ?? "CI";
  const path = opts.path ?? ".github/workflows/ci.yml";
  const headBranch = opts.headBranch ?? "feature";
  const prNumbers = opts.prNumbers ?? [];
  const actor = opts.actor ?? "octocat";
  const attempt = opts.runAttempt ?? 1;

  const payload = template("workflow_run", "completed");
  const fromFull = payload.repository.full_name as string;
  replaceStrings(payload, [[fromFull, full]]);
  setRepository(payload, opts);

  const workflowId = stableId(`workflow:${full}:${path}`);
  const workflow = payload.workflow;
  workflow.id = workflowId;
  workflow.node_id = nodeId("W_", workflowId);
  workflow.name = name;
  workflow.path = path;
  workflow.url = `${api}/actions/workflows/${workflowId}`;
  workflow.html_url = `${web}/blob/main/${path}`;
  workflow.badge_url = `${web}/workflows/${encodeURIComponent(name)}/badge.svg`;

  const run = payload.workflow_run;
  const checkSuiteId = stableId(`check-suite:${full}:${runId}`);
  run.id = runId;
  run.node_id = nodeId("WFR_", runId);
  run.name = name;
  run.display_title = name;
  run.path = path;
  run.status = "completed";
  run.conclusion = opts.conclusion;
  run.event = opts.event ?? (prNumbers.length > 0 ? "pull_request" : "push");
  run.head_branch = headBranch;
  run.head_sha = opts.headSha;
  if (run.head_commit) {
    run.head_commit.id = opts.headSha;
    run.head_commit.tree_id = fakeSha(`tree:${opts.headSha}`);
  }
  run.run_attempt = attempt;
  run.run_number = Math.max(1, runId % 10_000);
  run.url = `${api}/actions/runs/${runId}`;
  run.html_url = `${web}/actions/runs/${runId}`;
  run.jobs_url = `${api}/actions/runs/${runId}/jobs`;
  run.logs_url = `${api}/actions/runs/${runId}/logs`;
  run.artifacts_url = `${api}/actions/runs/${runId}/artifacts`;
  run.cancel_url = `${api}/actions/runs/${runId}/cancel`;
  run.rerun_url = `${api}/actions/runs/${runId}/rerun`;
  run.previous_attempt_url =
    attempt > 1 ? `${api}/actions/runs/${runId}/attempts/${attempt - 1}` : null;
  run.check_suite_id = checkSuiteId;
  run.check_suite_node_id = nodeId("CS_", checkSuiteId);
  run.check_suite_url = `${api}/check-suites/${checkSuiteId}`;
  run.workflow_id = workflowId;
  run.workflow_url = `${api}/actions/workflows/${workflowId}`;
  const ownerType = opts.ownerType ?? "User";
  run.repository = retargetRepository(run.repository, owner, repo, ownerType);
  const [headOwner = owner, headRepo = repo] = (opts.headRepository ?? full).split("/");
  run.head_repository = retargetRepository(run.head_repository, headOwner, headRepo, ownerType);
  if ("actor" in run) run.actor = userObject(actor);
  if ("triggering_actor" in run) run.triggering_actor = userObject(actor);
  const repoRef = { id: payload.repository.id, url: api, name: repo };
  run.pull_requests = prNumbers.map((number) => ({
    url: `${api}/pulls/${number}`,
    id: stableId(`pr:${full}#${number}`),
    number,
    head: { ref: headBranch, sha: opts.headSha, repo: repoRef },
    base: { ref: "main", sha: fakeSha(`base:${full}#${number}`), repo: repoRef },
  }));

  payload.sender = userObject(actor);

  validatePayload("workflow_run", payload);
  return payload as WorkflowRunPayload;
}

/* ------------------------------------------------------------------ workflow_dispatch */

export interface WorkflowDispatchOptions extends RepoOptions {
  inputs?: Record<string, string | number | boolean>;
  /** Default `refs/heads/main`. */
  ref?: string;
  /** Default `.github/workflows/rivumi.yml`. */
  workflow?: string;
  sender?: string;
}

export function workflowDispatchPayload(opts: WorkflowDispatchOptions): WorkflowDispatchPayload {
  const full = `${opts.owner}/${opts.repo}`;
  const payload = template("workflow_dispatch");
  const fromFull = payload.repository.full_name as string;
  replaceStrings(payload, [[fromFull, full]]);
  setRepository(payload, opts);
  payload.inputs = { ...(opts.inputs ?? {}) };
  payload.ref = opts.ref ?? "refs/heads/main";
  payload.workflow = opts.workflow ?? ".github/workflows/rivumi.yml";
  payload.sender = userObject(opts.sender ?? "octocat");

  validatePayload("workflow_dispatch", payload);
  return payload as WorkflowDispatchPayload;
}

/* ------------------------------------------------------------------ files */

/** Writes `payload` as `event.json` in `dir` (created if needed); returns its path. */
export function writeEventFile(dir: string, payload: unknown): string {
  mkdirSync(dir, { recursive: true });
  const path = join(dir, "event.json");
  writeFileSync(path, `${JSON.stringify(payload, null, 2)}\n`);
  return path;
}
