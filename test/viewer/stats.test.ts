import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/journal-command.js";
import { readJournal } from "../../src/viewer/read.js";
import { journalStats } from "../../src/viewer/stats.js";
import {
  hostileJournal,
  journalText,
  tempDir,
  type AnyEvent,
  type TempDir,
} from "../journal/fixtures.js";
import { reviewJournal, taskJournal } from "./run-journals.js";
import { rlmJournal } from "./rlm-journal.js";

let tmp: TempDir;
let out: string[];
beforeEach(() => {
  tmp = tempDir();
  out = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation(() => true);
});
afterEach(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

async function statsOf(
  events: AnyEvent[],
  prices?: { inputPerMTok: number; outputPerMTok: number },
) {
  const path = tmp.write("journal.jsonl", journalText(events));
  return journalStats(await readJournal(path), prices);
}

describe("journal stats", () => {
  it("counts a review by phase, tool and model, with its retry and its errors", async () => {
    const s = await statsOf(reviewJournal());
    expect(s.events).toBe(reviewJournal().length);
    // The journal's span, which the phases add up to; the run counted 5.4 s to its outcome.
    expect(s.ms).toBe(5500);
    expect(s.byPhase.reduce((sum, p) => sum + p.ms, 0)).toBe(s.ms);
    expect(s.modelRequests).toBe(3);
    expect(s.toolCalls).toBe(3);
    expect(s.spend).toEqual({
      tokens: { input: 2500, output: 350, cached: 200, reasoning: 0 },
      costUsd: undefined,
    });
    expect(s.recorded).toEqual({
      tokens: { input: 2500, output: 350, cached: 200, reasoning: 0 },
      costUsd: 0.0123,
      ms: 5400,
    });
    // No prices were given: the cost is the one the run recorded, not a request for prices.
    expect(s.costUsd).toBe(0.0123);
    expect(s.costFrom).toBe("run.finished");
    expect(s.byTool).toEqual([
      { tool: "grep", calls: 1, errors: 1, ms: 2, bytes: 80 },
      { tool: "read_file", calls: 1, errors: 0, ms: 3, bytes: 900 },
      { tool: "submit_review", calls: 1, errors: 0, ms: 1, bytes: 20 },
    ]);
    expect(s.byModel).toEqual([
      {
        model: "gpt-test",
        requests: 3,
        errors: 1,
        ms: 4000,
        tokens: { input: 2500, output: 350, cached: 200, reasoning: 0 },
        // The one model spent every token of the run, so the recorded total is all its own.
        costUsd: 0.0123,
      },
    ]);
    const agent = s.byPhase.find((p) => p.phase === "agent")!;
    expect(agent.events).toBe(12);
    expect(agent.ms).toBe(12 * 250);
    expect(agent.tokens.input).toBe(2500);
    expect(s.byPhase.map((p) => p.phase)).toEqual([
      "start",
      "workspace",
      "context",
      "agent",
      "review",
      "publish",
      "finish",
    ]);
    expect(s.slowest[0]).toMatchObject({ what: "model turn 2 attempt 2", ms: 2500 });
    expect(s.retries).toEqual([
      {
        seq: 14,
        type: "model.response",
        what: "model turn 2 attempt 1 (HTTP 429)",
        error: "Rate limit reached",
      },
    ]);
    expect(s.errors.map((e) => e.type)).toEqual(["tool.result", "model.response"]);
  });

  it("prices the calls when given prices, and keeps a recorded cost", async () => {
    const s = await statsOf(reviewJournal(), { inputPerMTok: 1, outputPerMTok: 2 });
    expect(s.spend.costUsd).toBeCloseTo((2500 + 700) / 1e6, 10);
    expect(s.recorded?.costUsd).toBe(0.0123);
  });

  it("counts RLM root turns and child calls by model", async () => {
    const s = await statsOf(rlmJournal());
    expect(s.rlmTurns).toBe(4);
    expect(s.childCalls).toBe(6);
    expect(s.byModel.map((m) => [m.model, m.requests, m.errors])).toEqual([
      ["gpt-child", 6, 1],
      ["(RLM root turns)", 4, 0],
    ]);
    expect(s.slowest[0]).toMatchObject({ what: "RLM depth 0 child batch", ms: 1450 });
  });

  it("counts the batches of a large review's map as model calls", async () => {
    const batch = (id: string, ok: boolean): AnyEvent => ({
      type: "review.batch",
      id,
      hunks: 40,
      chars: 90_000,
      ok,
      ms: 3_000,
      ...(ok
        ? { usage: { promptTokens: 25_000, completionTokens: 900, cachedTokens: 0 }, findings: 2 }
        : { error: "context length exceeded" }),
    });
    const s = await statsOf([...taskJournal().slice(0, -1), batch("b1", true), batch("b2", false)]);
    expect(s.reviewBatches).toBe(2);
    expect(s.byModel.find((m) => m.model === "(review batches)")).toMatchObject({
      requests: 2,
      errors: 1,
      ms: 6_000,
      tokens: { input: 25_000, output: 900, cached: 0, reasoning: 0 },
    });
    expect(s.byPhase.find((p) => p.phase === "review")?.tokens.input).toBe(25_000);
    expect(s.errors.map((e) => e.what)).toEqual(["review batch b2"]);
  });
});

describe("rivumi journal stats", () => {
  it("prints the tables, and the same numbers as JSON", async () => {
    const path = tmp.write("journal.jsonl", journalText(reviewJournal()));
    expect(await run(["stats", path, "--prices", "1,2"])).toBe(0);
    const text = out.join("");
    expect(text).toContain("tokens    2,500 in / 350 out / 200 cached");
    expect(text).toContain("cost      $0.0032");
    expect(text).toMatch(
      /by tool\n {2}tool +calls +errors +time +output\n {2}grep +1 +1 +2 ms +80 B/,
    );
    expect(text).toContain(
      "retries: 1\n  seq 14  model turn 2 attempt 1 (HTTP 429): Rate limit reached",
    );
    out.length = 0;
    expect(await run(["stats", path, "--json"])).toBe(0);
    const json = JSON.parse(out.join(""));
    expect(json).toMatchObject({ journal: path, version: 1, notes: [], modelRequests: 3 });
  });

  it("shows journal text on one line, its control characters as markers", async () => {
    const { events, tail } = hostileJournal();
    const path = tmp.write("journal.jsonl", journalText(events, { tail }));
    expect(await run(["stats", path])).toBe(0);
    const text = out.join("");
    expect(text).toContain("note: The last line (9) is cut off");
    expect(text).toContain("read_file⟦U+0000⟧⟦U+001B⟧[31m");
    // eslint-disable-next-line no-control-regex
    expect(text).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    expect(text.length).toBeLessThan(20_000);
  });
});

describe("journal stats of a review that repaired replies and learned a refusal", () => {
  it("counts the repaired batches and names each refused parameter once", async () => {
    const batch = (id: string, repaired: boolean): AnyEvent => ({
      type: "review.batch",
      id,
      hunks: 2,
      chars: 100,
      ok: true,
      ms: 5,
      ...(repaired ? { repaired: true, repairReason: "cut short" } : {}),
    });
    const events: AnyEvent[] = [
      {
        type: "model.negotiated",
        baseUrl: "http://127.0.0.1:1/v1",
        model: "o4-mini",
        refused: "max_tokens",
        instead: "max_completion_tokens",
        status: 400,
        error: "Unsupported parameter",
      },
      batch("batch-1", true),
      batch("batch-2", false),
      batch("batch-3", true),
    ];
    const s = await statsOf(events);
    expect(s.reviewBatches).toBe(3);
    expect(s.reviewRepairs).toBe(2);
    expect(s.negotiated).toEqual(["max_tokens -> max_completion_tokens"]);
    const path = tmp.write("j.jsonl", journalText(events));
    await run(["stats", path]);
    const text = out.join("");
    expect(text).toContain("3 review batches (2 repaired: one more request each)");
    expect(text).toContain("refused   max_tokens -> max_completion_tokens");
  });
});
