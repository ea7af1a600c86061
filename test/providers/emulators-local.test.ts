// The local servers' emulators (Ollama, llama.cpp, vLLM, LM Studio), driven by the openai SDK.
import { afterEach, describe, expect, it } from "vitest";
import type { Emulator } from "../support/providers/core.js";
import { startLlamaCpp } from "../support/providers/llamacpp.js";
import { startLmStudio } from "../support/providers/lmstudio.js";
import { startOllama } from "../support/providers/ollama.js";
import { startVllm, VLLM_CRASH } from "../support/providers/vllm.js";
import { clientFor, failure, READ_TOOL, USER } from "./client.js";

let emulator: Emulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

const call = { toolCalls: [{ name: "git_diff", arguments: { path: "a.ts" } }] };

describe("the Ollama emulator", () => {
  it("answers a missing model and a wrong path as Ollama does", async () => {
    emulator = await startOllama({ models: ["qwen3:8b"], fallback: { content: "hi" } });
    const { client, seen } = clientFor(emulator);
    const missing = await failure(
      client.chat.completions.create({ model: "llama3", messages: USER }),
    );
    expect(missing.status).toBe(404);
    expect(missing.message).toBe('404 model "llama3" not found, try pulling it first');
    const root = clientFor(emulator, { baseURL: emulator.url.replace(/\/v1$/, "") });
    const wrong = await failure(
      root.client.chat.completions.create({ model: "qwen3:8b", messages: USER }),
    );
    expect(wrong.message).toBe("404 404 page not found");
    expect(root.seen[0]).toMatchObject({ contentType: "text/plain", text: "404 page not found" });
    expect(seen).toHaveLength(1);
  });

  it("caps with max_tokens only, and puts a thinking model's text in reasoning", async () => {
    emulator = await startOllama({ fallback: { content: "x".repeat(400), reasoning: "hmm" } });
    const { client } = clientFor(emulator);
    const ask = (extra: object) =>
      client.chat.completions.create({ model: "qwen3:8b", messages: USER, ...extra });
    expect((await ask({ max_tokens: 10 })).choices[0]!.finish_reason).toBe("length");
    const ignored = await ask({ max_completion_tokens: 10 });
    expect(ignored.choices[0]).toMatchObject({
      finish_reason: "stop",
      message: { reasoning: "hmm" },
    });
    await emulator.close();
    emulator = await startOllama({ reasoningOnly: true, fallback: { content: "the answer" } });
    const only = await clientFor(emulator).client.chat.completions.create({
      model: "gemma4",
      messages: USER,
    });
    expect(only.choices[0]!.message).toMatchObject({ content: "", reasoning: "the answer" });
  });
});

describe("the llama.cpp emulator", () => {
  it("fails tools without --jinja with a 500, and can send arguments as an object", async () => {
    emulator = await startLlamaCpp({ jinja: false, fallback: call });
    const plain = clientFor(emulator).client;
    const noJinja = await failure(
      plain.chat.completions.create({ model: "m", messages: USER, tools: [READ_TOOL] }),
    );
    expect(noJinja.status).toBe(500);
    expect(noJinja.message).toBe("500 tools param requires --jinja flag");
    await emulator.close();
    emulator = await startLlamaCpp({
      toolArgsObject: true,
      emptyToolCallIds: true,
      fallback: call,
    });
    const reply = await clientFor(emulator).client.chat.completions.create({
      model: "m",
      messages: USER,
      tools: [READ_TOOL],
    });
    const toolCall = reply.choices[0]!.message.tool_calls![0]!;
    expect(toolCall).toMatchObject({ id: "", function: { arguments: { path: "a.ts" } } });
  });

  it("puts reasoning in reasoning_content and adds its timings", async () => {
    emulator = await startLlamaCpp({ fallback: { content: "hi", reasoning: "hmm" } });
    const { client, lastJson } = clientFor(emulator);
    await client.chat.completions.create({ model: "m", messages: USER });
    expect(lastJson()).toMatchObject({
      choices: [{ message: { content: "hi", reasoning_content: "hmm" } }],
      timings: { predicted_n: expect.any(Number) },
    });
  });
});

describe("the vLLM emulator", () => {
  it("ignores unknown fields, answers in its own shape and can crash in plain text", async () => {
    emulator = await startVllm({
      script: [{ content: "hi", reasoning: "hmm" }, { raw: VLLM_CRASH }],
    });
    const { client } = clientFor(emulator);
    const reply = await client.chat.completions.create({
      model: "Qwen/Qwen3-8B",
      messages: USER,
      prompt_cache_key: "ignored",
    });
    expect(reply.choices[0]).toMatchObject({
      stop_reason: null,
      message: { content: "hi", reasoning: "hmm", tool_calls: [] },
    });
    const crash = await failure(
      client.chat.completions.create({ model: "Qwen/Qwen3-8B", messages: USER }),
    );
    expect(crash.message).toBe("500 Internal Server Error");
  });

  it("refuses tool_choice auto without its flags, in the old or the current envelope", async () => {
    for (const legacyErrors of [false, true]) {
      emulator = await startVllm({ autoToolChoice: false, legacyErrors });
      const { client } = clientFor(emulator);
      const refused = await failure(
        client.chat.completions.create({
          model: "m",
          messages: USER,
          tools: [READ_TOOL],
          tool_choice: "auto",
        }),
      );
      expect(refused.status).toBe(400);
      expect(refused.message).toBe(
        legacyErrors
          ? "400 status code (no body)"
          : '400 "auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      );
      await emulator.close();
      emulator = undefined;
    }
  });
});

describe("the LM Studio emulator", () => {
  it("refuses json_object with a bare string error and numbers its tool calls", async () => {
    emulator = await startLmStudio({ fallback: call });
    const { client } = clientFor(emulator);
    const refused = await failure(
      client.chat.completions.create({
        model: "m",
        messages: USER,
        response_format: { type: "json_object" },
      }),
    );
    expect(refused.message).toBe(`400 "'response_format.type' must be 'json_schema' or 'text'"`);
    const reply = await client.chat.completions.create({
      model: "m",
      messages: USER,
      tools: [READ_TOOL],
      response_format: { type: "json_schema", json_schema: { name: "x", schema: {} } },
    });
    expect(reply.choices[0]!.message.tool_calls![0]!.id).toMatch(/^\d+$/);
  });
});
