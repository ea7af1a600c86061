// The one retrying model call every caller uses: what it retries, what it throws at once, how a
// cancellation ends its wait, and what its callers are told of each attempt.
import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { callWithRetry, type RetryPolicy } from "../../src/model/retry.js";

/** No backoff at all: the tests wait for nothing. */
const NOW: RetryPolicy = { attempts: 3, baseDelayMs: 0, maxDelayMs: 0 };

const serverError = () =>
  OpenAI.APIError.generate(503, { error: { message: "busy" } }, undefined, new Headers());
const badRequest = () =>
  OpenAI.APIError.generate(400, { error: { message: "bad field" } }, undefined, new Headers());

/** A `send` that answers from a script: an Error is thrown, anything else is the reply. */
function scripted<T>(...script: (T | Error)[]) {
  const attempts: number[] = [];
  const send = (attempt: number): Promise<T> => {
    attempts.push(attempt);
    const next = script.shift();
    if (next === undefined) throw new Error("unexpected extra attempt");
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  };
  return { send, attempts, left: () => script.length };
}

type Failure = { error: unknown; attempt: number; willRetry: boolean };

describe("callWithRetry", () => {
  it("sends again after a transient error and returns the reply that follows", async () => {
    const first = serverError();
    const { send, attempts, left } = scripted<string>(
      first,
      new OpenAI.APIConnectionError({}),
      "ok",
    );
    const seen: number[] = [];
    const failures: Failure[] = [];
    const reply = await callWithRetry(send, {
      policy: NOW,
      signal: new AbortController().signal,
      onAttempt: (attempt) => seen.push(attempt),
      onFailure: (failure) => failures.push(failure),
    });
    expect(reply).toBe("ok");
    expect(attempts).toEqual([1, 2, 3]);
    expect(seen).toEqual([1, 2, 3]);
    expect(failures.map((f) => [f.attempt, f.willRetry])).toEqual([
      [1, true],
      [2, true],
    ]);
    expect(failures[0]?.error).toBe(first);
    expect(left()).toBe(0);
  });

  it("throws an error that is not transient at once, without a second attempt", async () => {
    const refused = badRequest();
    const { send, attempts } = scripted<string>(refused, "never sent");
    const failures: Failure[] = [];
    await expect(
      callWithRetry(send, {
        policy: NOW,
        signal: new AbortController().signal,
        onFailure: (failure) => failures.push(failure),
      }),
    ).rejects.toBe(refused);
    expect(attempts).toEqual([1]);
    expect(failures).toEqual([{ error: refused, attempt: 1, willRetry: false }]);
  });

  it("ends the wait between attempts when the signal aborts, with the signal's reason", async () => {
    const controller = new AbortController();
    const reason = new Error("cancelled by the user");
    const { send, attempts } = scripted<string>(serverError(), "never sent");
    const failures: Failure[] = [];
    // A minute's backoff: only the abort can end this wait before the test's own timeout.
    const slow: RetryPolicy = { attempts: 3, baseDelayMs: 60_000, maxDelayMs: 60_000 };
    await expect(
      callWithRetry(send, {
        policy: slow,
        signal: controller.signal,
        onFailure: (failure) => {
          failures.push(failure);
          // Runs once the wait has begun: the failure is reported before the backoff starts.
          queueMicrotask(() => controller.abort(reason));
        },
      }),
    ).rejects.toBe(reason);
    expect(attempts).toEqual([1]);
    expect(failures.map((f) => f.willRetry)).toEqual([true]);
  });

  it("does not retry once the signal has aborted, even a transient error", async () => {
    const controller = new AbortController();
    const dropped = new OpenAI.APIConnectionError({});
    const send = () => {
      controller.abort(new Error("timeout"));
      return Promise.reject(dropped);
    };
    const failures: Failure[] = [];
    await expect(
      callWithRetry(send, {
        policy: NOW,
        signal: controller.signal,
        onFailure: (f) => failures.push(f),
      }),
    ).rejects.toBe(dropped);
    expect(failures.map((f) => f.willRetry)).toEqual([false]);
  });

  it("throws the last error once the attempts are spent", async () => {
    const last = serverError();
    const { send, attempts, left } = scripted<string>(serverError(), serverError(), last);
    const failures: Failure[] = [];
    await expect(
      callWithRetry(send, {
        policy: NOW,
        signal: new AbortController().signal,
        onFailure: (failure) => failures.push(failure),
      }),
    ).rejects.toBe(last);
    expect(attempts).toEqual([1, 2, 3]);
    expect(failures.map((f) => [f.attempt, f.willRetry])).toEqual([
      [1, true],
      [2, true],
      [3, false],
    ]);
    expect(left()).toBe(0);
  });

  it("waits as long as the server's retry-after-ms asks, capped by the policy", async () => {
    // The hint says a minute; a cap of 0 ms means no wait at all, so the test finishes at once.
    const hinted = OpenAI.APIError.generate(
      429,
      { error: { message: "slow down" } },
      undefined,
      new Headers({ "retry-after-ms": "60000" }),
    );
    const { send } = scripted<string>(hinted, "ok");
    const capped: RetryPolicy = { attempts: 2, baseDelayMs: 60_000, maxDelayMs: 0 };
    await expect(
      callWithRetry(send, { policy: capped, signal: new AbortController().signal }),
    ).resolves.toBe("ok");
  });
});
