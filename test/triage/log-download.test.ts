// The deadlines of one log download, on a clock the test moves: a storage that never answers, one
// that trickles forever, a run that stops, and a download that ends in time.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { downloadWithin, LogDeadlineError } from "../../src/triage/log-download.js";

const LIMITS = { idleMs: 1_000, totalMs: 3_000 };

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Chunks that come every `everyMs` on the fake clock; `count` of them, or forever. */
async function* every(everyMs: number, count = Infinity): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) {
    await new Promise((r) => setTimeout(r, everyMs));
    yield new TextEncoder().encode(`line ${i}\n`);
  }
}

/** Reads every chunk, as saveLog does, and counts the bytes. */
async function count(chunks: AsyncIterable<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of chunks) bytes += chunk.length;
  return bytes;
}

/** Settles `promise` into a value the test can look at after the clock moved. */
function outcome<T>(promise: Promise<T>) {
  const seen: { value?: T; error?: unknown } = {};
  promise.then(
    (value) => (seen.value = value),
    (error: unknown) => (seen.error = error),
  );
  return seen;
}

describe("downloadWithin", () => {
  it("gives up on a storage that never answers, at the idle deadline, whatever open does", async () => {
    const opened: AbortSignal[] = [];
    const seen = outcome(
      downloadWithin(
        LIMITS,
        new AbortController().signal,
        (signal) => {
          opened.push(signal);
          return new Promise(() => undefined); // ignores its signal
        },
        count,
      ),
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(seen.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.error).toBeInstanceOf(LogDeadlineError);
    expect(String((seen.error as Error).message)).toBe(
      "the log storage sent nothing for 1 s (triage-log-idle-seconds)",
    );
    expect(opened[0]?.aborted).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("gives up on a storage that stalls after some bytes", async () => {
    async function* stalls(): AsyncGenerator<Uint8Array> {
      yield new TextEncoder().encode("a few bytes");
      await new Promise(() => undefined);
    }
    const seen = outcome(
      downloadWithin(LIMITS, new AbortController().signal, () => Promise.resolve(stalls()), count),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect((seen.error as Error).message).toMatch(/sent nothing for 1 s/);
  });

  it("gives up on a steady trickle at the total deadline", async () => {
    const seen = outcome(
      downloadWithin(
        LIMITS,
        new AbortController().signal,
        () => Promise.resolve(every(400)),
        count,
      ),
    );
    await vi.advanceTimersByTimeAsync(2_999);
    expect(seen.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect((seen.error as Error).message).toBe(
      "the download took longer than 3 s (triage-log-timeout-seconds)",
    );
  });

  it("ends at once when the run stops, with the run's own reason", async () => {
    const run = new AbortController();
    const seen = outcome(
      downloadWithin(LIMITS, run.signal, () => Promise.resolve(every(100)), count),
    );
    await vi.advanceTimersByTimeAsync(250);
    run.abort({ rivumi: "cancelled" });
    await vi.advanceTimersByTimeAsync(0);
    expect(seen.error).toEqual({ rivumi: "cancelled" });
  });

  it("returns what was saved when the log comes in time, and leaves no timer behind", async () => {
    const seen = outcome(
      downloadWithin(
        LIMITS,
        new AbortController().signal,
        () => Promise.resolve(every(900, 3)),
        count,
      ),
    );
    await vi.advanceTimersByTimeAsync(2_700);
    expect(seen.error).toBeUndefined();
    expect(seen.value).toBe(21);
    expect(vi.getTimerCount()).toBe(0);
  });
});
