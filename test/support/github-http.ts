/** Small HTTP pieces of the fake GitHub: errors, results, pagination, and the wire. */
import type { IncomingMessage, ServerResponse } from "node:http";

const DOCS = "https://docs.github.com/rest";

/** A refusal answered the way GitHub words it: `{ message, errors?, documentation_url, status }`. */
export class HttpError extends Error {
  readonly errors: unknown[] | undefined;
  readonly headers: Record<string, string>;
  /** Set when GitHub refuses this whatever the state: the server records it as a violation. */
  readonly violation: boolean;

  constructor(
    readonly status: number,
    message: string,
    opts: { errors?: unknown[]; headers?: Record<string, string>; violation?: boolean } = {},
  ) {
    super(message);
    this.errors = opts.errors;
    this.headers = opts.headers ?? {};
    this.violation = opts.violation ?? false;
  }
}

export const notFound = (): HttpError => new HttpError(404, "Not Found");

/** GitHub's longest comment, review and pull-request body, in characters. */
export const MAX_BODY = 65_536;

/** Refuses a body over GitHub's limit (a rule the description does not carry). */
export function checkBodyLength(body: string | undefined | null, resource: string): void {
  if (body == null || body.length <= MAX_BODY || [...body].length <= MAX_BODY) return;
  throw new HttpError(422, "Validation Failed", {
    errors: [
      {
        resource,
        code: "custom",
        field: "body",
        message: `body is too long (maximum is ${MAX_BODY} characters)`,
      },
    ],
    violation: true,
  });
}

/** 422 "Unprocessable Entity" with plain-string errors, as the review endpoints answer. */
export function unprocessable(...errors: string[]): HttpError {
  return new HttpError(422, "Unprocessable Entity", { errors });
}

export interface RouteResult {
  status: number;
  /** JSON body; omitted for 204 and redirects. */
  json?: unknown;
  /** Plain body, sent as is with `contentType`. */
  text?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export const ok = (json: unknown, status = 200): RouteResult => ({ status, json });

/**
 * One page of `items` by `per_page` (default 30, max 100) and `page`, with GitHub's `Link`
 * header (first/prev/next/last) built on the request's own URL.
 */
export function paginate<T>(
  items: readonly T[],
  requestUrl: URL,
): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Math.max(Number(requestUrl.searchParams.get("per_page") ?? 30), 1), 100);
  const page = Math.max(Number(requestUrl.searchParams.get("page") ?? 1), 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const link = (n: number, rel: string): string => {
    const url = new URL(requestUrl);
    url.searchParams.set("page", String(n));
    return `<${url.href}>; rel="${rel}"`;
  };
  const links: string[] = [];
  if (page > 1) links.push(link(Math.min(page - 1, last), "prev"));
  if (page < last) links.push(link(page + 1, "next"), link(last, "last"));
  if (page > 1) links.push(link(1, "first"));
  return {
    page: items.slice((page - 1) * perPage, page * perPage),
    headers: links.length > 0 ? { link: links.join(", ") } : {},
  };
}

/** `ok()` for a paginated list. */
export function okPage<T>(items: readonly T[], requestUrl: URL): RouteResult {
  const { page, headers } = paginate(items, requestUrl);
  return { status: 200, json: page, headers };
}

/** GitHub's error body: `{ message, documentation_url, status }`. */
export function errorBody(status: number, message: string): Record<string, unknown> {
  return { message, documentation_url: DOCS, status: String(status) };
}

/** Writes a result with the headers every GitHub answer carries. */
export function send(res: ServerResponse, result: RouteResult): void {
  const headers: Record<string, string> = {
    "x-github-request-id": `FAKE:${Math.random().toString(16).slice(2, 10).toUpperCase()}`,
    "x-github-api-version-selected": "2022-11-28",
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "4999",
    "x-ratelimit-used": "1",
    "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
    "x-ratelimit-resource": "core",
    ...result.headers,
  };
  let payload = "";
  if (result.text !== undefined) {
    payload = result.text;
    headers["content-type"] = result.contentType ?? "text/plain; charset=utf-8";
  } else if (result.json !== undefined) {
    payload = JSON.stringify(result.json);
    headers["content-type"] = "application/json; charset=utf-8";
  }
  res.writeHead(result.status, headers);
  res.end(payload);
}

export async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}
