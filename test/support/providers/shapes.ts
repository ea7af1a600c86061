// The vocabulary the provider emulators share: script steps, raw answers, the wire shape of a
// completion and the checks several providers make the same way. See test/providers/SOURCES.md.
import type { RecordedRequest, ReplyStep, StaticStep } from "../model-replies.js";

/** An HTTP answer sent exactly as given: a string body is sent verbatim (text/plain by default). */
export interface RawAnswer {
  status: number;
  body: unknown;
  contentType?: string;
}

export interface EmulatedReply extends ReplyStep {
  /** The model's reasoning text, sent in the field the provider uses for it. */
  reasoning?: string;
  /** Completion tokens spent reasoning (a reasoning model's default when left out). */
  reasoningTokens?: number;
}

export type StaticEmulatorStep = EmulatedReply | StaticStep | { raw: RawAnswer };
export type EmulatorStep =
  StaticEmulatorStep | ((req: RecordedRequest) => StaticEmulatorStep | Promise<StaticEmulatorStep>);

export interface WireToolCall {
  id: unknown;
  type: string;
  function: { name: string; arguments: unknown };
  [key: string]: unknown;
}

export interface WireMessage {
  role: string;
  content: string | null;
  tool_calls?: WireToolCall[];
  [key: string]: unknown;
}

export interface WireCompletion {
  id: unknown;
  choices: { message: WireMessage; finish_reason: unknown; [key: string]: unknown }[];
  usage?: Record<string, unknown> | null;
  [key: string]: unknown;
}

/** The completion the core built, as the plain JSON object it is. */
export function wire(completion: Record<string, unknown>): WireCompletion {
  return completion as unknown as WireCompletion;
}

/** The request body as plain JSON, for the fields the SDK's types do not know. */
export function bodyOf(req: RecordedRequest): Record<string, unknown> {
  return req.body as unknown as Record<string, unknown>;
}

export function messagesOf(req: RecordedRequest): Record<string, unknown>[] {
  const messages = bodyOf(req).messages;
  return Array.isArray(messages) ? (messages as Record<string, unknown>[]) : [];
}

/** OpenAI's error envelope, which many compatible servers copy (with their own type and code). */
export function openAIError(
  status: number,
  message: string,
  extra: { type?: string; param?: string | null; code?: string | number | null } = {},
): RawAnswer {
  const error = {
    message,
    type: extra.type ?? "invalid_request_error",
    param: extra.param ?? null,
    code: extra.code ?? null,
  };
  return { status, body: { error } };
}

/** Top-level request fields outside `allowed`, in the order sent. */
export function unknownFields(req: RecordedRequest, allowed: ReadonlySet<string>): string[] {
  return Object.keys(bodyOf(req)).filter((key) => !allowed.has(key));
}

/**
 * The index of the first `tool` message that answers no call of the assistant turn before it:
 * OpenAI-style servers refuse such a conversation.
 */
export function orphanToolMessage(req: RecordedRequest): number | undefined {
  const messages = messagesOf(req);
  let open = new Set<unknown>();
  for (const [index, message] of messages.entries()) {
    if (message.role === "assistant") {
      const calls = Array.isArray(message.tool_calls) ? (message.tool_calls as WireToolCall[]) : [];
      open = new Set(calls.map((c) => c.id));
    } else if (message.role === "tool") {
      if (!open.has(message.tool_call_id)) return index;
    } else {
      open = new Set();
    }
  }
  return undefined;
}

/** A completion's total, kept consistent after a provider changed its parts. */
export function retotal(usage: Record<string, unknown>): void {
  usage.total_tokens = Number(usage.prompt_tokens ?? 0) + Number(usage.completion_tokens ?? 0);
}
