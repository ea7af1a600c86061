// A large review against a reasoning model that refuses `max_tokens` (as OpenAI's gpt-5 and
// o-series do): the first child request learns it for the whole run, the others wait for that
// answer instead of all failing, and the root never sends it.
import { afterEach, describe, expect, it } from "vitest";
import { isReviewChild, type StaticStep } from "../support/model-server.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";

const BASE = { "src/api/handler.ts": codeLines("h", 5), "src/ui/view.ts": codeLines("v", 5) };
/** Three directories of about 35 KB each: three or more child batches. */
const HEAD = {
  "src/api/handler.ts": codeLines("handler", 560),
  "src/ui/view.ts": codeLines("view", 560),
  "docs/guide.md": codeLines("guide", 560),
};

/** OpenAI's answer to a reasoning model sent `max_tokens` (param and code as OpenAI sends them). */
const REFUSED: StaticStep = {
  status: 400,
  error:
    "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
  code: "unsupported_parameter",
};
const thinking = {
  prompt_tokens: 5_000,
  completion_tokens: 900,
  completion_tokens_details: { reasoning_tokens: 880 },
};

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("a review against a reasoning model that refuses max_tokens", () => {
  it("learns it once, holds the other child requests meanwhile, and succeeds", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: HEAD,
      inputs: { "rlm-threshold-bytes": "10000", "review-concurrency": "4" },
      script: [
        (req) =>
          "max_tokens" in req.body
            ? REFUSED
            : { content: '```repl\nfinalize("Three areas change.")\n```', usage: thinking },
      ],
      children: (req) =>
        "max_tokens" in req.body ? REFUSED : { content: '{"findings": []}', usage: thinking },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    const requests = world.model.requests;
    // One refusal in the whole run, and no request after it carried the refused name.
    expect(requests.filter((r) => "max_tokens" in r.body)).toHaveLength(1);
    expect(requests[0]!.body).toHaveProperty("max_tokens", 4_096);
    expect(requests.slice(1).every((r) => "max_completion_tokens" in r.body)).toBe(true);
    const learned = world.journal.events.filter((e) => e.type === "model.negotiated");
    expect(learned).toEqual([
      expect.objectContaining({
        refused: "max_tokens",
        instead: "max_completion_tokens",
        status: 400,
      }),
    ]);
    // The first reply counted reasoning: requests reserved after it get the reasoning default cap.
    expect(world.journal.events.filter((e) => e.type === "model.cap_raised")).toHaveLength(1);
    const root = requests.filter((r) => !isReviewChild(r));
    expect(root.length).toBeGreaterThan(0);
    for (const r of root) expect(r.body).toHaveProperty("max_completion_tokens", 16_384);
    // The child requests had reserved their cap before the first reply came back.
    for (const r of requests.filter(isReviewChild).slice(1))
      expect(r.body).toHaveProperty("max_completion_tokens", 4_096);
    // Counted as the server saw them: the refused request and its resend are two.
    expect(outcome.stats.requests).toBe(requests.length);
    expect(outcome.result.review?.summary).toBe("Three areas change.");
  });
});
