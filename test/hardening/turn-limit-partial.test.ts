// Class: the review's tool loop reaches `max-turns` without a usable final answer (a model that
// keeps sending calls Rivumi cannot accept). Child reviewers may cover every hunk after it, but a
// run that hit its turn limit is `partial`, as the README promises, and says so everywhere.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { isReviewChild, type Step } from "../support/model-server.js";
import { readOr } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const call = (name: string, args: string): Step => ({
  toolCalls: [{ name, arguments: args }],
});

describe("the turn limit", () => {
  it.each([
    ["a review whose arguments break the schema", call("submit_review", '{"summary": 42}')],
    ["a review whose arguments are not JSON", call("submit_review", '{"summary": "ok", "find')],
    ["a call to a tool that does not exist", call("approve_everything", "{}")],
  ])(
    "makes a run that only sent %s partial, saying so",
    async (_what, step) => {
      world = await createActionWorld({ modelFallback: step });
      const run = await world.run({ inputs: { "max-turns": "3" } });
      expect(run.exitCode).toBe(0);
      // The loop used every turn it had.
      const loopTurns = world.model.requests.filter((r) => !isReviewChild(r));
      expect(loopTurns).toHaveLength(3);
      // ...and a child reviewer examined the hunks it left: the coverage alone is complete.
      expect(world.model.requests.some(isReviewChild)).toBe(true);

      expect(run.outputs.conclusion).toBe("partial");
      const result = JSON.parse(readOr(run.outputs["result-file"]!)) as {
        conclusion: string;
        stop: string;
        note: string;
      };
      expect(result).toMatchObject({ conclusion: "partial", stop: "max-turns" });
      expect(result.note).toMatch(/turn limit \(`max-turns`\)/);
      const [comment] = world.github.issueComments(FULL, PR);
      expect(comment?.body).toContain("### Rivumi review (partial)");
      expect(comment?.body).toMatch(/turn limit \(`max-turns`\)/);
      expect(run.summary).toContain("Rivumi: partial result");
      expect(run.summary).toMatch(/turn limit \(`max-turns`\)/);
      // A partial review does not record the head as reviewed: the next push reviews it again.
      const state = /<!-- rivumi:state (\S+) -->/.exec(comment?.body ?? "")?.[1] ?? "";
      expect(Buffer.from(state, "base64url").toString()).not.toMatch(/"head"/);
    },
    90_000,
  );
});
