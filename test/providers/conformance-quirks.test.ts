// One provider's particular behaviour per test, met by the adapter or a small review: what a
// refusal looks like when the SDK cannot read it, what must be learned once, what must never be
// resent, and replies whose shape only that provider sends.
import { describe, expect, it } from "vitest";
import type { ChatMessage } from "../../src/model/port.js";
import { PROVIDERS, type EmulatorOptions, type ProviderEntry } from "../support/providers/index.js";
import { openRouterMidstreamError } from "../support/providers/openrouter.js";
import { groqToolUseFailed } from "../support/providers/groq.js";
import { startLlamaCpp } from "../support/providers/llamacpp.js";
import { startLmStudio } from "../support/providers/lmstudio.js";
import {
  adapterFor,
  loopScript,
  reviewAgainst,
  SIGNAL,
  withTarget,
} from "./conformance-support.js";

const provider = (id: string): ProviderEntry => PROVIDERS.find((p) => p.id === id)!;
const ASK: ChatMessage[] = [{ role: "user", content: "Say hello." }];
const HELLO = { content: "Hello." };
const capped = { maxTokens: 4096 };

describe("OpenAI reasoning models", () => {
  it("learn max_completion_tokens from one refusal, also when requests start at once", () =>
    withTarget(provider("openai-reasoning"), { fallback: HELLO }, async (t) => {
      const model = adapterFor(t);
      await Promise.all([1, 2, 3, 4].map(() => model.complete(ASK, [], SIGNAL, capped)));
      await model.complete(ASK, [], SIGNAL, capped);
      expect(t.emulator.refused).toHaveLength(1);
      expect(t.emulator.requests.filter((r) => "max_tokens" in r.body)).toHaveLength(1);
      expect(t.emulator.requests).toHaveLength(6);
    }));

  it("get reasoning_effort only when it is set", () =>
    withTarget(provider("openai-reasoning"), { fallback: HELLO }, async (t) => {
      await adapterFor(t).complete(ASK, [], SIGNAL, capped);
      expect(t.emulator.requests.at(-1)!.body).not.toHaveProperty("reasoning_effort");
      await adapterFor(t, { reasoningEffort: "low" }).complete(ASK, [], SIGNAL, capped);
      expect(t.emulator.requests.at(-1)!.body).toMatchObject({ reasoning_effort: "low" });
    }));

  it("name the cap to raise when the reasoning used it all", () => {
    const script = [{ content: "", reasoningTokens: 5_000 }];
    return withTarget(provider("openai-reasoning"), { script }, async (t) => {
      // The child reviewers may still cover every hunk: what matters is that the empty reply is
      // reported as a cap the reasoning used up, naming the input to raise.
      const { outcome, world } = await reviewAgainst(t, { "max-output-tokens": "1000" });
      const said = JSON.stringify({ outcome, journal: world.journal.events });
      expect(said).toMatch(/max-output-tokens/);
    });
  });
});

describe("refusals the openai SDK cannot read", () => {
  it("Gemini's, a JSON array: prompt_cache_key is dropped and the request resent once", () =>
    withTarget(provider("gemini"), { fallback: HELLO }, async (t) => {
      const model = adapterFor(t);
      const withKey = { ...capped, promptCacheKey: "rivumi-test" };
      expect((await model.complete(ASK, [], SIGNAL, withKey)).content).toBe("Hello.");
      await model.complete(ASK, [], SIGNAL, withKey);
      expect(t.emulator.refused).toHaveLength(1);
      expect(t.emulator.requests).toHaveLength(3);
      expect(t.emulator.requests.at(-1)!.body).not.toHaveProperty("prompt_cache_key");
    }));

  it("Mistral's, a 422 without an error key: max_completion_tokens becomes max_tokens", () =>
    withTarget(provider("mistral"), { fallback: HELLO }, async (t) => {
      const model = adapterFor(t, { tokenLimitParam: "max_completion_tokens" });
      await model.complete(ASK, [], SIGNAL, capped);
      await model.complete(ASK, [], SIGNAL, capped);
      expect(t.emulator.refused).toHaveLength(1);
      expect(t.emulator.requests.at(-1)!.body).toMatchObject({ max_tokens: 4096 });
      expect(t.emulator.requests.at(-1)!.body).not.toHaveProperty("max_completion_tokens");
    }));
});

