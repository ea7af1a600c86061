// DeepSeek's, Groq's and Mistral's emulators: the providers that validate requests hardest.
import { afterEach, describe, expect, it } from "vitest";
import type { Emulator } from "../support/providers/core.js";
import { startDeepSeek } from "../support/providers/deepseek.js";
import { groqToolUseFailed, startGroq } from "../support/providers/groq.js";
import { startMistral } from "../support/providers/mistral.js";
import { clientFor, failure, READ_TOOL, USER } from "./client.js";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const toolTurn = (id: string, extra: object = {}) => [
  ...USER,
  {
    role: "assistant" as const,
    content: null,
    tool_calls: [
      { id, type: "function" as const, function: { name: "git_diff", arguments: "{}" } },
    ],
    ...extra,
  },
  { role: "tool" as const, tool_call_id: id, content: "diff --git a/x b/x" },
];

describe("the DeepSeek emulator", () => {
  it("answers deepseek-reasoner with reasoning_content and DeepSeek's cache fields", async () => {
    emulator = await startDeepSeek({ fallback: { content: "hi", reasoning: "Think first." } });
    expect(emulator.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { client, lastJson } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "deepseek-reasoner",
      messages: USER,
    });
    expect(lastJson()).toMatchObject({
      choices: [{ message: { content: "hi", reasoning_content: "Think first." } }],
      usage: {
        prompt_cache_hit_tokens: expect.any(Number),
        completion_tokens_details: { reasoning_tokens: 3 },
      },
    });
    expect(reply.usage!.prompt_tokens_details).toBeUndefined();
    const plain = await client.chat.completions.create({ model: "deepseek-chat", messages: USER });
    expect(plain.choices[0]!.message).not.toHaveProperty("reasoning_content");
  });

  it("refuses, in thinking mode, logprobs and a tool turn whose reasoning_content was dropped", async () => {
    emulator = await startDeepSeek({ fallback: { content: "hi" } });
    const { client } = clientFor(emulator);
    const logprobs = await failure(
      client.chat.completions.create({
        model: "deepseek-reasoner",
        messages: USER,
        logprobs: true,
      }),
    );
    expect(logprobs.status).toBe(400);
    const dropped = await failure(
      client.chat.completions.create({ model: "deepseek-reasoner", messages: toolTurn("call_1") }),
    );
    expect(dropped.message).toBe(
      "400 The reasoning_content in the thinking mode must be passed back to the API.",
    );
    const kept = toolTurn("call_1", { reasoning_content: "I need the diff." });
    await client.chat.completions.create({ model: "deepseek-reasoner", messages: kept });
    // Without thinking the same conversation needs no reasoning back.
    await client.chat.completions.create({ model: "deepseek-chat", messages: toolTurn("call_1") });
    expect(emulator.refused).toHaveLength(2);
  });
});

describe("the Groq emulator", () => {
  it("refuses the fields its documentation lists, and max_completion_tokens as in 2024", async () => {
    emulator = await startGroq({ fallback: { content: "hi" } });
    const { client, lastJson } = clientFor(emulator);
    const ask = (extra: object) =>
      client.chat.completions.create({ model: "openai/gpt-oss-20b", messages: USER, ...extra });
    for (const extra of [{ logprobs: true }, { logit_bias: { 1: 1 } }, { n: 2 }]) {
      expect((await failure(ask(extra))).status).toBe(400);
    }
    const cap = await failure(ask({ max_completion_tokens: 10 }));
    expect(cap.message).toBe(
      "400 property 'max_completion_tokens' is unsupported, did you mean 'max_tokens'?",
    );
    expect(lastJson()).toEqual({
      error: { message: expect.any(String), type: "invalid_request_error" },
    });
    const json = await failure(
      ask({ response_format: { type: "json_object" }, tools: [READ_TOOL] }),
    );
    expect(json.message).toContain("json_object cannot be combined with tool/function calling");
    await expect(ask({ max_tokens: 10 })).resolves.toBeDefined();
  });

  it("fails a tool call the model garbled with tool_use_failed", async () => {
    emulator = await startGroq({ script: [groqToolUseFailed()] });
    const { client } = clientFor(emulator);
    const failed = await failure(
      client.chat.completions.create({
        model: "openai/gpt-oss-20b",
        messages: USER,
        tools: [READ_TOOL],
      }),
    );
    expect(failed).toMatchObject({ status: 400, code: "tool_use_failed" });
  });
});

describe("the Mistral emulator", () => {
  it("refuses extra inputs with a 422 whose reason only the raw body holds", async () => {
    emulator = await startMistral({ fallback: { content: "hi" } });
    const { client, lastJson } = clientFor(emulator);
    const refused = await failure(
      client.chat.completions.create({
        model: "mistral-small-latest",
        messages: USER,
        max_completion_tokens: 32000,
      }),
    );
    expect(refused.status).toBe(422);
    // No `error` key: the SDK keeps neither the field nor the reason.
    expect(refused.message).toBe("422 status code (no body)");
    expect(lastJson()).toEqual({
      object: "error",
      message: {
        detail: [
          {
            type: "extra_forbidden",
            loc: ["body", "max_completion_tokens"],
            msg: "Extra inputs are not permitted",
            input: 32000,
          },
        ],
      },
      type: "invalid_request_error",
      param: null,
      code: null,
    });
  });

  it("refuses reasoning_content sent back and tool-call ids not of its own form", async () => {
    emulator = await startMistral({
      script: [{ toolCalls: [{ name: "git_diff", arguments: {} }] }],
    });
    const { client, lastJson } = clientFor(emulator);
    const model = "mistral-small-latest";
    const reply = await client.chat.completions.create({
      model,
      messages: USER,
      tools: [READ_TOOL],
    });
    const id = reply.choices[0]!.message.tool_calls![0]!.id;
    expect(id).toMatch(/^[a-zA-Z0-9]{9}$/);
    const echoed = toolTurn(id, { reasoning_content: "x" }) as never;
    expect(
      (await failure(client.chat.completions.create({ model, messages: echoed }))).status,
    ).toBe(422);
    expect(lastJson()).toMatchObject({
      message: { detail: [{ loc: ["body", "messages", 1, "assistant", "reasoning_content"] }] },
    });
    const foreign = await failure(
      client.chat.completions.create({ model, messages: toolTurn("call_abc") }),
    );
    expect(foreign.status).toBe(400);
    expect(lastJson()).toMatchObject({ type: "invalid_function_call", code: "3280" });
  });
});
