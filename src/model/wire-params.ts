// The negotiable part of a request body: what the caller wants, less what the endpoint refused.
// Each parameter is a "feature" with an id; the run learns, per endpoint, which ids were
// accepted and which refused. A refused cap name gives way to the other name, a refused
// `json_schema` to `json_object` and that to the prompt alone; the rest are left out.
import { otherTokenLimitParam, type ReasoningEffort, type TokenLimitParam } from "./endpoint.js";
import type { StructuredReply } from "./port.js";
import type { NegotiableParam } from "./refusal.js";

/** What one request asks for, before the endpoint's refusals are applied. */
export interface WireWants {
  /** Completion cap, sent as the cap name the endpoint takes. */
  maxTokens?: number | undefined;
  structured?: StructuredReply | undefined;
  promptCacheKey?: string | undefined;
  reasoningEffort?: ReasoningEffort | undefined;
  /** The request has tools: `tool_choice: "auto"` goes with them. */
  tools: boolean;
  temperature?: number | undefined;
  parallelToolCalls?: boolean | undefined;
}

/** One negotiable parameter as sent: `id` tells variants apart (`response_format:json_object`). */
export interface Feature {
  id: string;
  param: NegotiableParam;
}

export interface WireParams {
  params: Record<string, unknown>;
  features: Feature[];
}

const FORMATS = ["json_schema", "json_object"] as const;

/** Both cap names were refused: no request with a cap can be sent to this endpoint. */
export class CapRefusedError extends Error {
  override readonly name = "CapRefusedError";
}

/**
 * The parameters to send. Throws CapRefusedError when a cap is wanted and the endpoint refused
 * both of its names: sending none would let a request spend past what the budget reserved.
 */
export function wireParams(
  wants: WireWants,
  prefer: TokenLimitParam,
  refused: ReadonlySet<string>,
): WireParams {
  const params: Record<string, unknown> = {};
  const features: Feature[] = [];
  const add = (param: NegotiableParam, value: unknown, id: string = param) => {
    params[param] = value;
    features.push({ id, param });
  };
  if (wants.maxTokens !== undefined) {
    const name = [prefer, otherTokenLimitParam(prefer)].find((p) => !refused.has(p));
    if (!name)
      throw new CapRefusedError(
        "the endpoint refuses both max_completion_tokens and max_tokens, so no completion cap can be sent",
      );
    add(name, wants.maxTokens);
  }
  if (wants.structured) {
    const format = FORMATS.find((f) => !refused.has(`response_format:${f}`));
    if (format === "json_schema") {
      const { name, schema } = wants.structured;
      const value = { type: format, json_schema: { name, schema, strict: true } };
      add("response_format", value, `response_format:${format}`);
    } else if (format === "json_object")
      add("response_format", { type: format }, `response_format:${format}`);
  }
  const optional: [NegotiableParam, unknown][] = [
    ["tool_choice", wants.tools ? "auto" : undefined],
    ["prompt_cache_key", wants.promptCacheKey || undefined],
    ["reasoning_effort", wants.reasoningEffort],
    ["temperature", wants.temperature],
    ["parallel_tool_calls", wants.parallelToolCalls],
  ];
  for (const [param, value] of optional)
    if (value !== undefined && !refused.has(param)) add(param, value);
  return { params, features };
}

/** What is sent in place of a refused feature, for the journal: a name, or "nothing". */
export function replacementOf(feature: Feature, refused: ReadonlySet<string>): string {
  if (feature.param === "max_tokens" || feature.param === "max_completion_tokens") {
    const other = otherTokenLimitParam(feature.param);
    return refused.has(other) ? "nothing: both cap names are refused" : other;
  }
  if (feature.param === "response_format") {
    const next = FORMATS.find((f) => !refused.has(`response_format:${f}`));
    return next ? `response_format ${next}` : "nothing: the prompt alone asks for JSON";
  }
  return "nothing";
}

/** How a feature reads in the journal: `response_format json_schema`, `max_tokens`. */
export function describeFeature(feature: Feature): string {
  return feature.id.replace(":", " ");
}