describe("errors that are not refusals", () => {
  it("OpenRouter's 200 carrying an error is an error that quotes it, sent once", () =>
    withTarget(provider("openrouter"), { script: [openRouterMidstreamError(502)] }, async (t) => {
      const call = adapterFor(t).complete(ASK, [], SIGNAL, capped);
      await expect(call).rejects.toThrow(/Provider returned error/);
      expect(t.emulator.requests).toHaveLength(1);
    }));

  it("Groq's tool_use_failed is not resent", () =>
    withTarget(provider("groq"), { script: [groqToolUseFailed()] }, async (t) => {
      await expect(adapterFor(t).complete(ASK, [], SIGNAL, capped)).rejects.toThrow(
        /tool_use_failed|Failed to call a function/,
      );
      expect(t.emulator.requests).toHaveLength(1);
    }));

  it("Ollama's plain-text 404 for a base URL without /v1 reaches the message", () =>
    withTarget(provider("ollama"), { fallback: HELLO }, async (t) => {
      const root = { ...t, baseUrl: t.baseUrl.replace(/\/v1$/, "") };
      await expect(adapterFor(root).complete(ASK, [], SIGNAL, capped)).rejects.toThrow(
        /404 page not found/,
      );
    }));

  it("vLLM's plain-text 500 reaches the message", () =>
    withTarget(
      provider("vllm"),
      { script: [{ raw: { status: 500, body: "Internal Server Error" } }] },
      async (t) => {
        await expect(adapterFor(t).complete(ASK, [], SIGNAL, capped)).rejects.toThrow(
          /Internal Server Error/,
        );
      },
    ));
});

describe("replies only some providers send", () => {
  it("DeepSeek's cache hits and deepseek-reasoner's reasoning tokens are counted", () =>
    withTarget(
      provider("deepseek"),
      { fallback: { content: "Hello.", reasoning: "Short.", reasoningTokens: 40 } },
      async (t) => {
        const reply = await adapterFor(t).complete(ASK, [], SIGNAL, capped);
        expect(reply.content).toBe("Hello.");
        expect(reply.usage.reasoningTokens).toBe(40);
        expect(reply.usage.cachedTokens).toBeGreaterThan(0);
        expect(reply.usage.cachedTokens).toBe(Math.floor(reply.usage.promptTokens / 2));
      },
      "deepseek-reasoner",
    ));

  it("a deepseek-reasoner review sends each tool turn's reasoning_content back", () => {
    const script = loopScript({ first: { reasoning: "Read the files first." } });
    return withTarget(
      provider("deepseek"),
      { script },
      async (t) => {
        const { outcome } = await reviewAgainst(t);
        expect(t.emulator.refused).toEqual([]);
        expect(outcome.conclusion).toBe("success");
      },
      "deepseek-reasoner",
    );
  });

  it("llama.cpp's tool arguments sent as an object reach Rivumi as JSON text", () => {
    const fallback = { toolCalls: [{ name: "git_diff", arguments: { path: "src/a.ts" } }] };
    const entry = {
      ...provider("llama.cpp"),
      start: (opts?: EmulatorOptions) => startLlamaCpp({ ...opts, toolArgsObject: true }),
    };
    return withTarget(entry, { fallback }, async (t) => {
      const reply = await adapterFor(t).complete(ASK, [], SIGNAL, capped);
      expect(reply.toolCalls[0]!.arguments).toBe('{"path":"src/a.ts"}');
    });
  });

  const EMPTY_IDS: [string, ProviderEntry["start"]][] = [
    ["llama.cpp", (opts) => startLlamaCpp({ ...opts, emptyToolCallIds: true })],
    ["lmstudio", (opts) => startLmStudio({ ...opts, emptyToolCallIds: true })],
  ];
  it.each(EMPTY_IDS)("%s's empty tool-call ids do not stop a review", (id, start) =>
    withTarget({ ...provider(id), start }, { script: loopScript() }, async (t) => {
      const { outcome } = await reviewAgainst(t);
      expect(outcome.conclusion).toBe("success");
      expect(outcome.result.coverage!.hunks.examined).toBe(outcome.result.coverage!.hunks.total);
    }),
  );
});
