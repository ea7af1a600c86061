// Reasoning tokens are a breakdown of completion tokens: every sum carries them, and nothing that
// prices or budgets a run counts them a second time.
import { describe, expect, it } from "vitest";
import { costBudget, tokenBudget, type LoopState } from "../../src/agent/stop.js";
import { costOf } from "../../src/model/price.js";
import { SpendMeter } from "../../src/cli/run-budget.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { ModelPort, Usage } from "../../src/model/port.js";
import { addUsage, billedTokens, noUsage, sumUsage } from "../../src/model/usage.js";
import { budgetedModel, TokenBudget } from "../../src/diff-review/budget.js";
import { ChildBroker } from "../../src/rlm/children.js";
import { resolveLimits } from "../../src/rlm/options.js";

const PRICES = { inputPerMTok: 2, outputPerMTok: 8 };
const plain: Usage = { promptTokens: 1_000, completionTokens: 600, cachedTokens: 200 };
const thinking: Usage = { ...plain, reasoningTokens: 450 };

/** A model whose every reply used `usage`. */
const modelUsing = (usage: Usage): ModelPort => ({
  model: "m",
  complete: () => Promise.resolve({ content: "ok", toolCalls: [], finishReason: "stop", usage }),
});

describe("usage sums", () => {
  it("carry reasoning tokens, and count a reply that reported none as 0", () => {
    const total = noUsage();
    addUsage(total, thinking);
    addUsage(total, plain);
    expect(total).toEqual({
      promptTokens: 2_000,
      completionTokens: 1_200,
      cachedTokens: 400,
      reasoningTokens: 450,
    });
    expect(sumUsage(thinking, thinking, plain).reasoningTokens).toBe(900);
    expect(sumUsage().reasoningTokens).toBe(0);
  });

  it("bill prompt and completion only: reasoning is already in the completion", () => {
    expect(billedTokens(thinking)).toBe(1_600);
    expect(billedTokens(thinking)).toBe(billedTokens(plain));
  });
});

describe("reasoning tokens never cost or spend more", () => {
  it("prices the same usage the same, with or without its reasoning breakdown", () => {
    expect(costOf(thinking, PRICES)).toBeCloseTo((1_000 * 2 + 600 * 8) / 1e6, 12);
    expect(costOf(thinking, PRICES)).toBe(costOf(plain, PRICES));
    expect(costOf(sumUsage(thinking, thinking), PRICES)).toBe(
      costOf(sumUsage(plain, plain), PRICES),
    );
  });

  it("stops the tool loop at the same token and cost limits", () => {
    const state = (usage: Usage): LoopState => ({
      turns: 1,
      usage: sumUsage(usage),
      costUsd: costOf(usage, PRICES),
    });
    // 1,600 billed tokens: a limit of 1,601 is not reached, whatever the reasoning.
    for (const usage of [plain, thinking]) {
      expect(tokenBudget(1_601)(state(usage))).toBeUndefined();
      expect(tokenBudget(1_600)(state(usage))).toBe("max-tokens");
      expect(costBudget(0.0068 + 1e-9)(state(usage))).toBeUndefined();
    }
  });

  it("settles a shared token budget to prompt plus completion", async () => {
    const left = async (usage: Usage) => {
      const budget = new TokenBudget(100_000);
      const model = budgetedModel(modelUsing(usage), budget, 1_000);
      await model.complete([{ role: "user", content: "hi" }], [], new AbortController().signal);
      return budget.used;
    };
    expect(await left(thinking)).toBe(1_600);
    expect(await left(plain)).toBe(1_600);
  });

  it("meters a CLI run's tokens and cost without the reasoning, and still reports it", async () => {
    const signal = new AbortController().signal;
    for (const usage of [plain, thinking]) {
      const m = new SpendMeter(
        { maxTokens: 1_601, maxCostUsd: undefined, timeoutMinutes: undefined, prices: PRICES },
        () => undefined,
      );
      await m.wrap(modelUsing(usage)).complete([], [], signal);
      // 1,600 of 1,601: the limit is not reached (it would be, were reasoning counted again).
      expect(m.reached()).toBeUndefined();
      expect(m.costUsd).toBeCloseTo(0.0068, 12);
      expect(m.usage.reasoningTokens).toBe(usage.reasoningTokens ?? 0);
      m.add({ promptTokens: 1, completionTokens: 0, cachedTokens: 0 });
      expect(m.reached()).toBe("max-tokens");
    }
  });

  it("leaves the RLM child budget as much room with reasoning as without", async () => {
    const left = async (usage: Usage) => {
      const broker = new ChildBroker({
        model: modelUsing(usage),
        limits: resolveLimits({ maxTokens: 10_000 }),
        journal: new MemoryJournal(),
        signal: new AbortController().signal,
        retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
        nested: () => Promise.reject(new Error("no nesting")),
      });
      const request = { op: "child", id: 1, kind: "query", items: [{ prompt: "p" }] };
      expect(await broker.handle(request, 0)).toMatchObject({ ok: true });
      return { left: broker.tokensLeft(), reasoning: broker.usage.reasoningTokens };
    };
    expect(await left(thinking)).toEqual({ left: 8_400, reasoning: 450 });
    expect(await left(plain)).toEqual({ left: 8_400, reasoning: 0 });
  });
});
