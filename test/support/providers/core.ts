// A loopback chat-completions server that answers like one real provider: the provider's rules
// (what it refuses and how, the shape of its replies) wrap a script of answers, and every request
// is recorded, refused ones included. It stands in wherever the scripted model server does.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildCompletion, errorPayload, type RecordedRequest } from "../model-replies.js";
import { isReviewChild, type ModelServer } from "../model-server.js";
import type { EmulatedReply, EmulatorStep, RawAnswer, StaticEmulatorStep } from "./shapes.js";

export type { EmulatedReply, EmulatorStep, RawAnswer, StaticEmulatorStep } from "./shapes.js";

export interface ProviderRules {
  /** Shown in failures: "gemini", "ollama", … */
  name: string;
  /** What the base URL ends with: "/v1", "/v1beta/openai", "/openai/v1", … */
  basePath: string;
  /** The provider's refusal of this request (auth, parameters, message shapes), if it refuses. */
  check?: (req: RecordedRequest) => RawAnswer | undefined;
  /** The provider's answer for a path it does not serve (default: a JSON 404). */
  notFound?: (method: string, path: string) => RawAnswer;
  /** Turns the OpenAI-shaped completion into the one this provider sends. */
  shape?: (
    completion: Record<string, unknown>,
    reply: EmulatedReply,
    req: RecordedRequest,
  ) => unknown;
}

export interface EmulatorOptions {
  /** The conversation's answers, in order (the agent loop, the RLM root). */
  script?: EmulatorStep[];
  /** Answers child reviewers without using the script (default: no findings). */
  children?: (req: RecordedRequest) => StaticEmulatorStep;
  /** Answers every request once the script is empty. */
  fallback?: EmulatorStep;
}

export interface Emulator extends ModelServer {
  readonly provider: string;
  /** Requests the provider refused under its rules (they are in `requests` too). */
  readonly refused: RecordedRequest[];
  push(...steps: EmulatorStep[]): void;
}

const NO_FINDINGS: StaticEmulatorStep = { content: '{"findings": []}' };

function send(res: http.ServerResponse, answer: RawAnswer): void {
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
  const type =
    answer.contentType ?? (typeof answer.body === "string" ? "text/plain" : "application/json");
  res.writeHead(answer.status, { "content-type": type });
  res.end(text);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/** The answer a step stands for, or undefined for a step that never answers. */
async function answerOf(
  step: EmulatorStep,
  req: RecordedRequest,
  rules: ProviderRules,
): Promise<RawAnswer | undefined> {
  const s = typeof step === "function" ? await step(req) : step;
  if ("raw" in s) return s.raw;
  if ("hang" in s && s.hang) return undefined;
  if ("status" in s && s.status !== undefined) return { status: s.status, body: errorPayload(s) };
  const reply = s as EmulatedReply;
  const completion = buildCompletion(reply, req) as unknown as Record<string, unknown>;
  return { status: 200, body: rules.shape ? rules.shape(completion, reply, req) : completion };
}

export async function startEmulator(
  rules: ProviderRules,
  opts: EmulatorOptions = {},
): Promise<Emulator> {
  const queue = [...(opts.script ?? [])];
  const requests: RecordedRequest[] = [];
  const refused: RecordedRequest[] = [];
  const errors: string[] = [];
  const chatPath = `${rules.basePath}/chat/completions`;

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    const method = req.method ?? "GET";
    const path = (req.url ?? "/").split("?")[0] ?? "/";
    if (method !== "POST" || path !== chatPath) {
      const answer = rules.notFound?.(method, path);
      send(
        res,
        answer ?? { status: 404, body: { error: { message: `no route ${method} ${path}` } } },
      );
      return;
    }
    const recorded: RecordedRequest = {
      index: requests.length + 1,
      method,
      path,
      headers: req.headers,
      body: JSON.parse(raw) as RecordedRequest["body"],
    };
    requests.push(recorded);
    const refusal = rules.check?.(recorded);
    if (refusal) {
      refused.push(recorded);
      send(res, refusal);
      return;
    }
    const child = isReviewChild(recorded);
    const step = child ? (opts.children ?? (() => NO_FINDINGS)) : (queue.shift() ?? opts.fallback);
    if (step === undefined) {
      errors.push(`${rules.name}: unexpected call #${recorded.index}: the script is empty`);
      send(res, { status: 500, body: { error: { message: "emulator: the script is empty" } } });
      return;
    }
    const answer = await answerOf(step, recorded, rules);
    if (answer) send(res, answer);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      errors.push(`${rules.name} crashed on ${req.method} ${req.url}: ${String(err)}`);
      if (!res.headersSent) send(res, { status: 500, body: "emulator crashed" });
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
    provider: rules.name,
    url: `http://127.0.0.1:${port}${rules.basePath}`,
    requests,
    refused,
    errors,
    // Not measured: the emulators check behaviour, not timing.
    busyMs: () => 0,
    push: (...steps: EmulatorStep[]) => void queue.push(...steps),
    assertDone() {
      const left = queue.length ? [`${queue.length} scripted step(s) never used`] : [];
      const problems = [...errors, ...left];
      if (problems.length) throw new Error(`${rules.name} emulator:\n- ${problems.join("\n- ")}`);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
