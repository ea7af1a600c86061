// How a completion's message becomes the reply the loop reads, whatever shape the server chose.
import type OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { ModelGuard } from "../../src/model/guard.js";
import type { ChatMessage } from "../../src/model/port.js";
import { replyOf } from "../../src/model/reply.js";

function completion(message: Record<string, unknown>): OpenAI.Chat.ChatCompletion {
  return {
    id: "c",
    object: "chat.completion",
    created: 0,
    model: "m",
    choices: [{ index: 0, finish_reason: "tool_calls", logprobs: null, message }],
  } as unknown as OpenAI.Chat.ChatCompletion;
}

const call = (id: unknown, args: unknown) => ({
  id,
  type: "function",
  function: { name: "read_file", arguments: args },
});

describe("replyOf", () => {
  it("gives every tool call an id of its own when the server sent none or repeated one", () => {
    const reply = replyOf(
      completion({
        role: "assistant",
        content: null,
        tool_calls: [call("", "{}"), call("abc", "{}"), call("abc", "{}"), call(undefined, "{}")],
      }),
    )!;
    const ids = reply.toolCalls.map((c) => c.id);
    expect(new Set(ids).size).toBe(4);
    expect(ids[1]).toBe("abc");
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]+$/);
  });

  it("reads arguments sent as an object, as null or as an empty string as JSON text", () => {
    const reply = replyOf(
      completion({
        role: "assistant",
        content: null,
        tool_calls: [call("a", { path: "x.ts" }), call("b", null), call("c", "")],
      }),
    )!;
    expect(reply.toolCalls.map((c) => c.arguments)).toEqual(['{"path":"x.ts"}', "", ""]);
  });

  it("keeps reasoning_content beside the answer, and leaves it out when empty", () => {
    const withIt = replyOf(
      completion({ role: "assistant", content: "ok", reasoning_content: "thought" }),
    )!;
    expect(withIt.reasoningContent).toBe("thought");
    const without = replyOf(
      completion({ role: "assistant", content: "ok", reasoning_content: "" }),
    )!;
    expect(without).not.toHaveProperty("reasoningContent");
  });
});

describe("the guard and reasoning sent back", () => {
  it("masks a secret in reasoning_content as in any text the model wrote", () => {
    const guard = new ModelGuard((t) => t.replaceAll("s3cr3t-value", "***"));
    const [out] = guard.messages([
      { role: "assistant", content: "", reasoning_content: "the key is s3cr3t-value" },
    ] as unknown as ChatMessage[]);
    expect((out as unknown as { reasoning_content: string }).reasoning_content).toBe(
      "the key is ***",
    );
  });
});
