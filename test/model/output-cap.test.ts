// The run's completion cap: it rises once a reply counts reasoning tokens, and every reservation
// against the token budget reads it again, so the budget still holds after it rose.
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runLoop } from "../../src/agent/loop.js";
import { turnLimit } from "../../src/agent/stop.js";
import { defineTool } from "../../src/agent/tools/tool.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { ModelNegotiation } from "../../src/model/negotiation.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { OutputCap } from "../../src/model/output-cap.js";
import type { ModelPort } from "../../src/model/port.js";
import { BudgetExhaustedError, budgetedModel, TokenBudget } from "../../src/diff-review/budget.js";
import { startModelServer, type ModelServer, type Step } from "../support/model-server.js";

const noop = defineTool({
  name: "noop",
  description: "Does nothing.",
  parameters: z.object({}),
  execute: () => Promise.resolve("done"),
});

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function loop(script: Step[], budget: TokenBudget) {
  server = await startModelServer(script);
  const journal = new MemoryJournal();
  const negotiation = new ModelNegotiation({ journal });
  const controller = new AbortController();
  const result = await runLoop({
    model: createOpenAIModel({ baseUrl: server.url, apiKey: "k", model: "m", negotiation }),
    tools: [noop],
    toolContext: {
      root: "/nonexistent",
      diff: { base: "a", head: "b" },
      signal: controller.signal,
    },
    system: "system",
    user: ["task"],
    stopWhen: [turnLimit(5)],
    prices: undefined,
    journal,
    signal: controller.signal,
    maxOutputTokens: negotiation.outputCap,
    budget,
  });
  return { result, journal, server, negotiation };
}

const thinking = (reasoning: number) => ({
  prompt_tokens: 100,
  completion_tokens: reasoning + 10,
  completion_tokens_details: { reasoning_tokens: reasoning },
});

describe("the run's completion cap", () => {
  it("rises after a reply with reasoning tokens, and the next reservation covers the new cap", async () => {
    // Room for a turn at 4,096 but not at 16,384: the loop stops before sending the second.
    const budget = new TokenBudget(12_000);
    const { result, server, journal } = await loop(
      [{ toolCalls: [{ name: "noop", arguments: {} }], usage: thinking(500) }],
      budget,
    );
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.body.max_tokens).toBe(4_096);
    expect(result.stop).toBe("max-tokens");
    expect(journal.events.filter((e) => e.type === "model.cap_raised")).toEqual([
      expect.objectContaining({ from: 4_096, to: 16_384 }),
    ]);
  });

  it("sends the raised cap on the next request when the budget covers it", async () => {
    const { result, server } = await loop(
      [{ toolCalls: [{ name: "noop", arguments: {} }], usage: thinking(500) }, { content: "done" }],
      new TokenBudget(1_000_000),
    );
    expect(result.stop).toBe("final-answer");
    expect(server.requests.map((r) => r.body.max_tokens)).toEqual([4_096, 16_384]);
  });

  it("ends a turn that spent the cap thinking as truncated, naming the cap, and bills its tokens", async () => {
    const budget = new TokenBudget(1_000_000);
    const { result, journal } = await loop(
      [{ content: "", finishReason: "length", usage: thinking(4_086) }],
      budget,
    );
    // Truncated, as any reply cut at its cap: a review still sends what it left to the children.
    expect(result.stop).toBe("truncated");
    expect(result.error).toMatch(/raise max-output-tokens/);
    expect(result.state.usage).toMatchObject({ promptTokens: 100, completionTokens: 4_096 });
    expect(budget.used).toBe(4_196);
    const response = journal.events.find((e) => e.type === "model.response");
    expect(response).toMatchObject({ usage: { completionTokens: 4_096, reasoningTokens: 4_086 } });
  });

  it("is read again by every reservation of a budgeted model", async () => {
    const sent: (number | undefined)[] = [];
    const fake: ModelPort = {
      model: "m",
      complete: (_messages, _tools, _signal, options) => {
        sent.push(options?.maxTokens);
        return Promise.resolve({
          content: "ok",
          toolCalls: [],
          finishReason: "stop",
          usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0 },
        });
      },
    };
    const cap = new OutputCap(4_096, false);
    const model = budgetedModel(fake, new TokenBudget(10_000), cap);
    const ask = () =>
      model.complete([{ role: "user", content: "x" }], [], new AbortController().signal);
    await ask();
    cap.reasoningSeen();
    await expect(ask()).rejects.toBeInstanceOf(BudgetExhaustedError);
    expect(sent).toEqual([4_096]);
  });
});
