/**
 * A stateful loopback GitHub (REST, and GraphQL for review threads) for tests. Every request is
 * checked against GitHub's published descriptions (REST: `@octokit/openapi`; GraphQL:
 * `@octokit/graphql-schema`, see github-graphql.ts); one GitHub would refuse is answered as GitHub
 * would (404/422, or GraphQL `errors[]`) and recorded in `violations`, which `assertNoViolations()`
 * turns into a failure.
 *
 *   const github = await startGitHubServer({ tokens: { t: { login: "github-actions[bot]", type: "installation" } } });
 *   github.addPullRequest("o/r", { files: [{ filename: "a.ts", patch: "@@ -1 +1 @@\n-a\n+b" }] });
 *   new Octokit({ auth: "t", baseUrl: github.url });
 *   afterEach(() => github.assertNoViolations());
 */
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { Socket } from "node:net";
import { errorBody, HttpError, notFound, readText, send, type RouteResult } from "./github-http.js";
import type { Handler, RouteContext } from "./github-route-context.js";
import { actionsRoutes } from "./github-routes-actions.js";
import { gitRoutes } from "./github-routes-git.js";
import { issueWriteRoutes } from "./github-routes-issue-writes.js";
import { issueRoutes } from "./github-routes-issues.js";
import { reviewRoutes } from "./github-routes-reviews.js";
import { answerGraphQL, gitHubSchema, type GraphQLFault } from "./github-graphql.js";
import type { StateOptions } from "./github-state.js";
import { ReviewThreadState } from "./github-threads.js";
import type { TokenInfo } from "./github-types.js";
import { openApiIndex } from "./openapi-validator.js";

/**
 * The share of GitHub's write spacing and retry pauses (see createOctokit's waitScale) that clients
 * of the loopback GitHub wait: this server asks for no spacing, and a full second per write made
 * the suite minutes slower. The production default (1) has a test of its own.
 */
export const LOOPBACK_WAIT_SCALE = 0.01;

export { DEFAULT_TOKENS } from "./github-state.js";
export { REQUIRED_CHECK_REFUSAL } from "./github-branches.js";
export type { BranchFile, BranchProtection, BranchPullInit } from "./github-branches.js";
export type { IssueCommentJson, ReviewCommentJson, ReviewJson } from "./github-json.js";
export type { GraphQLFault } from "./github-graphql.js";
export type { ReviewCommentInit, ThreadView } from "./github-threads.js";
export type {
  IssueInit,
  PullFileInit,
  PullRequestInit,
  RepoInit,
  Role,
  TokenInfo,
  WorkflowJobInit,
  WorkflowRunInit,
} from "./github-types.js";

export interface RecordedRequest {
  method: string;
  /** Path without the query, as sent (percent-encoding kept). */
  path: string;
  query: Record<string, string>;
  /** Parsed JSON body (the raw text if it did not parse; undefined when empty). */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** The description's operation, when the route matched one: `issues/create-comment`. */
  operationId?: string;
  /** Its path template: `/repos/{owner}/{repo}/issues/{issue_number}/comments`. */
  template?: string;
  /** The status the fake answered. */
  status?: number;
}

/** A canned failure: `{ status: 502 }`, `{ status: 403, message: "You have exceeded a secondary rate limit", headers: { "retry-after": "1" } }`. */
export interface Fault {
  status: number;
  message?: string;
  headers?: Record<string, string>;
  /** Replaces the default `{ message, documentation_url, status }` body. */
  body?: unknown;
}

export interface GitHubServerOptions extends StateOptions {
  /** Random delay per request, in milliseconds, so that concurrent writers interleave. */
  latencyMs?: [number, number];
  /** Called for every request before it is served; a returned fault is answered instead. */
  onRequest?: (
    req: RecordedRequest,
  ) => Fault | undefined | void | Promise<Fault | undefined | void>;
  /** Also check the fake's own 2xx JSON answers against the description (slower; for its tests). */
  validateResponses?: boolean;
}

const routes: Readonly<Record<string, Handler>> = {
  ...issueRoutes,
  ...issueWriteRoutes,
  ...actionsRoutes,
  ...reviewRoutes,
  ...gitRoutes,
};
/** Writes that need the token's `contents: write`: git data and file contents. */
const CONTENTS_WRITE = /^(git\/|repos\/(create-or-update-file-contents|delete-file)$)/;

/** Starts a fake GitHub on 127.0.0.1 (random port); it never keeps the process alive. */
export async function startGitHubServer(opts: GitHubServerOptions = {}): Promise<GitHubServer> {
  const server = new GitHubServer(opts);
  await server.listen();
  return server;
}

export class GitHubServer extends ReviewThreadState {
  /** Every request received, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  /** Requests GitHub would refuse whatever the state (and fake bugs), one line each. */
  readonly violations: string[] = [];
  private readonly faults: Array<{
    method: string;
    path: string;
    remaining: number;
    fault: Fault;
  }> = [];
  private readonly graphQLFaults: Array<GraphQLFault & { remaining: number }> = [];
  private readonly server: Server;
  private readonly sockets = new Set<Socket>();

