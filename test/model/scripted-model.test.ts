// The canned model of `--model scripted`: its replies drive each kind of run through its steps,
// read as the real readers read a model's replies, and say they are canned.
import { describe, expect, it } from "vitest";
import type { ChatMessage, ToolSpec } from "../../src/model/port.js";
import { createScriptedModel, SCRIPTED_LABEL } from "../../src/model/scripted-model.js";
import { reviewSchema } from "../../src/outcome/review.js";
import { childReplyShape } from "../../src/review/findings.js";
import { RLM_SYSTEM_PROMPT } from "../../src/rlm/prompt.js";

const signal = new AbortController().signal;
const tool = (name: string): ToolSpec => ({
  type: "function",
  function: { name, parameters: { type: "object", properties: {} } },
});

describe("the scripted model", () => {
  it("reads the diff, then submits a review that says it is canned", async () => {
    const model = createScriptedModel();
    const tools = [tool("read_file"), tool("git_diff"), tool("submit_review")];
    const messages: ChatMessage[] = [
      { role: "system", content: "review" },
      { role: "user", content: "the change" },
    ];
    const first = await model.complete(messages, tools, signal);
    expect(first.toolCalls.map((c) => c.name)).toEqual(["git_diff"]);
    messages.push(
      {
        role: "assistant",
        content: null,
        tool_calls: [
          { id: "1", type: "function", function: { name: "git_diff", arguments: "{}" } },
        ],
      },
      { role: "tool", tool_call_id: "1", content: "diff" },
    );
    const second = await model.complete(messages, tools, signal);
    expect(second.toolCalls.map((c) => c.name)).toEqual(["submit_review"]);
    const review = reviewSchema.parse(JSON.parse(second.toolCalls[0]!.arguments));
    expect(review.summary).toContain(`[${SCRIPTED_LABEL}]`);
    expect(review.findings).toEqual([]);
    expect(second.usage).toEqual({ promptTokens: 0, completionTokens: 0, cachedTokens: 0 });
  });

  it("answers a structured request with the smallest value its schema takes", async () => {
    const reply = await createScriptedModel().complete(
      [{ role: "system", content: "# Your part of the review" }],
      [],
      signal,
      { structured: childReplyShape.structured },
    );
    expect(childReplyShape.read(reply.content)).toEqual({ ok: true, value: { findings: [] } });
  });

  it("drives an RLM root through two REPL turns to finalize", async () => {
    const model = createScriptedModel();
    const messages: ChatMessage[] = [
      { role: "system", content: RLM_SYSTEM_PROMPT },
      { role: "user", content: "question" },
    ];
    const first = await model.complete(messages, [], signal);
    expect(first.content).toMatch(/^```repl\nmeta = context_meta\(\)/);
    messages.push({ role: "assistant", content: first.content }, { role: "user", content: "ok" });
    const second = await model.complete(messages, [], signal);
    expect(second.content).toContain("sub_query(");
    expect(second.content).toContain("finalize(");
    expect(second.content).toContain(SCRIPTED_LABEL);
  });

  it("answers anything else with labelled text, and not once the run is cancelled", async () => {
    const model = createScriptedModel();
    const plain = await model.complete([{ role: "user", content: "hi" }], [], signal);
    expect(plain.content).toContain(`[${SCRIPTED_LABEL}]`);
    await expect(model.complete([], [], AbortSignal.abort())).rejects.toThrow();
  });
});
