// api.openai.com's chat completions: reasoning models (o-series, gpt-5) and the others, told
// apart by the model name as the real API does. Every quirk cites its source (SOURCES.md).
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import {
  bodyOf,
  openAIError,
  orphanToolMessage,
  retotal,
  wire,
  type EmulatedReply,
  type RawAnswer,
} from "./shapes.js";

const DEFAULT_REASONING_TOKENS = 192;

export function isReasoningModel(model: string): boolean {
  return /^(o\d|gpt-5)/.test(model) && !model.startsWith("gpt-5-chat");
}

/** Python's repr of a tuple of names, as OpenAI's schema errors print a context. */
function context(path: string[]): string {
  if (path.length === 1) return `('${path[0]}',)`;
  return `(${path.map((p) => `'${p}'`).join(", ")})`;
}

/** The first object of a strict schema whose `required` leaves out one of its properties. */
function missingRequired(schema: unknown, path: string[] = []): string | undefined {
  if (typeof schema !== "object" || schema === null) return undefined;
  const node = schema as Record<string, unknown>;
  const properties = (node.properties ?? {}) as Record<string, unknown>;
  const required = Array.isArray(node.required) ? (node.required as string[]) : [];
  const missing = Object.keys(properties).find((key) => !required.includes(key));
  if (missing)
    return `In context=${context(path)}, 'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
  for (const [key, sub] of Object.entries(properties)) {
    const found = missingRequired(sub, [...path, "properties", key]);
    if (found) return found;
  }
  const options = Array.isArray(node.anyOf) ? (node.anyOf as unknown[]) : [];
  for (const sub of [node.items, ...options]) {
    const found = missingRequired(sub, [...path, sub === node.items ? "items" : "anyOf"]);
    if (found) return found;
  }
  return undefined;
}

const unsupported = (param: string, message: string) =>
  openAIError(400, message, { param, code: "unsupported_parameter" });

/** What api.openai.com (and Azure OpenAI, which runs the same models) refuses, and how. */
export function openAIRefusal(req: RecordedRequest): RawAnswer | undefined {
  const body = bodyOf(req);
  const model = String(body.model);
  if (isReasoningModel(model)) {
    // https://github.com/microsoft/vscode-copilot-release/issues/8065 (o-series, gpt-5)
    if ("max_tokens" in body)
      return unsupported(
        "max_tokens",
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      );
    // https://github.com/BeehiveInnovations/pal-mcp-server/issues/78 (o3: unsupported_value)
    if (body.temperature !== undefined && body.temperature !== 1)
      return openAIError(
        400,
        `Unsupported value: 'temperature' does not support ${JSON.stringify(body.temperature)} with this model. Only the default (1) value is supported.`,
        { param: "temperature", code: "unsupported_value" },
      );
    // https://github.com/evalstate/fast-agent/issues/279 (o4-mini), o3-mini likewise
    if (/^o\d/.test(model) && "parallel_tool_calls" in body)
      return unsupported(
        "parallel_tool_calls",
        "Unsupported parameter: 'parallel_tool_calls' is not supported with this model.",
      );
  } else if ("reasoning_effort" in body) {
    // Inferred from https://github.com/BoundaryML/baml/pull/2708 (gpt-4.1, Responses API form).
    return unsupported(
      "reasoning_effort",
      "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
    );
  }
  // https://github.com/smarter-sh/smarter/issues/264
  const orphan = orphanToolMessage(req);
  if (orphan !== undefined)
    return openAIError(
      400,
      "Invalid parameter: messages with role 'tool' must be a response to a preceeding message with 'tool_calls'.",
      { param: `messages.[${orphan}].role` },
    );
  // https://github.com/vercel/ai/issues/6484 (strict schemas list every property as required)
  const format = body.response_format as
    | { type?: string; json_schema?: { name?: string; strict?: boolean; schema?: unknown } }
    | undefined;
  if (format?.type === "json_schema" && format.json_schema?.strict) {
    const problem = missingRequired(format.json_schema.schema);
    const name = format.json_schema.name ?? "response";
    if (problem)
      return openAIError(400, `Invalid schema for response_format '${name}': ${problem}`);
  }
  return undefined;
}

/** Usage as OpenAI reports it; a reasoning model's thinking counts in completion_tokens. */
export function openAIShape(
  completion: Record<string, unknown>,
  reply: EmulatedReply,
  req: RecordedRequest,
): unknown {
  const out = wire(completion);
  const body = bodyOf(req);
  if (!isReasoningModel(String(body.model)) || !out.usage) return out;
  const usage = out.usage;
  const choice = out.choices[0]!;
  let reasoning = reply.reasoningTokens ?? DEFAULT_REASONING_TOKENS;
  const cap =
    typeof body.max_completion_tokens === "number" ? body.max_completion_tokens : undefined;
  // https://community.openai.com/t/gpt-5-on-minimal-serious-anomaly-in-prediction-token-billing-and-output-delivery-failure/1344907
  // A cap the reasoning uses up leaves no visible answer: empty content, finish_reason length.
  if (cap !== undefined && reasoning >= cap) {
    reasoning = cap;
    choice.message = { role: "assistant", content: "", refusal: null };
    choice.finish_reason = "length";
    usage.completion_tokens = cap;
  } else {
    usage.completion_tokens = Number(usage.completion_tokens) + reasoning;
  }
  usage.completion_tokens_details = {
    reasoning_tokens: reasoning,
    audio_tokens: 0,
    accepted_prediction_tokens: 0,
    rejected_prediction_tokens: 0,
  };
  retotal(usage);
  return out;
}

export const OPENAI: ProviderRules = {
  name: "openai",
  basePath: "/v1",
  check: openAIRefusal,
  shape: openAIShape,
};

/** https://api.openai.com/v1 */
export function startOpenAI(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(OPENAI, opts);
}
