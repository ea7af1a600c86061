// The hosted providers' emulators, driven by the real openai SDK: each refuses what its provider
// refuses, in the provider's own status and body, and answers the rest in its own shape.
import { afterEach, describe, expect, it } from "vitest";
import { AZURE_KEY, startAzure } from "../support/providers/azure.js";
import type { Emulator } from "../support/providers/core.js";
import { startGemini } from "../support/providers/gemini.js";
import { startOpenAI } from "../support/providers/openai.js";
import { openRouterMidstreamError, startOpenRouter } from "../support/providers/openrouter.js";
import { startAnthropic } from "../support/providers/anthropic.js";
import { clientFor, failure, READ_TOOL, USER } from "./client.js";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

describe("the OpenAI emulator", () => {
  it("refuses max_tokens and a temperature for reasoning models, as OpenAI words it", async () => {
    emulator = await startOpenAI({ fallback: { content: "hi" } });
    const { client } = clientFor(emulator);
    const ask = (extra: object) =>
      client.chat.completions.create({ model: "o4-mini", messages: USER, ...extra });
    const capped = await failure(ask({ max_tokens: 100 }));
    expect(capped.status).toBe(400);
    expect(capped).toMatchObject({ param: "max_tokens", code: "unsupported_parameter" });
    expect(capped.message).toContain("Use 'max_completion_tokens' instead.");
    const hot = await failure(ask({ temperature: 0.2 }));
    expect(hot).toMatchObject({ param: "temperature", code: "unsupported_value" });
    const parallel = await failure(ask({ parallel_tool_calls: false, tools: [READ_TOOL] }));
    expect(parallel).toMatchObject({ param: "parallel_tool_calls" });
    // gpt-5 takes parallel_tool_calls; every reasoning model takes max_completion_tokens.
    await client.chat.completions.create({
      model: "gpt-5-mini",
      messages: USER,
      tools: [READ_TOOL],
      parallel_tool_calls: false,
      max_completion_tokens: 4096,
    });
    expect(emulator.refused).toHaveLength(3);
  });

  it("reports reasoning tokens inside completion tokens, and a cap they use up as an empty length", async () => {
    emulator = await startOpenAI({ fallback: { content: "hi", reasoningTokens: 300 } });
    const { client } = clientFor(emulator);
    const ask = (cap: number) =>
      client.chat.completions.create({ model: "o3", messages: USER, max_completion_tokens: cap });
    const roomy = await ask(4096);
    expect(roomy.choices[0]!.message.content).toBe("hi");
    expect(roomy.usage!.completion_tokens_details!.reasoning_tokens).toBe(300);
    expect(roomy.usage!.completion_tokens).toBeGreaterThan(300);
    const tight = await ask(200);
    expect(tight.choices[0]).toMatchObject({ finish_reason: "length", message: { content: "" } });
    expect(tight.usage).toMatchObject({ completion_tokens: 200 });
    expect(tight.usage!.completion_tokens_details!.reasoning_tokens).toBe(200);
  });

  it("keeps max_tokens for other models, refuses reasoning_effort and orphan tool messages", async () => {
    emulator = await startOpenAI({ fallback: { content: "hi" } });
    const { client } = clientFor(emulator);
    const ok = await client.chat.completions.create({
      model: "gpt-4.1-mini",
      messages: USER,
      max_tokens: 50,
    });
    expect(ok.usage!.completion_tokens_details).toBeUndefined();
    const effort = await failure(
      client.chat.completions.create({
        model: "gpt-4.1-mini",
        messages: USER,
        reasoning_effort: "low",
      }),
    );
    expect(effort).toMatchObject({ status: 400, param: "reasoning_effort" });
    const orphan = await failure(
      client.chat.completions.create({
        model: "gpt-4.1-mini",
        messages: [...USER, { role: "tool", tool_call_id: "call_x", content: "out" }],
      }),
    );
    expect(orphan).toMatchObject({ status: 400, param: "messages.[1].role" });
  });

  it("refuses a strict schema whose required list leaves a property out", async () => {
    emulator = await startOpenAI({ fallback: { content: "{}" } });
    const { client } = clientFor(emulator);
    const schema = (required: string[]) => ({
      type: "object",
      properties: {
        findings: {
          type: "array",
          items: { type: "object", properties: { line: { type: "integer" } }, required },
        },
      },
      required: ["findings"],
      additionalProperties: false,
    });
    const ask = (required: string[]) =>
      client.chat.completions.create({
        model: "gpt-4.1-mini",
        messages: USER,
        response_format: {
          type: "json_schema",
          json_schema: { name: "review", strict: true, schema: schema(required) },
        },
      });
    const bad = await failure(ask([]));
    expect(bad.message).toContain(
      "Invalid schema for response_format 'review': In context=('properties', 'findings', 'items'), 'required' is required",
    );
    await expect(ask(["line"])).resolves.toBeDefined();
  });
});

