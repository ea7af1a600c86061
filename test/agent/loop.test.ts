import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runLoop, type LoopOptions } from "../../src/agent/loop.js";
import { costBudget, tokenBudget, turnLimit } from "../../src/agent/stop.js";
import { submitReviewTool } from "../../src/agent/tools/submit-review.js";
import { defineTool } from "../../src/agent/tools/tool.js";
import { ToolError } from "../../src/util/errors.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { startModelServer, type ModelServer, type Step } from "../support/model-server.js";
import { messageText } from "../support/model-server.js";

const echo = defineTool({
  name: "echo",
  description: "Echoes text.",
  parameters: z.object({ text: z.string().min(1) }),
  execute: ({ text }) =>
    text === "fail"
      ? Promise.reject(new ToolError("cannot echo 'fail'"))
      : Promise.resolve(`echo: ${text}`),
});

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function loop(script: Step[], extra: Partial<LoopOptions> = {}) {
  server = await startModelServer(script);
  const journal = new MemoryJournal();
  const controller = new AbortController();
  const result = await runLoop({
    model: createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "m1" }),
    tools: [echo, submitReviewTool],
    toolContext: {
      root: "/nonexistent",
      diff: { base: "a", head: "b" },
      signal: controller.signal,
    },
    system: "system text",
    user: ["the task"],
    stopWhen: [turnLimit(10)],
    prices: undefined,
    journal,
    signal: controller.signal,
    retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    ...extra,
  });
  return { result, journal, server };
}

const review = {
  summary: "Looks fine.",
  findings: [{ path: "a.ts", line: 3, severity: "minor", body: "Typo." }],
};

describe("runLoop", () => {
  it("runs tools, feeds results back and ends on submit_review", async () => {
    const { result, journal, server } = await loop([
      {
        toolCalls: [{ name: "echo", arguments: { text: "hi" } }],
        usage: { prompt_tokens: 100, completion_tokens: 10 },
      },
      {
        toolCalls: [{ name: "submit_review", arguments: review }],
        usage: {
          prompt_tokens: 200,
          completion_tokens: 20,
          prompt_tokens_details: { cached_tokens: 50 },
        },
      },
    ]);
    expect(result.stop).toBe("final-answer");
    expect(result.review).toEqual(review);
    expect(result.state.usage).toEqual({
      promptTokens: 300,
      completionTokens: 30,
      cachedTokens: 50,
      reasoningTokens: 0,
    });
    const second = server.requests[1]!.body;
    expect(second.messages.at(-1)).toMatchObject({ role: "tool", content: "echo: hi" });
    expect(
      server.requests[0]!.body.tools?.map((t) => (t.type === "function" ? t.function.name : "")),
    ).toEqual(["echo", "submit_review"]);
    expect(journal.events.map((e) => e.type)).toEqual([
      "model.request",
      "model.response",
      "tool.call",
      "tool.result",
      "model.request",
      "model.response",
      "tool.call",
      "tool.result",
    ]);
    server.assertDone();
  });

  it("returns invalid arguments and unknown tools to the model with how to fix them", async () => {
    const { result, server } = await loop([
      {
        toolCalls: [
          { name: "echo", arguments: { text: 5 } },
          { name: "nope", arguments: {} },
          { name: "echo", arguments: "{not json" },
          { name: "echo", arguments: { text: "fail" } },
        ],
      },
      { content: "Plain answer." },
    ]);
    const tools = server.requests[1]!.body.messages.filter((m) => m.role === "tool").map(
      messageText,
    );
    expect(tools[0]).toMatch(/invalid arguments for echo:\n- text: .*\nFix these/);
    expect(tools[1]).toMatch(/no tool named "nope". Available tools: echo, submit_review/);
    expect(tools[2]).toMatch(/not valid JSON/);
    expect(tools[3]).toBe("Error: cannot echo 'fail'");
    expect(result).toMatchObject({
      stop: "final-answer",
      review: { summary: "Plain answer.", findings: [] },
    });
  });

  it("turns a fenced JSON final answer into a structured review", async () => {
    const { result } = await loop([
      { content: "Here:\n```json\n" + JSON.stringify(review) + "\n```" },
    ]);
    expect(result.review).toEqual(review);
  });

  it("stops on the turn limit, the token budget and the cost cap", async () => {
    const call = {
      toolCalls: [{ name: "echo", arguments: { text: "x" } }],
      usage: { prompt_tokens: 600, completion_tokens: 100 },
    };
    expect((await loop([call, call], { stopWhen: [turnLimit(2)] })).result).toMatchObject({
      stop: "max-turns",
      state: { turns: 2 },
    });
    await server?.close();
    expect((await loop([call, call], { stopWhen: [tokenBudget(1000)] })).result).toMatchObject({
      stop: "max-tokens",
      state: { turns: 2 },
    });
    await server?.close();
    const priced = await loop([call], {
      stopWhen: [costBudget(0.001)],
      prices: { inputPerMTok: 1, outputPerMTok: 10 },
    });
    expect(priced.result.stop).toBe("max-cost");
    expect(priced.result.state.costUsd).toBeCloseTo(0.0016, 6);
  });

  it("retries transient errors with journaled attempts, then gives up as model-error", async () => {
    const ok = await loop([{ status: 429 }, { status: 503 }, { content: "done" }]);
    expect(ok.result.stop).toBe("final-answer");
    expect(
      ok.journal.events
        .filter((e) => e.type === "model.response")
        .map((e) => ("willRetry" in e ? e.willRetry : "ok")),
    ).toEqual([true, true, "ok"]);
    await server?.close();
    const bad = await loop([{ status: 500 }, { status: 500 }, { status: 500 }]);
    expect(bad.result).toMatchObject({ stop: "model-error" });
    expect(bad.result.error).toMatch(/500/);
    await server?.close();
    const fatal = await loop([{ status: 401, error: "bad key" }]);
    expect(fatal.server.requests).toHaveLength(1);
    expect(fatal.result).toMatchObject({
      stop: "model-error",
      error: expect.stringMatching(/bad key/),
    });
  });

  it("stops with the abort reason while a request hangs", async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort({ rivumi: "timeout" }), 100);
    const { result } = await loop([{ hang: true }], { signal: controller.signal });
    expect(result.stop).toBe("timeout");
  });
});
