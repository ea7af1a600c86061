import type OpenAI from "openai";

export type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
export type ToolSpec = OpenAI.Chat.ChatCompletionFunctionTool;

/** Tokens a request used, as the provider counted them. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
  /**
   * Of `completionTokens`, those a reasoning model spent thinking, where the server says
   * (`completion_tokens_details.reasoning_tokens`): a breakdown, never counted a second time.
   */
  reasoningTokens?: number;
}

export interface ModelReply {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
  usage: Usage;
  /**
   * The reasoning a server returned beside the answer as `reasoning_content` (DeepSeek,
   * llama.cpp): DeepSeek's thinking mode refuses a later request whose tool-call turn lacks it.
   */
  reasoningContent?: string;
}

/** A fixed JSON shape a reply must take, as a strict JSON Schema (see model/structured.ts). */
export interface StructuredReply {
  /** `response_format.json_schema.name`: letters, digits, `_` and `-`. */
  name: string;
  schema: Record<string, unknown>;
}

/** One chat-completion call; the loop owns retries and journaling. */
export interface ModelPort {
  readonly model: string;
  complete(
    messages: ChatMessage[],
    tools: ToolSpec[],
    signal: AbortSignal,
    options?: {
      promptCacheKey?: string;
      /** Completion cap of this request (sent as the parameter the server accepts). */
      maxTokens?: number;
      /**
       * The reply must be JSON of this shape: asked for with `response_format` (a strict
       * `json_schema`, else `json_object`, else the prompt alone, as the server allows).
       */
      structured?: StructuredReply;
    },
  ): Promise<ModelReply>;
}
