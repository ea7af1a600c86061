// The action's HTTP transport for GitHub's API and the model: `fetch` over Node's own http client.
// Node's `fetch` sets up undici's dispatcher and compiles its WebAssembly HTTP parser at the first
// request, and costs a few ms more per request than `http.request`; a review's first model request
// comes after four GitHub requests, all on the critical path (#28). undici's classes still load
// (`Headers` and `Response` here, and the openai SDK builds its headers with them), but not its
// connection machinery: the start-up's first model request came 30 ms sooner.
import type { ClientRequest, IncomingMessage, RequestOptions } from "node:http";
import { createRequire } from "node:module";
import { brotliDecompress, gunzip, inflate } from "node:zlib";

// Required, not imported: importing `node:http` as an ES module reads every export, and its lazy
// WebSocket exports load all of undici (40 ms), even for a run that makes no request.
const require = createRequire(import.meta.url);
const { request: httpRequest } = require("node:http") as typeof import("node:http");
/** Loaded at the first https request: TLS is not needed before then, nor on loopback. */
let https: typeof import("node:https") | undefined;

function open(
  url: URL,
  options: RequestOptions,
  onAnswer: (message: IncomingMessage) => void,
): ClientRequest {
  if (url.protocol !== "https:") return httpRequest(url, options, onAnswer);
  https ??= require("node:https") as typeof import("node:https");
  return https.request(url, options, onAnswer);
}

/** As many redirects as `fetch` follows. */
const MAX_REDIRECTS = 20;
/** Statuses whose answer has no body, whatever the server sent. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
/** What `fetch` asks for and decodes. */
const ACCEPT_ENCODING = "gzip, deflate, br";
const DECODERS: Record<string, (buf: Buffer, cb: (e: Error | null, out: Buffer) => void) => void> =
  { gzip: gunzip, "x-gzip": gunzip, deflate: inflate, br: brotliDecompress };

type Body = string | Uint8Array | ArrayBuffer;

/**
 * `fetch` for the requests the action makes: a URL (string or URL), a method, headers, a body of
 * text or bytes, a signal, redirects followed. The answer is read whole before it resolves, as
 * both clients read it. It keeps `fetch`'s contract where callers rely on it: an abort rejects
 * with the signal's reason, a network failure with `TypeError("fetch failed")` and the cause,
 * redirects follow `fetch`'s rules, and gzip, deflate and br bodies are decoded. A call it does
 * not cover (a `Request`, a streamed or form body, a redirect mode other than "follow") goes to
 * the platform's `fetch`.
 */
export const httpFetch: typeof fetch = (input, init = {}) => {
  const url = input instanceof URL ? input : typeof input === "string" ? input : undefined;
  const body = init.body ?? undefined;
  const plainBody =
    body === undefined ||
    typeof body === "string" ||
    body instanceof Uint8Array ||
    body instanceof ArrayBuffer;
  if (url === undefined || !plainBody || (init.redirect ?? "follow") !== "follow")
    return fetch(input, init);
  const headers = new Headers(init.headers);
  if (!headers.has("accept-encoding")) headers.set("accept-encoding", ACCEPT_ENCODING);
  return send(new URL(url), (init.method ?? "GET").toUpperCase(), headers, body, init.signal);
};

async function send(
  url: URL,
  method: string,
  headers: Headers,
  body: Body | undefined,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  for (let redirects = 0; ; redirects++) {
    const res = await exchange(url, method, headers, body, signal);
    const location = res.status >= 300 && res.status < 400 && res.headers.get("location");
    if (!location || ![301, 302, 303, 307, 308].includes(res.status)) {
      return answer(res, url, method, redirects > 0, signal);
    }
    res.message.resume();
    if (redirects === MAX_REDIRECTS)
      throw new TypeError("fetch failed", { cause: "redirect count exceeded" });
    const next = new URL(location, url);
    // As fetch does: a 303, or a 301/302 answering a POST, becomes a GET without its body; a
    // request that leaves for another origin loses its credentials.
    if (
      res.status === 303
        ? method !== "HEAD"
        : res.status !== 307 && res.status !== 308 && method === "POST"
    ) {
      method = "GET";
      body = undefined;
      for (const name of [
        "content-type",
        "content-length",
        "content-encoding",
        "content-language",
        "content-location",
      ])
        headers.delete(name);
    }
    if (next.origin !== url.origin) {
      for (const name of ["authorization", "cookie", "proxy-authorization", "host"])
        headers.delete(name);
    }
    url = next;
  }
}

