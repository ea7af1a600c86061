// The tool loop against a reasoning model: the same conversation costs, spends and stops the same
// whether or not the server breaks its completion tokens down into reasoning.
import { afterEach, describe, expect, it } from "vitest";
import { runLoop } from "../../src/agent/loop.js";
import { tokenBudget, turnLimit } from "../../src/agent/stop.js";
import { submitReviewTool } from "../../src/agent/tools/submit-review.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import type { ModelPort } from "../../src/model/port.js";
import { TokenBudget } from "../../src/diff-review/budget.js";
import { startModelServer, type ModelServer, type Step } from "../support/model-server.js";
import { reportingReasoning } from "../support/reasoning-model.js";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const usage = { prompt_tokens: 3_000, completion_tokens: 800 };
const turn = (name: string, args: object): Step => ({
  toolCalls: [{ name, arguments: args }],
  usage,
});
const SCRIPT: Step[] = [
  turn("no_such_tool", {}),
  turn("no_such_tool", {}),
  turn("submit_review", { summary: "ok", findings: [] }),
];

async function run(wrap: (m: ModelPort) => ModelPort) {
  server = await startModelServer(SCRIPT);
  const journal = new MemoryJournal();
  const signal = new AbortController().signal;
  const budget = new TokenBudget(1_000_000);
  const result = await runLoop({
    model: wrap(createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "m1" })),
    tools: [submitReviewTool],
    toolContext: { root: "/nonexistent", diff: { base: "a", head: "b" }, signal },
    system: "system text",
    user: ["the task"],
    // Two turns use 7,600 tokens: the third is never asked for.
    stopWhen: [turnLimit(10), tokenBudget(7_600)],
    prices: { inputPerMTok: 1.25, outputPerMTok: 10 },
    journal,
    signal,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    budget,
  });
  await server.close();
  server = undefined;
  return { result, journal, used: budget.used };
}

describe("the tool loop with reasoning tokens", () => {
  it("stops, spends and costs exactly as without them, and sums and journals them", async () => {
    const plain = await run((m) => m);
    const thinking = await run((m) => reportingReasoning(m, 0.75));
    for (const r of [plain, thinking]) {
      expect(r.result.stop).toBe("max-tokens");
      expect(r.result.state.turns).toBe(2);
      expect(r.used).toBe(7_600);
      expect(r.result.state.costUsd).toBeCloseTo((6_000 * 1.25 + 1_600 * 10) / 1e6, 12);
    }
    expect(thinking.result.state.usage).toEqual({
      ...plain.result.state.usage,
      reasoningTokens: 1_200,
    });
    expect(plain.result.state.usage.reasoningTokens).toBe(0);
    const journaled = thinking.journal.events.flatMap((e) =>
      e.type === "model.response" && e.usage ? [e.usage.reasoningTokens] : [],
    );
    expect(journaled).toEqual([600, 600]);
  });
});
