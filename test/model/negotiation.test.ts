// The adapter's negotiation, through the real openai SDK against a loopback server that refuses
// parameters the way real servers word it.
import { afterEach, describe, expect, it } from "vitest";
import type { NegotiationOptions } from "../../src/model/negotiation.js";
import type { OpenAIModelOptions } from "../../src/model/openai-model.js";
import type { ModelPort, ToolSpec } from "../../src/model/port.js";
import { CapRefusedError } from "../../src/model/wire-params.js";
import {
  ask,
  negotiated,
  negotiatingModel,
  type NegotiatingModel,
} from "../support/negotiating-model.js";
import type { RefusalStyle } from "../support/refusing-model-server.js";

let world: NegotiatingModel | undefined;
afterEach(async () => {
  await world?.server.close();
  world = undefined;
});

async function setup(...args: Parameters<typeof negotiatingModel>) {
  world = await negotiatingModel(...args);
  return world;
}

const TOOL: ToolSpec = {
  type: "function",
  function: { name: "read", description: "read", parameters: { type: "object", properties: {} } },
};
const SCHEMA = {
  name: "findings",
  schema: { type: "object", properties: {}, required: [], additionalProperties: false },
};

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
