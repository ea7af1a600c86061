// One way to turn anything thrown into a sentence. Code throws Errors, but libraries and abort
// signals do not always: a run's abort reason is `{ rivumi: "timeout" }`, an HTTP client may
// reject with a plain object, a callback with a string. `String(x)` makes "[object Object]" of
// most of them, which tells a reader nothing.

/** How much of a thrown value that is not an Error is shown. */
const MAX_CHARS = 500;
/** How many `cause`s deep a description goes. */
const MAX_CAUSES = 3;

/** What the run's own abort reasons mean (see main.ts and action/signals.ts). */
const STOPS: Record<string, string> = {
  timeout: "the run reached its time limit (timeout-minutes)",
  cancelled: "the run was cancelled",
};

/**
 * A one-paragraph description of any thrown value: an Error's message (with its HTTP status and
 * its causes when they add something), a string as it is, an object's `message`, a run's abort
 * reason in words, any other object as JSON. Never "[object Object]", never empty.
 */
export function errorText(thrown: unknown): string {
  return describe(thrown, 0).trim() || "an error without a description";
}

function describe(thrown: unknown, depth: number): string {
  if (thrown === undefined || thrown === null) return `no error detail (${String(thrown)})`;
  if (typeof thrown === "string") return thrown;
  if (typeof thrown === "function") return `a function (${thrown.name || "anonymous"}) was thrown`;
  if (typeof thrown === "symbol") return thrown.toString();
  if (typeof thrown !== "object") return `${thrown as number | bigint | boolean}`;
  const stop = stopReason(thrown);
  if (stop) return stop;
  const record = thrown as Record<string, unknown>;
  const message = typeof record.message === "string" ? record.message.trim() : "";
  const name = typeof record.name === "string" ? record.name : "";
  if (message || thrown instanceof Error) {
    const head = withStatus(message || name || "an error without a message", record.status);
    return withCause(head, record.cause, depth);
  }
  return shown(thrown);
}

/** A run stopped by its own abort: `{ rivumi: "timeout" }` or `{ rivumi: "cancelled" }`. */
function stopReason(thrown: object): string | undefined {
  const reason = (thrown as { rivumi?: unknown }).rivumi;
  if (typeof reason !== "string") return undefined;
  return STOPS[reason] ?? `the run was stopped (${reason})`;
}

/** An HTTP error's status, unless its message already says it (Octokit's and openai's do not). */
function withStatus(message: string, status: unknown): string {
  if (typeof status !== "number" || !Number.isInteger(status)) return message;
  return message.includes(String(status)) ? message : `${message} (HTTP ${status})`;
}

/** A generic message ("fetch failed") is explained by its cause ("connect ECONNREFUSED …"). */
function withCause(head: string, cause: unknown, depth: number): string {
  if (cause === undefined || cause === null || depth >= MAX_CAUSES) return head;
  const why = describe(cause, depth + 1).trim();
  if (!why || head.includes(why)) return head;
  return `${head} (${why})`;
}

/** Any other object, as JSON when it can be; its constructor's name when it cannot. */
function shown(thrown: object): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(thrown);
  } catch {
    text = undefined;
  }
  const kind = thrown.constructor?.name || "object";
  if (!text || text === "{}") return `an error of type ${kind} without a message`;
  return text.length > MAX_CHARS ? `${text.slice(0, MAX_CHARS)}…` : text;
}
