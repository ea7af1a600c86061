// Class: a large review whose child reviewer cuts its JSON short, through the real openai SDK
// and the loopback model server. The batch gets one repair turn in its own conversation; the
// review still examines every hunk and ends `success`, one request more than the batches.
import { afterEach, describe, expect, it } from "vitest";
import type { StaticStep } from "../support/model-server.js";
import { isReviewChild, messageText, type RecordedRequest } from "../support/model-server.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";

const HEAD = {
  "src/api/handler.ts": codeLines("handler", 560),
  "src/ui/view.ts": codeLines("view", 560),
  "docs/guide.md": codeLines("guide", 560),
};
const finalize = (text: string): StaticStep => ({
  content: "```repl\nfinalize(" + JSON.stringify(text) + ")\n```",
});
const finding = {
  path: "src/api/handler.ts",
  line: 3,
  severity: "major",
  title: "Unvalidated input",
  body: "The handler trusts its input.",
  quote: "",
};

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("a child reviewer that cuts its JSON short", () => {
  it("gets one repair turn; the review examines every hunk and succeeds", async () => {
    let cut: RecordedRequest | undefined;
    let cutText = "";
    world = await reviewWorld({
      baseFiles: { "README.md": "x\n" },
      headFiles: HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Three areas change.")],
      children: (req) => {
        const full = JSON.stringify({
          findings: messageText(req.body.messages[1]!).includes("src/api/handler.ts")
            ? [finding]
            : [],
        });
        if (!cut) {
          cut = req;
          cutText = full.slice(0, 25);
          return { content: cutText, finishReason: "length" };
        }
        return { content: full };
      },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(outcome.result.coverage!.hunks.examined).toBe(outcome.result.coverage!.hunks.total);
    expect(outcome.result.review?.findings).toHaveLength(1);

    const children = world.model.requests.filter(isReviewChild);
    const batches = world.journal.events.filter((e) => e.type === "review.batch");
    expect(batches.length).toBeGreaterThanOrEqual(3);
    expect(children).toHaveLength(batches.length + 1);
    expect(batches.filter((b) => b.repaired === true)).toHaveLength(1);
    expect(batches.every((b) => b.ok)).toBe(true);
    // The repair turn: the same conversation, the cut reply as it came, then the problem.
    const repair = children.find((r) => r.body.messages.length > 2)!;
    expect(repair.body.messages.slice(0, 2)).toEqual(cut!.body.messages);
    expect(repair.body.messages[2]).toEqual({ role: "assistant", content: cutText });
    expect(repair.body.messages[3]?.role).toBe("user");
    expect(messageText(repair.body.messages[3]!)).toMatch(/cut off at the output token limit/);
    expect(repair.body.messages).toHaveLength(4);
    // Every request the server answered is counted, the repair among them.
    expect(outcome.stats.requests).toBe(world.model.requests.length);
  });

  it("fails the batch when the repair is no better, and leaves its hunks not examined", async () => {
    world = await reviewWorld({
      baseFiles: { "README.md": "x\n" },
      headFiles: HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Partial.")],
      children: (req) =>
        messageText(req.body.messages[1]!).includes("src/ui/view.ts")
          ? { content: "I looked and found nothing worth reporting." }
          : { content: '{"findings": []}' },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("partial");
    const report = outcome.result.coverage!.report as { notReached: { paths: string[] } };
    expect(report.notReached.paths).toEqual(["src/ui/view.ts"]);
    expect(outcome.result.coverage!.line).toMatch(/1 child request failed/);
    const batches = world.journal.events.filter((e) => e.type === "review.batch");
    expect(world.model.requests.filter(isReviewChild)).toHaveLength(batches.length + 1);
    expect(batches.filter((b) => !b.ok)).toEqual([
      expect.objectContaining({ repaired: true, error: expect.stringMatching(/no JSON object/) }),
    ]);
  });
});
