// An RLM run against a reasoning model: root turns, a nested run's turns and child calls each
// report reasoning tokens; the result and the journal's rlm.* events carry them, and the run's
// prompt and completion counts are what the server said, nothing added.
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { reportingReasoning } from "../support/reasoning-model.js";
import { repl, rlmWorld, type RlmWorld } from "./scripted.js";

let world: RlmWorld | undefined;
afterEach(async () => {
  const w = world;
  world = undefined;
  await w?.close();
});

const used = (completion: number) => ({ prompt_tokens: 100, completion_tokens: completion });
/** A root (or nested) turn running `code`, its reply `completion` tokens long. */
const step = (code: string, completion: number) => repl(code, { usage: used(completion) });

describe("an RLM run's reasoning tokens", () => {
  it("are summed over root turns, nested turns and child calls, and journaled by each", async () => {
    world = await rlmWorld({
      root: [
        step('a = sub_rlm("Second word?", source="alpha beta gamma")\nprint(a)', 40),
        step("finalize(a)", 40),
      ],
      nested: [
        step('b = sub_rlm("Check.", source=_context.split()[1])\nprint(b)', 30),
        step('finalize("nested: " + b)', 30),
      ],
      child: () => ({ content: "beta", usage: used(20) }),
    });
    const model = (name: string) =>
      reportingReasoning(
        createOpenAIModel({ baseUrl: world!.server.url, apiKey: "sk-test", model: name }),
      );
    const r = await world.run({
      maxDepth: 1,
      model: model("root-model"),
      childModel: model("child-model"),
    });
    expect(r.answer).toBe("nested: beta");
    // Five requests of 100 prompt tokens; completions 2×40 + 2×30 + 20, half of each reasoning.
    expect(r.usage).toEqual({
      promptTokens: 500,
      completionTokens: 160,
      cachedTokens: 0,
      reasoningTokens: 80,
    });
    const events = world.journal.events;
    const turns = events.flatMap((e) =>
      e.type === "rlm.turn" ? [[e.depth, e.usage?.reasoningTokens]] : [],
    );
    expect(turns).toEqual([
      [0, 20],
      [1, 15],
      [1, 15],
      [0, 20],
    ]);
    const child = events.find((e) => e.type === "rlm.child_call" && e.kind === "rlm-as-query");
    expect(child).toMatchObject({ usage: { completionTokens: 20, reasoningTokens: 10 } });
    const finished = events.flatMap((e) =>
      e.type === "rlm.finished" ? [[e.depth, e.usage?.reasoningTokens]] : [],
    );
    expect(finished).toEqual([
      [1, 30],
      [0, 40],
    ]);
  });
});
