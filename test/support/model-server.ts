// A loopback OpenAI-compatible chat-completions server that replays a script and records calls.
import http from "node:http";
import type { AddressInfo } from "node:net";
import {
  buildChunks,
  buildCompletion,
  errorPayload,
  type ErrorStep,
  type RecordedRequest,
  type StaticStep,
  type Step,
  type StepFn,
} from "./model-replies.js";

export type {
  ErrorStep,
  FinishReason,
  HangStep,
  RecordedRequest,
  ReplyStep,
  StaticStep,
  Step,
  StepFn,
  ToolCallSpec,
  UsageSpec,
} from "./model-replies.js";

export interface ModelServerOptions {
  /** Answers every call once the script is empty, instead of failing the test. */
  fallback?: Step;
  /**
   * Answers the child reviewers of a review (requests whose system prompt is the review child's,
   * see `isReviewChild`) without taking steps from the script. Default: a reviewer that reads the
   * batch and reports no findings. `"script"` sends them through the script like any call.
   */
  children?: StepFn | "script";
}

const CHILD_PROMPT_START = "# Your part of the review";

/** A child reviewer's request: the review's host map sent it, not the agent's loop. */
export function isReviewChild(req: RecordedRequest): boolean {
  const system = req.body.messages?.[0];
  return system?.role === "system" && messageText(system).startsWith(CHILD_PROMPT_START);
}

const NO_FINDINGS: StepFn = () => ({ content: '{"findings": []}' });

export interface ModelServer {
  /** Base URL ending in `/v1`, for `new OpenAI({ baseURL })`. */
  readonly url: string;
  /** Every chat-completions call, in arrival order. */
  readonly requests: RecordedRequest[];
  /** Unexpected calls, unknown routes, failed `expect`s: each fails `assertDone()`. */
  readonly errors: string[];
  /**
   * Milliseconds in which at least one call was open (from its arrival to its last byte): the
   * time a client spent waiting on this server, concurrent calls counted once.
   */
  busyMs(): number;
  /** Append steps to the script. */
  push(...steps: Step[]): void;
  /** Throw, listing them, if steps are left over or anything unexpected happened. */
  assertDone(): void;
  /** Stop listening and destroy open sockets, hanging calls included. */
  close(): Promise<void>;
}

const CHAT_PATH = "/v1/chat/completions";

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function clip(text: string, max = 160): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

function describeStep(step: Step): string {
  if (typeof step === "function") return `function ${step.name || "(anonymous)"}`;
  return clip(JSON.stringify(step));
}

function describeRequest(req: RecordedRequest): string {
  const messages = req.body.messages ?? [];
  const last = messages.at(-1);
  const said = last ? `, last ${last.role}: ${clip(JSON.stringify(last.content ?? null), 80)}` : "";
  return `model ${req.body.model}, ${messages.length} message(s)${said}`;
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: http.ServerResponse, step: ErrorStep): void {
  sendJson(res, step.status, errorPayload(step), { "retry-after-ms": "1", ...step.headers });
}

/** A failure of the test itself: the client must not retry it into more noise. */
function sendHarnessError(res: http.ServerResponse, message: string): void {
  const headers = { "x-should-retry": "false" };
  sendError(res, { status: 500, error: `model-server: ${message}`, code: "scripted", headers });
}

export async function startModelServer(
  script: Step[] = [],
  opts: ModelServerOptions = {},
): Promise<ModelServer> {
  const queue = [...script];
  const requests: RecordedRequest[] = [];
  const errors: string[] = [];
  let consumed = 0;

  let open = 0;
  let busySince = 0;
  let busy = 0;
  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    let closed = false;
    if (open++ === 0) busySince = performance.now();
    res.once("close", () => {
      closed = true;
      if (--open === 0) busy += performance.now() - busySince;
    });
    const raw = await readBody(req);
    const method = req.method ?? "GET";
    const path = req.url ?? "/";
    if (method !== "POST" || path.split("?")[0] !== CHAT_PATH) {
      errors.push(`unexpected route: ${method} ${path}`);
      sendError(res, { status: 404, error: `model-server: no route for ${method} ${path}` });
      return;
    }
    let body: RecordedRequest["body"];
    try {
      body = JSON.parse(raw) as RecordedRequest["body"];
    } catch {
      errors.push(`invalid JSON body on ${method} ${path}: ${clip(raw)}`);
      sendError(res, { status: 400, error: "model-server: body is not JSON" });
      return;
    }
    const recorded: RecordedRequest = {
      index: requests.length + 1,
      method,
      path,
      headers: req.headers,
      body,
    };
    requests.push(recorded);

    const children = opts.children ?? NO_FINDINGS;
    const child = children !== "script" && isReviewChild(recorded) ? children : undefined;
    const scripted = child ? undefined : queue.shift();
    if (scripted) consumed++;
    const step = child ?? scripted ?? opts.fallback;
    if (step === undefined) {
      const message = `unexpected call #${recorded.index}: the script is empty (${describeRequest(recorded)})`;
      errors.push(message);
      sendHarnessError(res, message);
      return;
    }
    let resolved: StaticStep;
    try {
      resolved = typeof step === "function" ? await step(recorded) : step;
      resolved.expect?.(recorded);
    } catch (err) {
      const message = `call #${recorded.index} rejected: ${messageOf(err)}`;
      errors.push(message);
      sendHarnessError(res, message);
      return;
    }
    if (resolved.delayMs) {
      await new Promise((resolve) => setTimeout(resolve, resolved.delayMs).unref());
    }
    if (closed || resolved.hang) return;
    if (resolved.status !== undefined) {
      sendError(res, resolved);
    } else if (body.stream) {
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      for (const chunk of buildChunks(resolved, recorded))
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
      res.end("data: [DONE]\n\n");
    } else {
      sendJson(res, 200, buildCompletion(resolved, recorded));
    }
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      errors.push(`model-server crashed on ${req.method} ${req.url}: ${messageOf(err)}`);
      if (!res.headersSent) sendHarnessError(res, messageOf(err));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  server.unref();
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    errors,
    busyMs: () => busy + (open > 0 ? performance.now() - busySince : 0),
    push: (...steps) => void queue.push(...steps),
    assertDone() {
      const problems = [...errors];
      if (queue.length) {
        const left = queue.map((s, i) => `  step ${consumed + i + 1}: ${describeStep(s)}`);
        problems.push(`${queue.length} scripted step(s) never called:\n${left.join("\n")}`);
      }
      if (problems.length) throw new Error(`model-server:\n- ${problems.join("\n- ")}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The text of a recorded chat message, whatever shape its content has. */
export function messageText(message: { content?: unknown }): string {
  const c = message.content;
  return typeof c === "string" ? c : JSON.stringify(c ?? "");
}
