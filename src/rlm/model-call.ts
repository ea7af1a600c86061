import type { ChatMessage, ModelPort, ModelReply } from "../model/port.js";
import { callWithRetry, type RetryPolicy } from "../model/retry.js";

/** One chat completion, retried with backoff on transient errors; throws the last error. */
export async function completeWithRetry(
  model: ModelPort,
  messages: ChatMessage[],
  signal: AbortSignal,
  policy: RetryPolicy,
): Promise<ModelReply> {
  return callWithRetry(() => model.complete(messages, [], signal), { policy, signal });
}

/** Characters of message text: how big a request is, whatever the tokenizer. */
export function promptChars(messages: ChatMessage[]): number {
  let n = 0;
  for (const m of messages) {
    const c = m.content;
    n += typeof c === "string" ? c.length : JSON.stringify(c ?? "").length;
  }
  return n;
}
