// Whether a failed request was refused for carrying a parameter the server does not take, and
// which one. Servers say so in many shapes: OpenAI's `error.param` and `code`, Azure's
// "Unrecognized request argument supplied: x", FastAPI's `detail[].loc` (vLLM, Mistral),
// Gemini's 'Unknown name "x"', a proxy's plain text. Only a 400 or 422 that names a parameter the
// request carried, beside words of refusal, counts: anything else is an ordinary error.
import { errorBodyOf } from "./error-body.js";

/** The parameters a request may carry that some servers refuse. */
export const NEGOTIABLE_PARAMS = [
  "max_tokens",
  "max_completion_tokens",
  "temperature",
  "tool_choice",
  "parallel_tool_calls",
  "prompt_cache_key",
  "response_format",
  "reasoning_effort",
] as const;
export type NegotiableParam = (typeof NEGOTIABLE_PARAMS)[number];

const REFUSAL_STATUSES = new Set([400, 422]);

/** Words that say a parameter (or its value) is not taken, as opposed to badly set. */
const REFUSAL =
  /\b(?:unsupported|not supported|(?:does not|doesn't|do not|cannot) support|unrecogni[sz]ed|unknown|extra|not permitted|additional propert(?:y|ies)|was unexpected)\b/i;

/** A sentence or clause: refusal words count only beside the name they are about. */
const SENTENCES = /(?<=[.!?])\s+|[\n;]+/;

/** Nested JSON in a message ("Error from provider: {...}") is read too, this deep. */
const MAX_DEPTH = 4;

function names(text: string, param: string): boolean {
  return new RegExp(`(?<![A-Za-z0-9_])${param}(?![A-Za-z0-9_])`).test(text);
}

/** "Use 'max_completion_tokens' instead": the name of the way out, not of what was refused. */
function suggested(text: string, param: string): boolean {
  const q = "[`'\"]?";
  return (
    new RegExp(`\\b(?:use|try|set)\\s+${q}${param}(?![A-Za-z0-9_])`, "i").test(text) ||
    new RegExp(`(?<![A-Za-z0-9_])${param}${q}\\s+instead\\b(?!\\s+of)`, "i").test(text)
  );
}

/** A structured field (`param`, a `loc` entry) that names `param` or a part of it. */
function fieldNames(field: unknown, param: string): boolean {
  if (typeof field !== "string") return false;
  return field === param || field.startsWith(`${param}.`) || field.startsWith(`${param}[`);
}

function refusingSentences(text: string, carried: readonly NegotiableParam[], out: Set<string>) {
  for (const sentence of text.split(SENTENCES)) {
    if (!REFUSAL.test(sentence)) continue;
    for (const p of carried) if (names(sentence, p) && !suggested(sentence, p)) out.add(p);
  }
}

function parseJson(text: string): unknown {
  const t = text.trim();
  if (!t.startsWith("{") && !t.startsWith("[")) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

function words(value: unknown): string {
  return typeof value === "string" ? value.replace(/_/g, " ") : "";
}

function walk(node: unknown, carried: readonly NegotiableParam[], out: Set<string>, depth: number) {
  if (depth > MAX_DEPTH) return;
  if (typeof node === "string") {
    const nested = parseJson(node);
    if (nested !== undefined) walk(nested, carried, out, depth + 1);
    else refusingSentences(node, carried, out);
    return;
  }
  if (Array.isArray(node)) {
    for (const item of node) walk(item, carried, out, depth + 1);
    return;
  }
  if (typeof node !== "object" || node === null) return;
  const record = node as Record<string, unknown>;
  // OpenAI's shape: `param` names the parameter, `code` ("unsupported_parameter") says why.
  if (REFUSAL.test(words(record.code)))
    for (const p of carried) if (fieldNames(record.param, p)) out.add(p);
  // FastAPI's: `loc` ends with the field, `type`/`msg` ("extra_forbidden") say why.
  if (Array.isArray(record.loc) && REFUSAL.test(`${words(record.type)} ${words(record.msg)}`))
    for (const p of carried) if (record.loc.some((field) => fieldNames(field, p))) out.add(p);
  for (const value of Object.values(record)) walk(value, carried, out, depth + 1);
}

/**
 * The parameters among `carried` that the failed request was refused for; empty when the error
 * is not such a refusal (another status, another reason, a parameter the request did not carry).
 */
export function refusedParams(
  error: unknown,
  carried: readonly NegotiableParam[],
): NegotiableParam[] {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || !REFUSAL_STATUSES.has(status) || carried.length === 0)
    return [];
  const out = new Set<string>();
  const raw = errorBodyOf(error);
  if (raw !== undefined && raw.trim() !== "") walk(raw, carried, out, 0);
  else {
    // An error built without a kept body: what the SDK parsed, and its message.
    walk((error as { error?: unknown }).error, carried, out, 0);
    walk((error as { message?: unknown }).message, carried, out, 0);
  }
  return carried.filter((p) => out.has(p));
}
