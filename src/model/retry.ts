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

export function retryDelay(error: unknown, attempt: number, policy: RetryPolicy): number {
  const hinted = hintedDelay(error);
  if (hinted !== undefined) return Math.min(hinted, policy.maxDelayMs);
  const exp = policy.baseDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, exp / 2 + Math.random() * (exp / 2));
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

export function sleep(ms: number, signal: AbortSignal): Promise<void> {
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
