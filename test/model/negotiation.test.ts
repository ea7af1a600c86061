// The adapter's negotiation, through the real openai SDK against a loopback server that refuses
// parameters the way real servers word it.
import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import type { JournalEvent } from "../../src/journal/events.js";
import { ModelNegotiation, type NegotiationOptions } from "../../src/model/negotiation.js";
import { createOpenAIModel, type OpenAIModelOptions } from "../../src/model/openai-model.js";
import type { ModelPort, ToolSpec } from "../../src/model/port.js";
import { CapRefusedError } from "../../src/model/wire-params.js";
import {
  startRefusingModelServer,
  type RefusalStyle,
  type RefusingServer,
  type RefusingServerOptions,
} from "../support/refusing-model-server.js";

let server: RefusingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const TOOL: ToolSpec = {
  type: "function",
  function: { name: "read", description: "read", parameters: { type: "object", properties: {} } },
};
const SCHEMA = {
  name: "findings",
  schema: { type: "object", properties: {}, required: [], additionalProperties: false },
};

function journaled() {
  const events: JournalEvent[] = [];
  return { events, journal: { emit: (e: JournalEvent) => void events.push(e) } };
}

async function setup(
  serverOpts: RefusingServerOptions,
  negotiationOpts: NegotiationOptions = {},
  modelOpts: Partial<OpenAIModelOptions> = {},
) {
  server = await startRefusingModelServer(serverOpts);
  const { events, journal } = journaled();
  const negotiation = new ModelNegotiation({ journal, ...negotiationOpts });
  const model = createOpenAIModel({
    baseUrl: server.url,
    apiKey: "sk-test",
    model: "m1",
    negotiation,
    ...modelOpts,
  });
  return { server, events, negotiation, model };
}

const ask = (
  model: ModelPort,
  options: Parameters<ModelPort["complete"]>[3] = {},
  tools: ToolSpec[] = [],
) =>
  model.complete(
    [{ role: "user", content: "Answer in JSON." }],
    tools,
    new AbortController().signal,
    options,
  );

const negotiated = (events: JournalEvent[]) =>
  events.filter(
    (e): e is Extract<JournalEvent, { type: "model.negotiated" }> => e.type === "model.negotiated",
  );

/** Each refusal: what the first request carries, what its resend carries instead. */
const KINDS: {
  refused: string;
  style: RefusalStyle;
  negotiation?: NegotiationOptions;
  model?: Partial<OpenAIModelOptions>;
  options?: Parameters<ModelPort["complete"]>[3];
  tools?: ToolSpec[];
  /** The key sent in its place, if any. */
  instead?: string;
}[] = [
  {
    refused: "max_tokens",
    style: "openai",
    options: { maxTokens: 100 },
    instead: "max_completion_tokens",
  },
  {
    refused: "max_completion_tokens",
    style: "azure",
    negotiation: { tokenLimitParam: "max_completion_tokens" },
    options: { maxTokens: 100 },
    instead: "max_tokens",
  },
  { refused: "temperature", style: "openai", model: { sampling: { temperature: 0.2 } } },
  { refused: "tool_choice", style: "fastapi", tools: [TOOL] },
  {
    refused: "parallel_tool_calls",
    style: "gemini",
    model: { sampling: { parallelToolCalls: false } },
  },
  { refused: "prompt_cache_key", style: "text", options: { promptCacheKey: "k1" } },
  { refused: "reasoning_effort", style: "azure", negotiation: { reasoningEffort: "low" } },
];

