// Step types of the scripted model server and the OpenAI-shaped bodies built from them.
import type { IncomingHttpHeaders } from "node:http";
import type {
  ChatCompletion,
  ChatCompletionChunk,
  ChatCompletionCreateParams,
  ChatCompletionMessageFunctionToolCall,
} from "openai/resources/chat/completions";
import type { CompletionUsage } from "openai/resources/completions";

/** One call to `POST /v1/chat/completions`, as the server received it. */
export interface RecordedRequest {
  /** 1-based call number, counting every chat-completions call. */
  index: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: ChatCompletionCreateParams;
}

export type FinishReason = ChatCompletion.Choice["finish_reason"];

export interface ToolCallSpec {
  name: string;
  /** An object is sent as JSON; a string is sent verbatim (malformed JSON included). */
  arguments: object | string;
  id?: string;
}

export interface UsageSpec {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens?: number;
  prompt_tokens_details?: { cached_tokens: number };
  /** A reasoning model's breakdown of its completion tokens. */
  completion_tokens_details?: { reasoning_tokens?: number };
}

interface StepHooks {
  /** Wait this long before answering. */
  delayMs?: number;
  /** Throw to reject the request: the call is answered 500 and recorded in `errors`. */
  expect?: (req: RecordedRequest) => void;
}

/** A successful answer: text and/or tool calls. */
export interface ReplyStep extends StepHooks {
  content?: string | null;
  toolCalls?: ToolCallSpec[];
  /** Defaults to a rough count from the request and answer sizes. */
  usage?: UsageSpec;
  /** Defaults to "tool_calls" when there are tool calls, else "stop". */
  finishReason?: FinishReason;
  /** Defaults to the model the request named. */
  model?: string;
  status?: never;
  hang?: never;
}

/** An error answer in OpenAI's error shape. */
export interface ErrorStep extends StepHooks {
  status: number;
  error?: string;
  type?: string;
  code?: string | null;
  /** `retry-after-ms: 1` is sent unless overridden, so client retries stay fast. */
  headers?: Record<string, string>;
  hang?: never;
}

/** Never answer, until the client disconnects or the server closes. */
export interface HangStep extends StepHooks {
  hang: true;
  status?: never;
}

export type StaticStep = ReplyStep | ErrorStep | HangStep;
export type StepFn = (req: RecordedRequest) => StaticStep | Promise<StaticStep>;
export type Step = StaticStep | StepFn;

export interface ErrorPayload {
  error: { message: string; type: string; param: null; code: string | null };
}

export function errorPayload(step: ErrorStep): ErrorPayload {
  const rateLimited = step.status === 429;
  const type =
    step.type ??
    (rateLimited ? "requests" : step.status >= 500 ? "server_error" : "invalid_request_error");
  const code = step.code !== undefined ? step.code : rateLimited ? "rate_limit_exceeded" : null;
  const message = step.error ?? `scripted error ${step.status}`;
  return { error: { message, type, param: null, code } };
}

function toolCallsOf(step: ReplyStep, call: number): ChatCompletionMessageFunctionToolCall[] {
  return (step.toolCalls ?? []).map((spec, i) => ({
    id: spec.id ?? `call_${call}_${i}`,
    type: "function",
    function: {
      name: spec.name,
      arguments:
        typeof spec.arguments === "string" ? spec.arguments : JSON.stringify(spec.arguments),
    },
  }));
}

function usageOf(
  step: ReplyStep,
  req: RecordedRequest,
  toolCalls: ChatCompletionMessageFunctionToolCall[],
): CompletionUsage {
  if (step.usage) {
    const { prompt_tokens, completion_tokens } = step.usage;
    return { total_tokens: prompt_tokens + completion_tokens, ...step.usage };
  }
  // About four characters per token: close enough for budget and accounting tests.
  const asked = JSON.stringify({ messages: req.body.messages, tools: req.body.tools }).length;
  const answered =
    (step.content ?? "").length +
    toolCalls.reduce((n, t) => n + t.function.name.length + t.function.arguments.length, 0);
  const prompt_tokens = Math.ceil(asked / 4);
  const completion_tokens = Math.max(1, Math.ceil(answered / 4));
  return {
    prompt_tokens,
    completion_tokens,
    total_tokens: prompt_tokens + completion_tokens,
    prompt_tokens_details: { cached_tokens: 0 },
  };
}

function shapeOf(step: ReplyStep, req: RecordedRequest) {
  const toolCalls = toolCallsOf(step, req.index);
  return {
    id: `chatcmpl-scripted-${req.index}`,
    created: Math.floor(Date.now() / 1000),
    model: step.model ?? req.body.model ?? "scripted-model",
    content: step.content !== undefined ? step.content : toolCalls.length ? null : "",
    toolCalls,
    finishReason: step.finishReason ?? (toolCalls.length ? "tool_calls" : "stop"),
    usage: usageOf(step, req, toolCalls),
  };
}

export function buildCompletion(step: ReplyStep, req: RecordedRequest): ChatCompletion {
  const s = shapeOf(step, req);
  const message: ChatCompletion.Choice["message"] = {
    role: "assistant",
    content: s.content,
    refusal: null,
  };
  if (s.toolCalls.length) message.tool_calls = s.toolCalls;
  return {
    id: s.id,
    object: "chat.completion",
    created: s.created,
    model: s.model,
    choices: [{ index: 0, message, finish_reason: s.finishReason, logprobs: null }],
    usage: s.usage,
  };
}

/** Cut text into at most `parts` non-empty pieces, without splitting a code point. */
function pieces(text: string, parts: number): string[] {
  const chars = Array.from(text);
  const size = Math.max(1, Math.ceil(chars.length / parts));
  const out: string[] = [];
  for (let i = 0; i < chars.length; i += size) out.push(chars.slice(i, i + size).join(""));
  return out;
}

/** The chunks a streamed answer is made of, as OpenAI sends them. */
export function buildChunks(step: ReplyStep, req: RecordedRequest): ChatCompletionChunk[] {
  const s = shapeOf(step, req);
  const chunk = (
    delta: ChatCompletionChunk.Choice.Delta,
    finish_reason: FinishReason | null = null,
  ): ChatCompletionChunk => ({
    id: s.id,
    object: "chat.completion.chunk",
    created: s.created,
    model: s.model,
    choices: [{ index: 0, delta, finish_reason, logprobs: null }],
  });
  const chunks = [chunk({ role: "assistant", content: s.content === null ? null : "" })];
  for (const text of pieces(s.content ?? "", 3)) chunks.push(chunk({ content: text }));
  s.toolCalls.forEach((call, index) => {
    const { name, arguments: args } = call.function;
    const head = { index, id: call.id, type: "function" as const };
    chunks.push(chunk({ tool_calls: [{ ...head, function: { name, arguments: "" } }] }));
    for (const part of pieces(args, 2)) {
      chunks.push(chunk({ tool_calls: [{ index, function: { arguments: part } }] }));
    }
  });
  chunks.push(chunk({}, s.finishReason));
  if (req.body.stream_options?.include_usage) {
    chunks.push({ ...chunk({}), choices: [], usage: s.usage });
  }
  return chunks;
}