interface Exchange {
  status: number;
  statusText: string;
  headers: Headers;
  message: IncomingMessage;
}

/** One request and the head of its answer; rejects as `fetch` does. */
function exchange(
  url: URL,
  method: string,
  headers: Headers,
  body: Body | undefined,
  signal: AbortSignal | null | undefined,
): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(reasonOf(signal));
    const bytes =
      body === undefined
        ? undefined
        : typeof body === "string"
          ? Buffer.from(body)
          : Buffer.from(body instanceof ArrayBuffer ? new Uint8Array(body) : body);
    const out: Record<string, string> = Object.fromEntries(headers);
    if (bytes !== undefined) out["content-length"] = String(bytes.length);
    else if (method === "POST" || method === "PUT" || method === "PATCH")
      out["content-length"] = "0";
    const options: RequestOptions = { method, headers: out };
    const onAbort = () => {
      req.destroy();
      reject(reasonOf(signal!));
    };
    const req = open(url, options, (message) => {
      signal?.removeEventListener("abort", onAbort);
      const h = new Headers();
      const raw = message.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) h.append(raw[i]!, raw[i + 1]!);
      resolve({
        status: message.statusCode ?? 0,
        statusText: message.statusMessage ?? "",
        headers: h,
        message,
      });
    });
    signal?.addEventListener("abort", onAbort, { once: true });
    req.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? reasonOf(signal) : new TypeError("fetch failed", { cause: error }));
    });
    req.end(bytes);
  });
}

/** The answer read whole and decoded, as a `Response` that names the URL it came from. */
async function answer(
  res: Exchange,
  url: URL,
  method: string,
  redirected: boolean,
  signal: AbortSignal | null | undefined,
): Promise<Response> {
  const raw = await readAll(res.message, signal);
  const nullBody = method === "HEAD" || NULL_BODY.has(res.status);
  const encoding = res.headers.get("content-encoding")?.trim().toLowerCase();
  const decode = encoding ? DECODERS[encoding] : undefined;
  const body = nullBody ? null : decode && raw.length > 0 ? await decoded(decode, raw) : raw;
  const response = new Response(body, {
    status: res.status,
    statusText: res.statusText,
    headers: res.headers,
  });
  Object.defineProperty(response, "url", { value: url.href });
  if (redirected) Object.defineProperty(response, "redirected", { value: true });
  return response;
}

function readAll(
  message: IncomingMessage,
  signal: AbortSignal | null | undefined,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      message.destroy();
      return reject(reasonOf(signal));
    }
    const chunks: Buffer[] = [];
    const onAbort = () => {
      message.destroy();
      reject(reasonOf(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    message.on("data", (chunk: Buffer) => chunks.push(chunk));
    message.on("end", () => {
      signal?.removeEventListener("abort", onAbort);
      resolve(Buffer.concat(chunks));
    });
    message.on("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      reject(signal?.aborted ? reasonOf(signal) : new TypeError("fetch failed", { cause: error }));
    });
  });
}

function decoded(
  decode: (buf: Buffer, cb: (e: Error | null, out: Buffer) => void) => void,
  raw: Buffer,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    decode(raw, (error, out) =>
      error ? reject(new TypeError("fetch failed", { cause: error })) : resolve(out),
    ),
  );
}

/** What `fetch` rejects with on an abort: the signal's reason itself (a DOMException unless given). */
function reasonOf(signal: AbortSignal): Error {
  return signal.reason as Error;
}
