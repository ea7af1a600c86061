// The body of a failed response as the server wrote it. The openai SDK keeps only a JSON body's
// `error` member: a FastAPI `{"detail": [...]}` (vLLM, Mistral) or Gemini's `[{"error": ...}]`
// comes out of it as "422 status code (no body)", with the name of the refused parameter lost.

/** Keyed by the response's headers, which the SDK hands to the error it builds, unchanged. */
const bodies = new WeakMap<object, string>();

/** Longest body kept: an error page is not worth more. */
const MAX_CHARS = 64 * 1024;

/** Statuses whose body may name a parameter the server refuses. */
const KEPT_STATUSES = new Set([400, 422]);

/** A `fetch` for the SDK that keeps the text of every 400 and 422 answer beside its headers. */
export function fetchKeepingErrorBodies(base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const res = await base(input, init);
    if (KEPT_STATUSES.has(res.status)) {
      const text = await res
        .clone()
        .text()
        .catch(() => "");
      bodies.set(res.headers, text.slice(0, MAX_CHARS));
    }
    return res;
  };
}

/**
 * An error's message on one line, cut short; where the SDK found no `error` member in the body
 * ("422 status code (no body)"), the body as the server wrote it.
 */
export function apiErrorText(error: unknown, max = 300): string {
  const message = error instanceof Error ? error.message : String(error);
  const body = message.endsWith("status code (no body)") ? errorBodyOf(error) : undefined;
  const status = (error as { status?: unknown } | null)?.status;
  const text = body?.trim() ? `${String(status)} ${body}` : message;
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max)}…` : line;
}

/** The kept body of an SDK error, if its response was a kept one. */
export function errorBodyOf(error: unknown): string | undefined {
  const headers = (error as { headers?: unknown } | null)?.headers;
  return typeof headers === "object" && headers !== null ? bodies.get(headers) : undefined;
}