describe("the Azure OpenAI emulator", () => {
  it("takes the key in api-key only, answering others with Azure's 401", async () => {
    emulator = await startAzure({ fallback: { content: "hi" } });
    expect(emulator.url).toMatch(/\/openai\/v1$/);
    const bearer = clientFor(emulator, { apiKey: AZURE_KEY });
    const denied = await failure(
      bearer.client.chat.completions.create({ model: "gpt-5-mini", messages: USER }),
    );
    expect(denied.status).toBe(401);
    expect(bearer.lastJson()).toMatchObject({ error: { code: "401" } });
    const keyed = clientFor(emulator, { headers: { "api-key": AZURE_KEY } });
    const reply = await keyed.client.chat.completions.create({
      model: "gpt-5-mini",
      messages: USER,
      max_completion_tokens: 4096,
    });
    expect(reply.choices[0]!.message.content).toBe("hi");
    expect(emulator.requests.at(-1)!.headers["api-key"]).toBe(AZURE_KEY);
  });
});

describe("the Gemini emulator", () => {
  it("refuses an unknown field with a JSON array the SDK cannot read", async () => {
    emulator = await startGemini({ fallback: { content: "hi" } });
    const { client, seen, lastJson } = clientFor(emulator);
    const refused = await failure(
      client.chat.completions.create({
        model: "gemini-2.5-flash",
        messages: USER,
        prompt_cache_key: "k",
      }),
    );
    expect(refused.status).toBe(400);
    // The SDK looks for body.error; an array has none, so the reason is lost to it.
    expect(refused.message).toBe("400 status code (no body)");
    expect(seen[0]!.status).toBe(400);
    expect(lastJson()).toEqual([
      expect.objectContaining({
        error: expect.objectContaining({
          status: "INVALID_ARGUMENT",
          message:
            'Invalid JSON payload received. Unknown name "prompt_cache_key": Cannot find field.',
        }),
      }),
    ]);
  });

  it("answers tool calls with empty, repeated ids and finish_reason stop", async () => {
    const calls = [
      { name: "git_diff", arguments: { path: "a.ts" } },
      { name: "git_diff", arguments: { path: "b.ts" } },
    ];
    emulator = await startGemini({ script: [{ toolCalls: calls }] });
    const { client } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "gemini-2.5-flash",
      messages: USER,
      tools: [READ_TOOL],
    });
    const choice = reply.choices[0]!;
    expect(choice.finish_reason).toBe("stop");
    expect(choice.message.tool_calls!.map((c) => c.id)).toEqual(["", ""]);
    expect(reply.usage).toMatchObject({
      prompt_tokens_details: null,
      completion_tokens_details: null,
    });
  });
});

describe("the Anthropic emulator", () => {
  it("ignores response_format and reasoning_effort but refuses n other than 1", async () => {
    emulator = await startAnthropic({ fallback: { content: '{"findings": []}' } });
    const { client } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "claude-sonnet-4-5",
      messages: USER,
      reasoning_effort: "high",
      response_format: { type: "json_object" },
    });
    expect(reply.choices[0]!.message.content).toMatch(
      /^Here is my review\.\n\n```json\n\{"findings": \[\]\}\n```$/,
    );
    const many = await failure(
      client.chat.completions.create({ model: "claude-sonnet-4-5", messages: USER, n: 2 }),
    );
    expect(many).toMatchObject({ status: 400, param: "n" });
  });
});

describe("the OpenRouter emulator", () => {
  it("answers a failure after the model started with a 200 that has no choices", async () => {
    emulator = await startOpenRouter({ script: [openRouterMidstreamError(502)] });
    const { client } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "anthropic/claude-sonnet-4",
      messages: USER,
    });
    expect(reply.choices).toBeUndefined();
    expect(reply).toMatchObject({ error: { code: 502 } });
  });

  it("sends an argument-less call of an Anthropic model as arguments '', with cost in usage", async () => {
    emulator = await startOpenRouter({
      script: [{ toolCalls: [{ name: "git_diff", arguments: {} }], reasoning: "Reading." }],
    });
    const { client } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "anthropic/claude-sonnet-4",
      messages: USER,
      tools: [READ_TOOL],
    });
    const choice = reply.choices[0]!;
    expect(choice.message.tool_calls![0]).toMatchObject({ function: { arguments: "" } });
    expect(choice).toMatchObject({
      native_finish_reason: "tool_use",
      message: { reasoning: "Reading." },
    });
    expect(reply.usage).toMatchObject({ cost: expect.any(Number), is_byok: false });
  });
});
