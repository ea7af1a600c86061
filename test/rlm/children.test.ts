import { describe, expect, it } from "vitest";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { ChatMessage, ModelPort } from "../../src/model/port.js";
import { ChildBroker } from "../../src/rlm/children.js";
import { resolveLimits, type RlmLimits } from "../../src/rlm/options.js";

/** A model that answers after `ms`, recording what it was asked and how many calls overlapped. */
function fakeModel(ms = 20) {
  const seen = { calls: [] as ChatMessage[][], inFlight: 0, peak: 0 };
  const model: ModelPort = {
    model: "pinned-child",
    async complete(messages) {
      seen.calls.push(messages);
      seen.peak = Math.max(seen.peak, ++seen.inFlight);
      await new Promise((r) => setTimeout(r, ms));
      seen.inFlight--;
      return {
        content: "answer",
        toolCalls: [],
        finishReason: "stop",
        usage: { promptTokens: 100, completionTokens: 10, cachedTokens: 0 },
      };
    },
  };
  return { model, seen };
}

function broker(limits: Partial<RlmLimits> = {}, ms = 20) {
  const { model, seen } = fakeModel(ms);
  const journal = new MemoryJournal();
  const b = new ChildBroker({
    model,
    limits: resolveLimits(limits),
    journal,
    signal: new AbortController().signal,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    nested: () => Promise.reject(new Error("no nesting here")),
  });
  return { b, seen, journal };
}

const items = (n: number, text?: string) =>
  Array.from({ length: n }, (_, i) => ({ prompt: `p${i}`, ...(text ? { text } : {}) }));
const batch = (n: number, extra: object = {}) => ({
  op: "child",
  id: 1,
  kind: "batch",
  items: items(n),
  dependency_mode: "independent",
  ...extra,
});

describe("ChildBroker", () => {
  it("never has more than `concurrency` calls in flight, across requests", async () => {
    const { b, seen } = broker({ concurrency: 3 });
    const replies = await Promise.all([b.handle(batch(16), 0), b.handle(batch(16), 0)]);
    expect(replies.every((r) => r.ok && r.results.length === 16)).toBe(true);
    expect(seen.peak).toBe(3);
    expect(b.peak).toBe(3);
    expect(b.admitted).toBe(32);
  });

  it("sends every call to the pinned model with the child system prompt", async () => {
    const { b, seen, journal } = broker();
    await b.handle(
      {
        op: "child",
        id: 1,
        kind: "query",
        items: [
          { prompt: "q", text: "slice", range: { start: 5, end: 10, start_line: 1, end_line: 1 } },
        ],
      },
      0,
    );
    const [system, user] = seen.calls[0]!;
    expect(system!.content).toMatch(/^You answer one sub-question/);
    expect(user!.content).toBe("q\n\nText (chars 5-10, lines 1-1):\n<<<\nslice\n>>>");
    expect(journal.events).toMatchObject([
      { type: "rlm.child_call", kind: "query", ok: true, model: "pinned-child" },
    ]);
  });

  it("refuses oversized batches, missing gates and spent budgets as a whole", async () => {
    const { b, seen } = broker({ maxChildCalls: 20, maxBatch: 16 });
    expect(await b.handle(batch(17), 0)).toEqual({
      ok: false,
      error: "refused: 17 calls in one request; at most 16: split it into smaller batches",
    });
    expect(await b.handle(batch(2, { dependency_mode: undefined }), 0)).toMatchObject({
      ok: false,
      error: expect.stringMatching(/dependency_mode="independent"/),
    });
    expect((await b.handle(batch(16), 0)).ok).toBe(true);
    expect(await b.handle(batch(5), 0)).toEqual({
      ok: false,
      error: "refused: the child-call budget has 4 call(s) left and this request needs 5",
    });
    expect(b.status()).toEqual({
      child_calls: 16,
      budget_left: { child_calls: 4, tokens: 4_000_000 - 16 * 110 },
    });
    expect(seen.calls).toHaveLength(16);
  });

  it("stops at the token budget and fails oversized slices in their place", async () => {
    const { b } = broker({ maxTokens: 150, maxChildChars: 50 });
    const first = await b.handle(
      {
        op: "child",
        id: 1,
        kind: "map",
        dependency_mode: "independent",
        items: [{ prompt: "small" }, { prompt: "big", text: "x".repeat(60) }],
      },
      0,
    );
    expect(first).toEqual({
      ok: true,
      results: [
        { ok: true, text: "answer" },
        { ok: false, error: expect.stringMatching(/63 chars is over the 50-char limit/) },
      ],
    });
    await b.handle({ op: "child", id: 2, kind: "query", items: [{ prompt: "again" }] }, 0);
    expect(
      await b.handle({ op: "child", id: 3, kind: "query", items: [{ prompt: "more" }] }, 0),
    ).toEqual({ ok: false, error: "refused: the token budget of 150 is spent" });
  });
});
