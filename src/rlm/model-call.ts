import type { ChatMessage, ModelPort, ModelReply } from "../model/port.js";
import { isTransient, retryDelay, sleep, type RetryPolicy } from "../model/retry.js";

/** One chat completion, retried with backoff on transient errors; throws the last error. */
export async function completeWithRetry(
  model: ModelPort,
  messages: ChatMessage[],
  signal: AbortSignal,
  policy: RetryPolicy,
): Promise<ModelReply> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await model.complete(messages, [], signal);
    } catch (error) {
      if (signal.aborted || !isTransient(error) || attempt >= policy.attempts) throw error;
      await sleep(retryDelay(error, attempt, policy), signal);
    }
  }
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
