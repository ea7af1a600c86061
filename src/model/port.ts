import type OpenAI from "openai";

export type ChatMessage = OpenAI.Chat.ChatCompletionMessageParam;
export type ToolSpec = OpenAI.Chat.ChatCompletionFunctionTool;

export interface ModelReply {
  content: string;
  toolCalls: { id: string; name: string; arguments: string }[];
  finishReason: string;
  usage: { promptTokens: number; completionTokens: number; cachedTokens: number };
}

/** One chat-completion call; the loop owns retries and journaling. */
export interface ModelPort {
  readonly model: string;
  complete(
    messages: ChatMessage[],
    tools: ToolSpec[],
    signal: AbortSignal,
    options?: { promptCacheKey?: string },
  ): Promise<ModelReply>;
}
