import OpenAI, { APIError } from "openai";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  startModelServer,
  type ModelServer,
  type ModelServerOptions,
  type Step,
} from "./model-server.js";

const tools: OpenAI.ChatCompletionTool[] = [
  {
    type: "function",
    function: {
      name: "read_file",
      description: "Read a file",
      parameters: { type: "object", properties: { path: { type: "string" } } },
    },
  },
];

let server: ModelServer | undefined;

async function start(script: Step[] = [], opts?: ModelServerOptions) {
  server = await startModelServer(script, opts);
  const client = (maxRetries = 0) =>
    new OpenAI({ baseURL: server!.url, apiKey: "sk-test", maxRetries, timeout: 5_000 });
  return { server, client: client(), clientWithRetries: client };
}

const ask = (
  client: OpenAI,
  text = "hello",
  extra: Partial<OpenAI.ChatCompletionCreateParamsNonStreaming> = {},
) =>
  client.chat.completions.create({
    model: "gpt-test",
    messages: [{ role: "user", content: text }],
    ...extra,
  });

afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("startModelServer", () => {
  it("listens on loopback and answers a scripted text step", async () => {
    const { server, client } = await start([{ content: "Hi there" }]);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const answer = await ask(client);
    expect(answer.object).toBe("chat.completion");
    expect(answer.model).toBe("gpt-test");
    expect(answer.choices[0]?.message).toMatchObject({ role: "assistant", content: "Hi there" });
    expect(answer.choices[0]?.finish_reason).toBe("stop");
    server.assertDone();
  });

  it("round-trips tool call arguments, objects and raw strings", async () => {
    const { server, client } = await start([
      {
        toolCalls: [
          { name: "read_file", arguments: { path: "src/a.ts", lines: [1, 2] } },
          { name: "read_file", arguments: "{not json" },
          { name: "read_file", arguments: {}, id: "call_mine" },
        ],
      },
    ]);
    const answer = await ask(client, "read it", { tools });
    const choice = answer.choices[0]!;
    expect(choice.finish_reason).toBe("tool_calls");
    expect(choice.message.content).toBeNull();
    const [first, second, third] = choice.message
      .tool_calls as OpenAI.ChatCompletionMessageFunctionToolCall[];
    expect(first!.type).toBe("function");
    expect(first!.function.name).toBe("read_file");
    expect(JSON.parse(first!.function.arguments)).toEqual({ path: "src/a.ts", lines: [1, 2] });
    expect(second!.function.arguments).toBe("{not json");
    expect(first!.id).not.toBe(second!.id);
    expect(third!.id).toBe("call_mine");
    server.assertDone();
  });

  it("reports given usage, and estimates usage when none is given", async () => {
    const usage = {
      prompt_tokens: 120,
      completion_tokens: 7,
      prompt_tokens_details: { cached_tokens: 100 },
    };
    const { server, client } = await start([{ content: "a", usage }, { content: "b".repeat(40) }]);
    expect((await ask(client)).usage).toMatchObject({ ...usage, total_tokens: 127 });
    const estimated = (await ask(client, "x".repeat(400))).usage!;
    expect(estimated.prompt_tokens).toBeGreaterThan(100);
    expect(estimated.completion_tokens).toBe(10);
    expect(estimated.total_tokens).toBe(estimated.prompt_tokens + estimated.completion_tokens);
    server.assertDone();
  });

  it("records every request: path, headers, model, messages and tools", async () => {
    const { server, client } = await start([
      { content: "one" },
      { content: "two", model: "other-model" },
    ]);
    await ask(client, "first");
    const second = await ask(client, "second", { tools });
    expect(second.model).toBe("other-model");
    expect(server.requests).toHaveLength(2);
    const [a, b] = server.requests;
    expect(a).toMatchObject({ index: 1, method: "POST", path: "/v1/chat/completions" });
    expect(a!.headers.authorization).toBe("Bearer sk-test");
    expect(a!.body.messages).toEqual([{ role: "user", content: "first" }]);
    expect(b!.body.model).toBe("gpt-test");
    expect(b!.body.tools).toEqual(tools);
    server.assertDone();
  });

  it("assertDone lists leftover steps", async () => {
    const { server, client } = await start([{ content: "used" }, { content: "never asked" }]);
    await ask(client);
    expect(() => server.assertDone()).toThrow(
      /1 scripted step\(s\) never called:\n\s+step 2: .*never asked/,
    );
  });

  it("answers an unexpected call with 500 and fails assertDone", async () => {
    const { server, client } = await start();
    const failure = await ask(client, "anyone there?").catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(OpenAI.APIError);
    expect((failure as APIError).status).toBe(500);
    expect(server.errors).toEqual([
      expect.stringMatching(/^unexpected call #1: the script is empty .*anyone there/),
    ]);
    expect(() => server.assertDone()).toThrow(/unexpected call #1/);
  });

  it("records unknown routes as errors and answers 404", async () => {
    const { server, client } = await start();
    await expect(client.models.list()).rejects.toMatchObject({ status: 404 });
    expect(server.errors).toEqual(["unexpected route: GET /v1/models"]);
    expect(server.requests).toEqual([]);
  });

  it("surfaces an error step as APIError with status, message and headers", async () => {
    const { server, client } = await start([
      { status: 503, error: "overloaded", headers: { "x-request-id": "req_1" } },
    ]);
    const failure = await ask(client).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(OpenAI.InternalServerError);
    const apiError = failure as APIError;
    expect(apiError.status).toBe(503);
    expect(apiError.message).toContain("overloaded");
    expect(apiError.type).toBe("server_error");
    expect(apiError.requestID).toBe("req_1");
    server.assertDone();
  });

  it("lets the client retry a 429 and then succeed", async () => {
    const { server, clientWithRetries } = await start([
      { status: 429, error: "slow down" },
      { content: "after retry" },
    ]);
    const answer = await ask(clientWithRetries(2));
    expect(answer.choices[0]?.message.content).toBe("after retry");
    expect(server.requests.map((r) => r.headers["x-stainless-retry-count"])).toEqual(["0", "1"]);
    server.assertDone();
  });

  it("fails the call and records the error when a step's expect throws", async () => {
    const { server, client } = await start([
      { content: "unused", expect: (req) => expect(req.body.tools).toBeDefined() },
    ]);
    await expect(ask(client)).rejects.toMatchObject({ status: 500 });
    expect(server.errors).toEqual([expect.stringMatching(/^call #1 rejected: .*undefined/)]);
    expect(() => server.assertDone()).toThrow(/call #1 rejected/);
  });

  it("answers from a function step, and steps pushed later", async () => {
    const echo: Step = (req) => {
      const last = req.body.messages.at(-1);
      return { content: `echo: ${JSON.stringify(last?.content)}` };
    };
    const { server, client } = await start([echo]);
    server.push({ delayMs: 50, content: "late" });
    expect((await ask(client, "ping")).choices[0]?.message.content).toBe('echo: "ping"');
    const started = Date.now();
    expect((await ask(client)).choices[0]?.message.content).toBe("late");
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    server.assertDone();
  });

  it("uses the fallback for every call once the script is empty", async () => {
    const { server, client } = await start([{ content: "first" }], {
      fallback: { status: 500, error: "down" },
    });
    expect((await ask(client)).choices[0]?.message.content).toBe("first");
    for (let i = 0; i < 3; i++) await expect(ask(client)).rejects.toMatchObject({ status: 500 });
    expect(server.requests).toHaveLength(4);
    server.assertDone();
  });
});

describe("streaming", () => {
  it("streams text and tool calls that the SDK assembles", async () => {
    const { server, client } = await start([
      {
        content: "Let me look — 🔍 now.",
        toolCalls: [
          { name: "read_file", arguments: { path: "a.ts" } },
          { name: "read_file", arguments: { path: "b.ts" } },
        ],
        usage: { prompt_tokens: 11, completion_tokens: 5 },
      },
    ]);
    const deltas: string[] = [];
    const stream = client.chat.completions
      .stream({
        model: "gpt-test",
        messages: [{ role: "user", content: "look" }],
        tools,
        stream_options: { include_usage: true },
      })
      .on("content", (delta) => deltas.push(delta));
    const done = await stream.finalChatCompletion();
    expect(deltas.length).toBeGreaterThan(1);
    const choice = done.choices[0]!;
    expect(choice.message.content).toBe("Let me look — 🔍 now.");
    expect(choice.finish_reason).toBe("tool_calls");
    const calls = choice.message.tool_calls as OpenAI.ChatCompletionMessageFunctionToolCall[];
    expect(calls.map((c) => [c.function.name, JSON.parse(c.function.arguments)])).toEqual([
      ["read_file", { path: "a.ts" }],
      ["read_file", { path: "b.ts" }],
    ]);
    expect(done.usage).toMatchObject({ prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 });
    expect(server.requests[0]?.body.stream).toBe(true);
    server.assertDone();
  });

  it("streams raw chunks ending without usage unless asked", async () => {
    const { server, client } = await start([{ content: "abc" }]);
    const stream = await client.chat.completions.create({
      model: "gpt-test",
      messages: [{ role: "user", content: "hi" }],
      stream: true,
    });
    const chunks: OpenAI.ChatCompletionChunk[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(chunks.map((c) => c.choices[0]?.delta.content ?? "").join("")).toBe("abc");
    expect(chunks.at(-1)?.choices[0]?.finish_reason).toBe("stop");
    expect(chunks.some((c) => c.usage)).toBe(false);
    server.assertDone();
  });
});

describe("hanging calls", () => {
  it("never answers a hang step, until the client aborts", async () => {
    const { server, client } = await start([{ hang: true }]);
    const controller = new AbortController();
    const pending = client.chat.completions.create(
      { model: "gpt-test", messages: [{ role: "user", content: "wait" }] },
      { signal: controller.signal },
    );
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(OpenAI.APIUserAbortError);
    server.assertDone();
  });

  it("drops a hanging call when the server closes", async () => {
    const { server, client } = await start([{ hang: true }]);
    const pending = ask(client).catch((err: unknown) => err);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1));
    await server.close();
    const failure = await pending;
    expect(failure).toBeInstanceOf(OpenAI.APIConnectionError);
    // A timeout is a connection error too, but would mean close() left the socket open.
    expect(failure).not.toBeInstanceOf(OpenAI.APIConnectionTimeoutError);
  });
});
