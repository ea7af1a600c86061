// Single flight: while an endpoint's answer to a parameter is unknown, one request finds out and
// the others wait; what is learned is shared by every client of the same base URL and model.
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import {
  ask,
  negotiated,
  negotiatingModel,
  type NegotiatingModel,
} from "../support/negotiating-model.js";

let world: NegotiatingModel | undefined;
afterEach(async () => {
  await world?.server.close();
  world = undefined;
});

async function setup(...args: Parameters<typeof negotiatingModel>) {
  world = await negotiatingModel(...args);
  return world;
}

describe("single flight while a parameter is unknown", () => {
  it("sends one request, holds the rest until it is answered, and none carries the refused parameter", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const firstArrived = new Promise<void>((resolve) => (arrived = resolve));
    const { server, model } = await setup({
      refuses: { max_tokens: "openai" },
      hold: (req) => {
        if (req.index !== 1) return undefined;
        arrived();
        return gate;
      },
    });
    const calls = Array.from({ length: 5 }, () => ask(model, { maxTokens: 50 }));
    await firstArrived;
    // Time for the others to arrive, were they not held by the client.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.requests).toHaveLength(1);
    release();
    await Promise.all(calls);
    expect(server.maxOpen).toBe(1);
    expect(server.requests).toHaveLength(6);
    expect(server.requests.slice(1).every((r) => !("max_tokens" in r.body))).toBe(true);
  });

  it("lets requests run concurrently once what they carry is known", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const allArrived = new Promise<void>((resolve) => (arrived = resolve));
    const { server, model } = await setup({
      hold: (req) => {
        if (req.index === 1) return undefined;
        if (req.index === 6) arrived();
        return gate;
      },
    });
    await ask(model, { maxTokens: 50 });
    const calls = Array.from({ length: 5 }, () => ask(model, { maxTokens: 50 }));
    await allArrived;
    expect(server.open).toBe(5);
    release();
    await Promise.all(calls);
    expect(server.requests).toHaveLength(6);
  });

  it("resends a request that was sent before another one learned the same refusal", async () => {
    let refusing = false;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived!: () => void;
    const bothArrived = new Promise<void>((resolve) => (arrived = resolve));
    const { server, events, model } = await setup({
      answer: (req) =>
        refusing && "prompt_cache_key" in req.body
          ? {
              status: 400,
              body: {
                error: {
                  message:
                    "Unsupported parameter: 'prompt_cache_key' is not supported with this model.",
                  param: "prompt_cache_key",
                  code: "unsupported_parameter",
                },
              },
            }
          : { content: "ok" },
      hold: (req) => {
        if (req.index === 1 || req.index > 3) return undefined;
        if (req.index === 3) arrived();
        return gate;
      },
    });
    // Accepted once; then the server changes its mind while two requests carry it.
    await ask(model, { promptCacheKey: "k" });
    refusing = true;
    const calls = [ask(model, { promptCacheKey: "k" }), ask(model, { promptCacheKey: "k" })];
    await bothArrived;
    release();
    await Promise.all(calls);
    expect(server.requests).toHaveLength(5);
    expect(server.requests.slice(3).every((r) => !("prompt_cache_key" in r.body))).toBe(true);
    expect(negotiated(events)).toHaveLength(1);
  });

  it("shares what is learned by every client of the same base URL and model, not other models", async () => {
    const { server, negotiation, model } = await setup({ refuses: { prompt_cache_key: "openai" } });
    const sibling = createOpenAIModel({
      baseUrl: server.url,
      apiKey: "k",
      model: "m1",
      negotiation,
    });
    const other = createOpenAIModel({ baseUrl: server.url, apiKey: "k", model: "m2", negotiation });
    await ask(model, { promptCacheKey: "k" });
    expect(server.requests).toHaveLength(2);
    await ask(sibling, { promptCacheKey: "k" });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]!.body).not.toHaveProperty("prompt_cache_key");
    await ask(other, { promptCacheKey: "k" });
    expect(server.requests[3]!.body).toHaveProperty("prompt_cache_key", "k");
    expect(server.requests).toHaveLength(5);
  });

  it("stops waiting when the caller aborts, leaving no listener", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { server, model } = await setup({ hold: () => gate });
    const first = ask(model, { maxTokens: 10 });
    const controller = new AbortController();
    const waiting = model.complete([{ role: "user", content: "x" }], [], controller.signal, {
      maxTokens: 10,
    });
    controller.abort(new Error("stopped"));
    await expect(waiting).rejects.toThrow("stopped");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    release();
    await first;
    expect(server.requests).toHaveLength(1);
  });
});
