import type OpenAI from "openai";

export type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
export type ToolSpec = OpenAI.Chat.ChatCompletionFunctionTool;

/** Tokens a request used, as the provider counted them. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
  cachedTokens: number;
}

export interface ModelReply {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
  usage: Usage;
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
      /** Completion cap of this request (`max_tokens`). */
      maxTokens?: number;
    },
  ): Promise<ModelReply>;
}
