import { errorText } from "../util/error-text.js";
import OpenAI from "openai";
import { apiErrorText } from "./error-body.js";

export interface RetryPolicy {
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 1000, maxDelayMs: 30_000 };

/** Rate limits, server errors, timeouts and dropped connections are worth another try. */
export function isTransient(error: unknown): boolean {
  if (error instanceof OpenAI.APIUserAbortError) return false;
  if (error instanceof OpenAI.APIConnectionError) return true;
  if (error instanceof OpenAI.APIError) {
    const s = (error as { status?: number }).status ?? 0;
    return s === 408 || s === 409 || s === 429 || s >= 500;
  }
  return false;
}

/** The server's own retry hint (`retry-after-ms`, `retry-after`), if it gave one. */
function hintedDelay(error: unknown): number | undefined {
  if (!(error instanceof OpenAI.APIError)) return undefined;
  const headers = (error as { headers?: Headers }).headers;
  const ms = headers?.get("retry-after-ms");
  if (ms && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Number(ms);
  const s = headers?.get("retry-after");
  if (s && Number.isFinite(Number(s)) && Number(s) >= 0) return Number(s) * 1000;
  return undefined;
}

function retryDelay(error: unknown, attempt: number, policy: RetryPolicy): number {
  const hinted = hintedDelay(error);
  if (hinted !== undefined) return Math.min(hinted, policy.maxDelayMs);
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, exp / 2 + Math.random() * (exp / 2));
}

export interface RetryOptions {
  policy: RetryPolicy;
  /** Stops the waiting between attempts; an aborted signal is never retried. */
  signal: AbortSignal;
  /** Told before each attempt is sent, outside the retry: where a caller journals the request. */
  onAttempt?: (attempt: number) => void;
  /**
   * Told of each failed attempt before the wait, and whether another attempt follows: where a
   * caller journals a failure or counts what a failed request was billed.
   */
  onFailure?: (failure: { error: unknown; attempt: number; willRetry: boolean }) => void;
}

/**
 * Sends one model request (`send`, given the attempt number from 1) and sends it again after a
 * backoff while it fails transiently, at most `policy.attempts` times; throws the last error, or
 * the signal's reason when it aborts during a wait.
 */
export async function callWithRetry<T>(
  send: (attempt: number) => Promise<T>,
  { policy, signal, onAttempt, onFailure }: RetryOptions,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    onAttempt?.(attempt);
    try {
      return await send(attempt);
    } catch (error) {
      const willRetry = !signal.aborted && isTransient(error) && attempt < policy.attempts;
      onFailure?.({ error, attempt, willRetry });
      if (!willRetry) throw error;
      await sleep(retryDelay(error, attempt, policy), signal);
    }
  }
}

export function describeError(error: unknown): { message: string; status?: number } {
  if (error instanceof OpenAI.APIError) {
    const status = (error as { status?: number }).status;
    // The SDK reads only a body's `error` member: a FastAPI `detail` or a JSON array is lost.
    const message = error.message.endsWith("status code (no body)")
      ? apiErrorText(error)
      : errorText(error);
    return { message, ...(status !== undefined ? { status } : {}) };
  }
  return { message: errorText(error) };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
