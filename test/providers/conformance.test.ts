// Rivumi against every provider's emulator: the adapter's plain, tool-call and structured
// requests, then one small review end to end. Quirks beyond these are in conformance-quirks.
import { describe, it, type ExpectStatic } from "vitest";
import type { ChatMessage, ToolSpec } from "../../src/model/port.js";
import { readChildReply } from "../../src/review/findings.js";
import { isReviewChild, type RecordedRequest } from "../support/model-server.js";
import { PROVIDERS } from "../support/providers/index.js";
import {
  adapterFor,
  FINDINGS,
  loopScript,
  reviewAgainst,
  SIGNAL,
  withTarget,
  type Target,
} from "./conformance-support.js";

const MESSAGES: ChatMessage[] = [
  { role: "system", content: "You are terse." },
  { role: "user", content: "Say hello." },
];
const GIT_DIFF: ToolSpec = {
  type: "function",
  function: {
    name: "git_diff",
    description: "The diff of one path",
    parameters: { type: "object", properties: { path: { type: "string" } } },
  },
};
const HELLO = "Hello from the emulator.";
const has = (r: RecordedRequest, field: string) => field in r.body;

/**
 * The completion cap reached each provider as a parameter it takes: at most the first request
 * to a reasoning model was refused for it, and nothing after carried it again.
 */
function expectCapsAccepted(t: Target, expect: ExpectStatic): void {
  const { requests, refused } = t.emulator;
  const answered = requests.filter((r) => !refused.includes(r));
  switch (t.entry.id) {
    case "openai-reasoning":
      expect(requests.filter((r) => has(r, "max_tokens")).length).toBeLessThanOrEqual(1);
      for (const r of answered) expect(has(r, "max_completion_tokens")).toBe(true);
      break;
    case "azure":
      // Decided by the endpoint: nothing to learn, and the key in api-key only.
      expect(refused).toEqual([]);
      for (const r of requests) {
        expect(has(r, "max_tokens")).toBe(false);
        expect(r.headers.authorization).toBeUndefined();
      }
      break;
    case "ollama":
      // max_completion_tokens would be accepted and ignored: only max_tokens caps.
      for (const r of requests) expect(has(r, "max_tokens")).toBe(true);
      expect(refused).toEqual([]);
      break;
    default:
      expect(refused).toEqual([]);
  }
}

// Each test has its own emulator (and the review its own repository): they run at once.
describe.concurrent("conformance", () => {
  for (const entry of PROVIDERS) {
    it(`${entry.id}: answers a plain request`, ({ expect }) =>
      withTarget(entry, { fallback: { content: HELLO } }, async (t) => {
        const reply = await adapterFor(t).complete(MESSAGES, [], SIGNAL, { maxTokens: 4096 });
        expect(reply).toMatchObject({ content: HELLO, finishReason: "stop", toolCalls: [] });
        expect(reply.usage.promptTokens).toBeGreaterThan(0);
        expect(reply.usage.completionTokens).toBeGreaterThan(0);
        if (entry.reasoning) expect(reply.usage.reasoningTokens).toBeGreaterThan(0);
        expectCapsAccepted(t, expect);
      }));

    it(`${entry.id}: answers a tool-call request`, ({ expect }) => {
      const call = { name: "git_diff", arguments: { path: "src/a.ts" } };
      return withTarget(entry, { fallback: { toolCalls: [call] } }, async (t) => {
        const reply = await adapterFor(t).complete(MESSAGES, [GIT_DIFF], SIGNAL, {
          maxTokens: 4096,
        });
        expect(reply.toolCalls).toHaveLength(1);
        const [got] = reply.toolCalls;
        expect(got!.name).toBe("git_diff");
        expect(typeof got!.id).toBe("string");
        expect(JSON.parse(got!.arguments)).toEqual({ path: "src/a.ts" });
        expectCapsAccepted(t, expect);
      });
    });

    it(`${entry.id}: answers a structured request, asked for with a strict json_schema`, ({
      expect,
    }) =>
      withTarget(entry, { fallback: { content: '{"findings": []}' } }, async (t) => {
        const reply = await adapterFor(t).complete(MESSAGES, [], SIGNAL, {
          maxTokens: 4096,
          structured: FINDINGS,
        });
        expect(readChildReply(reply.content)).toEqual({ ok: true, value: [] });
        // None of these providers refuses json_schema (Anthropic's layer ignores it): it is kept.
        expect(t.emulator.requests.at(-1)!.body.response_format).toMatchObject({
          type: "json_schema",
          json_schema: { name: "findings", strict: true },
        });
        expectCapsAccepted(t, expect);
      }));

    it(`${entry.id}: reviews a small change end to end, every hunk examined`, ({ expect }) =>
      withTarget(entry, { script: loopScript() }, async (t) => {
        const { outcome } = await reviewAgainst(t);
        expect(outcome.conclusion).toBe("success");
        expect(outcome.result.coverage).toMatchObject({ complete: true });
        expect(outcome.result.coverage!.hunks.examined).toBe(outcome.result.coverage!.hunks.total);
        expect(t.emulator.requests.some(isReviewChild)).toBe(true);
        expect(t.emulator.errors).toEqual([]);
        expectCapsAccepted(t, expect);
      }));
  }
});