describe("negotiation of refused parameters", () => {
  it.each(KINDS)(
    "resends once without $refused ($style), remembers it and journals it",
    async (kind) => {
      const { server, events, model } = await setup(
        { refuses: { [kind.refused]: kind.style } },
        kind.negotiation,
        kind.model,
      );
      const first = await ask(model, kind.options, kind.tools);
      expect(first.content).toBe("ok");
      expect(server.requests).toHaveLength(2);
      expect(server.requests[0]!.body).toHaveProperty(kind.refused);
      expect(server.requests[1]!.body).not.toHaveProperty(kind.refused);
      if (kind.instead) expect(server.requests[1]!.body).toHaveProperty(kind.instead, 100);

      await ask(model, kind.options, kind.tools);
      expect(server.requests).toHaveLength(3);
      expect(server.requests[2]!.body).not.toHaveProperty(kind.refused);

      expect(negotiated(events)).toEqual([
        expect.objectContaining({
          baseUrl: server.url,
          model: "m1",
          refused: kind.refused,
          instead: kind.instead ?? "nothing",
          status: kind.style === "fastapi" ? 422 : 400,
        }),
      ]);
      expect(negotiated(events)[0]!.error).toContain(kind.refused);
    },
  );

  it("steps response_format down from json_schema to json_object to the prompt alone", async () => {
    const { server, events, model } = await setup({
      refuses: { "response_format:json_schema": "openai", "response_format:json_object": "text" },
    });
    await ask(model, { structured: SCHEMA });
    const formats = server.requests.map(
      (r) => (r.body as { response_format?: unknown }).response_format,
    );
    expect(formats).toEqual([
      { type: "json_schema", json_schema: { ...SCHEMA, strict: true } },
      { type: "json_object" },
      undefined,
    ]);
    await ask(model, { structured: SCHEMA });
    expect(server.requests).toHaveLength(4);
    expect(server.requests[3]!.body).not.toHaveProperty("response_format");
    expect(negotiated(events).map((e) => [e.refused, e.instead])).toEqual([
      ["response_format json_schema", "response_format json_object"],
      ["response_format json_object", "nothing: the prompt alone asks for JSON"],
    ]);
  });

  it("keeps json_object when only json_schema is refused", async () => {
    const { server, model } = await setup({
      refuses: { "response_format:json_schema": "fastapi" },
    });
    await ask(model, { structured: SCHEMA });
    await ask(model, { structured: SCHEMA });
    expect(
      server.requests.map(
        (r) => (r.body as { response_format?: { type: string } }).response_format?.type,
      ),
    ).toEqual(["json_schema", "json_object", "json_object"]);
  });

  it("ends in a clear error, after two requests, when both cap names are refused; never sends again", async () => {
    const { server, events, model } = await setup({
      refuses: { max_tokens: "openai", max_completion_tokens: "azure" },
    });
    await expect(ask(model, { maxTokens: 100 })).rejects.toThrow(CapRefusedError);
    expect(server.requests).toHaveLength(2);
    await expect(ask(model, { maxTokens: 100 })).rejects.toThrow(
      /refuses both max_completion_tokens and max_tokens/,
    );
    expect(server.requests).toHaveLength(2);
    expect(negotiated(events).map((e) => e.instead)).toEqual([
      "max_completion_tokens",
      "nothing: both cap names are refused",
    ]);
  });

  it("learns several refusals of one request, one resend each, and no more", async () => {
    const { server, model } = await setup(
      { refuses: { prompt_cache_key: "openai", reasoning_effort: "gemini", tool_choice: "text" } },
      { reasoningEffort: "high" },
    );
    await ask(model, { promptCacheKey: "k" }, [TOOL]);
    expect(server.requests).toHaveLength(4);
    const last = server.requests[3]!.body;
    expect(last).not.toHaveProperty("prompt_cache_key");
    expect(last).not.toHaveProperty("reasoning_effort");
    expect(last).not.toHaveProperty("tool_choice");
    expect(last).toHaveProperty("tools");
  });

  it("never retries a 400 that refuses nothing it sent", async () => {
    const { server, events, model } = await setup({
      answer: () => ({
        status: 400,
        body: {
          error: {
            message:
              "max_tokens is too large: 999999. This model supports at most 16384 completion tokens.",
            type: "invalid_request_error",
            param: "max_tokens",
            code: "invalid_value",
          },
        },
      }),
    });
    await expect(ask(model, { maxTokens: 999_999 })).rejects.toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
    expect(negotiated(events)).toEqual([]);
  });

  it("does not take a refusal of a parameter the request did not carry for one", async () => {
    const { server, model } = await setup({
      answer: () => ({
        status: 400,
        body: "unsupported parameter: temperature",
        contentType: "text/plain",
      }),
    });
    await expect(ask(model)).rejects.toMatchObject({ status: 400 });
    expect(server.requests).toHaveLength(1);
  });
});

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