  constructor(private readonly opts: GitHubServerOptions = {}) {
    super(opts);
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.violations.push(`fake GitHub crashed: ${String(error)}`);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      });
    });
    this.server.on("connection", (socket) => {
      socket.unref();
      this.sockets.add(socket);
      socket.on("close", () => this.sockets.delete(socket));
    });
  }
  /** Replaces the per-request hook of a running server (answer a fault, stall, or pass). */
  onRequest(hook: GitHubServerOptions["onRequest"]): void {
    this.opts.onRequest = hook;
  }

  async listen(): Promise<void> {
    // Parse the descriptions now rather than inside the first request.
    openApiIndex();
    gitHubSchema();
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => resolve());
    });
    this.server.unref();
    const address = this.server.address();
    if (address === null || typeof address === "string") throw new Error("no TCP address");
    this.url = `http://127.0.0.1:${address.port}`;
  }

  /** Stops listening and drops open keep-alive connections. */
  async close(): Promise<void> {
    if (!this.server.listening) return;
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await closed;
  }

  /** Throws, listing every violation, if any request was one GitHub would refuse. */
  assertNoViolations(): void {
    if (this.violations.length === 0) return;
    throw new Error(
      `fake GitHub saw ${this.violations.length} invalid request(s):\n- ${this.violations.join("\n- ")}`,
    );
  }

  /** Returns the violations so far and forgets them (for tests that provoke some on purpose). */
  takeViolations(): string[] {
    return this.violations.splice(0);
  }

  /**
   * Answers the next `times` (default 1) requests to `route` with `fault`. The route is
   * `"METHOD path"` with the description's template or a concrete path; `*` matches any method:
   * `failNext("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", { status: 502, times: 2 })`.
   */
  failNext(route: string, fault: Fault & { times?: number }): void {
    const [method = "", path = ""] = route.trim().split(/\s+/, 2);
    const { times = 1, ...rest } = fault;
    this.faults.push({ method: method.toUpperCase(), path, remaining: times, fault: rest });
  }

  /** The recorded requests to `"METHOD template-or-path"`, e.g. `"PATCH /repos/{owner}/{repo}/git/refs/{ref}"`. */
  requestsTo(route: string): RecordedRequest[] {
    const [method = "", path = ""] = route.trim().split(/\s+/, 2);
    return this.requests.filter((r) => matchesRoute(r, method.toUpperCase(), path));
  }

  /**
   * Answers the next `times` (default 1) GraphQL requests, or those selecting `field` at the top,
   * with an HTTP 200 whose `errors[]` hold the fault, as GitHub refuses a query:
   * `failNextGraphQL({ field: "resolveReviewThread", type: "FORBIDDEN", message: "…" })`.
   * The request is still checked against the schema first. (An HTTP failure of the endpoint is
   * `failNext("POST /graphql", { status: 502 })`.)
   */
  failNextGraphQL(fault: GraphQLFault): void {
    this.graphQLFaults.push({ ...fault, remaining: fault.times ?? 1 });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.url);
    const text = await readText(req);
    let body: unknown;
    let badJson = false;
    if (text.length > 0) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
        badJson = true;
      }
    }
    const record: RecordedRequest = {
      method: (req.method ?? "GET").toUpperCase(),
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body,
      headers: req.headers,
    };
    this.requests.push(record);
    const [min, max] = this.opts.latencyMs ?? [0, 0];
    if (max > 0) await sleep(min + Math.random() * (max - min));

    let result: RouteResult;
    try {
      result = await this.serve(record, url, badJson);
    } catch (error) {
      result = this.errorResult(record, error);
    }
    record.status = result.status;
    this.checkOwnAnswer(record, result);
    send(res, result);
  }

  private async serve(record: RecordedRequest, url: URL, badJson: boolean): Promise<RouteResult> {
    const { method, path } = record;
    if (path.startsWith("/_fake/")) return this.serveBlob(path);
    const isGraphQL = method === "POST" && path === "/graphql";

    let refusal: { status: number; message: string } | undefined;
    let params: Record<string, string> = {};
    if (badJson) {
      refusal = { status: 400, message: "Problems parsing JSON" };
    } else if (!isGraphQL) {
      const check = openApiIndex().check({
        method,
        path,
        query: url.searchParams,
        contentType: record.headers["content-type"],
        body: record.body,
      });
      record.operationId = check.operation?.operationId;
      record.template = check.operation?.template;
      params = check.operation?.params ?? {};
      for (const warning of check.warnings) this.violations.push(`${method} ${path}: ${warning}`);
      if (!check.ok) refusal = check.refusal;
    }
    if (refusal) {
      this.violations.push(`${method} ${path}: ${refusal.status} ${refusal.message}`);
    }

    const fault = (await this.opts.onRequest?.(record)) ?? this.takeFault(record);
    if (fault) {
      return {
        status: fault.status,
        json: fault.body ?? errorBody(fault.status, fault.message ?? "Injected failure"),
        headers: fault.headers ?? {},
      };
    }

    const token = this.authenticate(record.headers.authorization);
    if (refusal) throw new HttpError(refusal.status, refusal.message);
    if (isGraphQL) return this.serveGraphQL(record, token);
    const write = method !== "GET" && method !== "HEAD";
    if (
      write &&
      (token.readOnly || (token.contents === "read" && CONTENTS_WRITE.test(record.operationId!)))
    ) {
      throw new HttpError(403, "Resource not accessible by integration");
    }
    const handler = routes[record.operationId!];
    if (!handler) {
      this.violations.push(
        `${method} ${path}: ${record.operationId} is not implemented by the fake`,
      );
      throw new HttpError(501, `${record.operationId} is not implemented by the fake GitHub`);
    }
    return handler(this.context(record, url, params, token));
  }

  private context(
    record: RecordedRequest,
    url: URL,
    params: Record<string, string>,
    token: TokenInfo,
  ): RouteContext {
    return {
      state: this,
      url,
      params,
      body: (record.body ?? {}) as Record<string, unknown>,
      headers: record.headers,
      token,
      actor: { login: token.login, type: token.type === "installation" ? "Bot" : "User" },
      repo: () => this.repo(`${params.owner}/${params.repo}`),
      num: (name) => Number(params[name]),
    };
  }

  private authenticate(header: string | undefined): TokenInfo {
    if (!header) throw new HttpError(401, "Requires authentication");
    const match = /^(?:token|bearer)\s+(\S+)$/i.exec(header.trim());
    const info = match ? this.tokens.get(match[1]!) : undefined;
    if (!info) throw new HttpError(401, "Bad credentials");
    return info;
  }

  private serveGraphQL(record: RecordedRequest, token: TokenInfo): RouteResult {
    return answerGraphQL({
      body: record.body,
      context: { state: this, token },
      violations: this.violations,
      takeFault: (fields) => {
        const index = this.graphQLFaults.findIndex((f) => !f.field || fields.includes(f.field));
        if (index < 0) return undefined;
        const fault = this.graphQLFaults[index]!;
        if (--fault.remaining <= 0) this.graphQLFaults.splice(index, 1);
        return fault;
      },
    });
  }

  /** The "blob host" behind redirects: job logs and raw file downloads. */
  private serveBlob(path: string): RouteResult {
    const parts = path.split("/").slice(2).map(decodeURIComponent);
    const [kind, owner, name, id, ...rest] = parts;
    if (!owner || !name || !id || !this.hasRepo(`${owner}/${name}`)) throw notFound();
    const repo = this.repo(`${owner}/${name}`);
    if (kind === "job-logs") {
      const log = repo.jobs.get(Number(id))?.log;
      if (log == null) throw notFound();
      return { status: 200, text: log, contentType: "text/plain; charset=utf-8" };
    }
    if (kind === "raw") {
      const text = this.readFile(repo.fullName, id, rest.join("/"));
      if (text === undefined) throw notFound();
      return { status: 200, text, contentType: "text/plain; charset=utf-8" };
    }
    throw notFound();
  }

  private takeFault(record: RecordedRequest): Fault | undefined {
    const index = this.faults.findIndex((f) => matchesRoute(record, f.method, f.path));
    if (index < 0) return undefined;
    const entry = this.faults[index]!;
    if (--entry.remaining <= 0) this.faults.splice(index, 1);
    return entry.fault;
  }

  private errorResult(record: RecordedRequest, error: unknown): RouteResult {
    if (error instanceof HttpError) {
      if (error.violation) {
        this.violations.push(`${record.method} ${record.path}: ${error.status} ${error.message}`);
      }
      const body = errorBody(error.status, error.message);
      return {
        status: error.status,
        json: error.errors ? { ...body, errors: error.errors } : body,
        headers: error.headers,
      };
    }
    this.violations.push(`${record.method} ${record.path}: fake GitHub bug: ${String(error)}`);
    return { status: 500, json: errorBody(500, `fake GitHub bug: ${String(error)}`) };
  }

  private checkOwnAnswer(record: RecordedRequest, result: RouteResult): void {
    if (!this.opts.validateResponses || !record.template || result.json === undefined) return;
    if (result.status < 200 || result.status >= 300) return;
    const problem = openApiIndex().checkResponse(
      record.method,
      record.template,
      result.status,
      result.json,
    );
    if (problem) {
      this.violations.push(
        `fake GitHub answer to ${record.method} ${record.path} does not match the description: ${problem}`,
      );
    }
  }
}

function matchesRoute(record: RecordedRequest, method: string, path: string): boolean {
  return (
    (method === "*" || method === record.method) &&
    (path === record.template || path === record.path)
  );
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
