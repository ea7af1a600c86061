// What the adapter puts on the wire for each kind of endpoint, and how it reads what comes back.
import { afterEach, describe, expect, it } from "vitest";
import type { JournalEvent } from "../../src/journal/events.js";
import { ModelNegotiation, negotiationFor } from "../../src/model/negotiation.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { OutputCapError } from "../../src/model/reply.js";
import type { UsageSpec } from "../support/model-server.js";
import {
  routedTo,
  startRefusingModelServer,
  type RefusingServer,
  type RefusingServerOptions,
} from "../support/refusing-model-server.js";

let server: RefusingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const signal = () => new AbortController().signal;
const hi = [{ role: "user" as const, content: "hi" }];

async function start(opts: RefusingServerOptions = {}) {
  server = await startRefusingModelServer(opts);
  return server;
}

describe("the endpoint decides the cap's name and the key's header", () => {
  it.each([
    ["https://api.openai.com/v1", "max_completion_tokens", "bearer"],
    ["https://my-res.openai.azure.com/openai/v1", "max_completion_tokens", "api-key"],
    ["https://my-res.cognitiveservices.azure.com/openai/v1", "max_completion_tokens", "api-key"],
    ["https://openrouter.ai/api/v1", "max_tokens", "bearer"],
    ["https://openai.azure.com.example.net/v1", "max_tokens", "bearer"],
  ])("%s: %s, key as %s", async (baseUrl, cap, key) => {
    const s = await start();
    const model = createOpenAIModel({
      baseUrl,
      apiKey: "sk-secret",
      model: "m",
      fetch: routedTo(s),
    });
    await model.complete(hi, [], signal(), { maxTokens: 64 });
    const { body, headers } = s.requests[0]!;
    expect(body).toHaveProperty(cap, 64);
    expect(Object.keys(body).filter((k) => k.startsWith("max_"))).toEqual([cap]);
    if (key === "api-key") {
      expect(headers["api-key"]).toBe("sk-secret");
      expect(headers.authorization).toBeUndefined();
    } else {
      expect(headers.authorization).toBe("Bearer sk-secret");
      expect(headers["api-key"]).toBeUndefined();
    }
  });

  it("follows token-limit-param when it is set", async () => {
    const s = await start();
    const negotiation = new ModelNegotiation({ tokenLimitParam: "max_completion_tokens" });
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m", negotiation });
    await model.complete(hi, [], signal(), { maxTokens: 10 });
    expect(s.requests[0]!.body).toHaveProperty("max_completion_tokens", 10);
    expect(s.requests[0]!.body).not.toHaveProperty("max_tokens");
  });

  it("sends no cap when the caller sets none", async () => {
    const s = await start();
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m" });
    await model.complete(hi, [], signal());
    expect(Object.keys(s.requests[0]!.body).sort()).toEqual(["messages", "model"]);
  });
});

describe("reasoning models", () => {
  it("sends reasoning_effort only when it is set", async () => {
    const s = await start();
    const plain = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m" });
    const effort = createOpenAIModel({
      baseUrl: s.url,
      apiKey: "k",
      model: "m",
      negotiation: new ModelNegotiation({ reasoningEffort: "minimal" }),
    });
    await plain.complete(hi, [], signal());
    await effort.complete(hi, [], signal());
    expect(s.requests[0]!.body).not.toHaveProperty("reasoning_effort");
    expect(s.requests[1]!.body).toHaveProperty("reasoning_effort", "minimal");
  });

  it.each<[string, UsageSpec, object]>([
    [
      "reasoning and cached tokens as a breakdown",
      {
        prompt_tokens: 100,
        completion_tokens: 50,
        total_tokens: 150,
        prompt_tokens_details: { cached_tokens: 60 },
        completion_tokens_details: { reasoning_tokens: 30 },
      },
      { promptTokens: 100, completionTokens: 50, cachedTokens: 60, reasoningTokens: 30 },
    ],
    [
      "reasoning counted outside completion_tokens but inside total_tokens, billed as output",
      {
        prompt_tokens: 100,
        completion_tokens: 20,
        total_tokens: 300,
        completion_tokens_details: { reasoning_tokens: 180 },
      },
      { promptTokens: 100, completionTokens: 200, cachedTokens: 0, reasoningTokens: 180 },
    ],
    [
      "a total below prompt plus completion, trusted no further",
      { prompt_tokens: 100, completion_tokens: 20, total_tokens: 110 },
      { promptTokens: 100, completionTokens: 20, cachedTokens: 0 },
    ],
  ])("reads usage: %s", async (_name, usage, expected) => {
    const s = await start({ answer: () => ({ content: "ok", usage }) });
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m" });
    const reply = await model.complete(hi, [], signal());
    expect(reply.usage).toEqual(expected);
  });

  it("says plainly which cap to raise when the cap ran out before any answer", async () => {
    const s = await start({
      answer: () => ({
        content: "",
        finishReason: "length",
        usage: {
          prompt_tokens: 10,
          completion_tokens: 4096,
          completion_tokens_details: { reasoning_tokens: 4096 },
        },
      }),
    });
    const events: JournalEvent[] = [];
    const negotiation = negotiationFor(
      {
        tokenLimitParam: "auto",
        reasoningEffort: undefined,
        maxOutputTokens: 4096,
        maxOutputTokensSet: false,
      },
      { emit: (e) => void events.push(e) },
    );
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m", negotiation });
    const failed = await model
      .complete(hi, [], signal(), { maxTokens: 4096 })
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(OutputCapError);
    const error = failed as OutputCapError;
    expect(error.message).toMatch(/completion cap of 4096 tokens/);
    expect(error.message).toMatch(/4096 of them spent reasoning/);
    expect(error.message).toMatch(/raise max-output-tokens \(--max-output-tokens/);
    expect(error.message).toMatch(/later requests are capped at 16384/);
    expect(error.usage).toMatchObject({ promptTokens: 10, completionTokens: 4096 });
    // The reasoning seen raised the run's default cap, once, and said so.
    expect(negotiation.outputCap.tokens).toBe(16_384);
    expect(events).toEqual([{ type: "model.cap_raised", from: 4096, to: 16_384 }]);
  });

  it("returns a reply cut at the cap that has something to show", async () => {
    const s = await start({ answer: () => ({ content: "partial", finishReason: "length" }) });
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m" });
    const reply = await model.complete(hi, [], signal(), { maxTokens: 5 });
    expect(reply).toMatchObject({ content: "partial", finishReason: "length" });
  });

  it("keeps a cap the user set, whatever the model reports", async () => {
    const s = await start({
      answer: () => ({
        content: "ok",
        usage: {
          prompt_tokens: 1,
          completion_tokens: 9,
          completion_tokens_details: { reasoning_tokens: 8 },
        },
      }),
    });
    const negotiation = new ModelNegotiation({ outputTokens: { tokens: 2000, explicit: true } });
    const model = createOpenAIModel({ baseUrl: s.url, apiKey: "k", model: "m", negotiation });
    await model.complete(hi, [], signal(), { maxTokens: 2000 });
    expect(negotiation.outputCap.tokens).toBe(2000);
  });
});
