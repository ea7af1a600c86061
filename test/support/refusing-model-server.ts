// A loopback chat-completions server that refuses chosen request parameters the way real servers
// do, answers everything else, and records what it was sent and how many calls were open at once.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { buildCompletion, type RecordedRequest, type ReplyStep } from "./model-replies.js";

/**
 * How a refusal is worded. Each is the shape a kind of server really sends:
 * - `openai`: OpenAI's error object with `param` and `code: "unsupported_parameter"`, as reported
 *   for gpt-5 / o-series models (griptape-ai/ComfyUI-Griptape#312, teilomillet/gollm#33).
 * - `azure`: Azure OpenAI's "Unrecognized request argument supplied: x" with `param: null`
 *   (openai/openai-python#1724, BerriAI/litellm#8638).
 * - `fastapi`: a 422 `{"detail": [...]}` from a pydantic model that forbids extra fields, the
 *   body the openai SDK does not keep in its error.
 * - `gemini`: Google's array body, 'Unknown name "x": Cannot find field.'
 *   (hexdocom/lemonai#54, fishjar/kiss-translator#256).
 * - `text`: a proxy's plain-text 400.
 */
export type RefusalStyle = "openai" | "azure" | "fastapi" | "gemini" | "text";

/** What one request is answered with when it is not refused. */
export type Answer = ReplyStep | { status: number; body: unknown; contentType?: string };

export interface RefusingServerOptions {
  /**
   * Refused features: a body key (`max_tokens`, `temperature`), or `response_format:<type>` for
   * one type of `response_format`. The first one the request carries is named in the error.
   */
  refuses?: Record<string, RefusalStyle>;
  /** The answer to a request that is not refused; `{ content: "ok" }` by default. */
  answer?: (req: RecordedRequest) => Answer;
  /** Awaited before a request is answered, refused or not (to hold calls open). */
  hold?: (req: RecordedRequest) => Promise<void> | undefined;
}

export interface RefusingServer {
  /** Base URL ending in `/v1`. */
  readonly url: string;
  /** Every chat-completions call, in arrival order. */
  readonly requests: RecordedRequest[];
  /** The most calls that were open at the same moment. */
  readonly maxOpen: number;
  /** How many calls are open now. */
  readonly open: number;
  close(): Promise<void>;
}

function carries(body: Record<string, unknown>, feature: string): boolean {
  const [key, type] = feature.split(":");
  if (!key || !(key in body)) return false;
  return type === undefined || (body[key] as { type?: unknown } | null)?.type === type;
}

function refusal(
  param: string,
  style: RefusalStyle,
): { status: number; body: unknown; contentType?: string } {
  switch (style) {
    case "openai":
      return {
        status: 400,
        body: {
          error: {
            message: `Unsupported parameter: '${param}' is not supported with this model.`,
            type: "invalid_request_error",
            param,
            code: "unsupported_parameter",
          },
        },
      };
    case "azure":
      return {
        status: 400,
        body: {
          error: {
            message: `Unrecognized request argument supplied: ${param}`,
            type: "invalid_request_error",
            param: null,
            code: null,
          },
        },
      };
    case "fastapi":
      return {
        status: 422,
        body: {
          detail: [
            {
              type: "extra_forbidden",
              loc: ["body", param],
              msg: "Extra inputs are not permitted",
            },
          ],
        },
      };
    case "gemini":
      return {
        status: 400,
        body: [
          {
            error: {
              code: 400,
              message: `Invalid JSON payload received. Unknown name "${param}": Cannot find field.`,
              status: "INVALID_ARGUMENT",
            },
          },
        ],
      };
    case "text":
      return { status: 400, body: `unsupported parameter: ${param}`, contentType: "text/plain" };
  }
}

export async function startRefusingModelServer(
  opts: RefusingServerOptions = {},
): Promise<RefusingServer> {
  const requests: RecordedRequest[] = [];
  let open = 0;
  let maxOpen = 0;
  const server = http.createServer((req, res) => {
    open++;
    maxOpen = Math.max(maxOpen, open);
    res.once("close", () => open--);
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as RecordedRequest["body"];
      const recorded: RecordedRequest = {
        index: requests.length + 1,
        method: req.method ?? "POST",
        path: req.url ?? "/",
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      void Promise.resolve(opts.hold?.(recorded)).then(() => {
        const refused = Object.entries(opts.refuses ?? {}).find(([feature]) =>
          carries(body as unknown as Record<string, unknown>, feature),
        );
        const answer = refused
          ? refusal(refused[0].split(":")[0]!, refused[1])
          : (opts.answer?.(recorded) ?? { content: "ok" });
        if ("status" in answer && answer.status !== undefined) {
          const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body);
          res.writeHead(answer.status, {
            "content-type": answer.contentType ?? "application/json",
          });
          res.end(text);
          return;
        }
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify(buildCompletion(answer, recorded)));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    get maxOpen() {
      return maxOpen;
    },
    get open() {
      return open;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * A `fetch` that sends a request meant for `host` (an Azure or OpenAI host name) to the loopback
 * server instead, so a test sees what the client would send there without leaving the machine.
 */
export function routedTo(server: RefusingServer): typeof fetch {
  const target = new URL(server.url);
  return (input, init) => {
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    const path = url.pathname.replace(/^.*?\/v1\//, "/v1/");
    return fetch(`${target.origin}${path}${url.search}`, init);
  };
}
