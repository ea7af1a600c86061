// Class: a reply the model's length limit cut off (`finish_reason: length`) is not a complete
// review, even when it holds what looks like one: the run is partial and says why.
import { describe, expect, it } from "vitest";
import { run } from "../../src/main.js";
import type { ModelReply } from "../../src/model/port.js";
import { makeWorld, scriptedModel } from "../action/main-wiring.js";
import { pullRequestPayload } from "../support/payloads.js";

describe("a reply cut off at the length limit", () => {
  it.each([
    ["a final text", { content: "Summary: all good, no findings", finishReason: "length" }],
    [
      "a review tool call",
      {
        finishReason: "length",
        toolCalls: [
          {
            id: "c1",
            name: "submit_review",
            arguments: JSON.stringify({ summary: "All good", findings: [] }),
          },
        ],
      },
    ],
  ] as [string, Partial<ModelReply>][])(
    "is partial with the reason when it carries %s",
    async (_what, reply) => {
      const payload = pullRequestPayload({
        owner: "acme",
        repo: "widgets",
        number: 4,
        headSha: "a".repeat(40),
        baseSha: "c".repeat(40),
      });
      const world = makeWorld({
        event: "pull_request",
        payload,
        model: scriptedModel([reply]),
      });
      await run(world.env, world.wiring);
      expect(world.published[0]).toMatchObject({ conclusion: "partial", stop: "truncated" });
      expect(world.published[0]?.note).toMatch(/cut off at its length limit/);
      expect(world.core.outputs.conclusion).toBe("partial");
    },
  );
});
