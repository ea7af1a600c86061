// A review against a reasoning model: the reasoning tokens each reply reports reach the run's
// stats through every path (tool loop, child reviewers, RLM root), and the run's cost and token
// count stay what prompt and completion tokens make.
import { afterEach, describe, expect, it } from "vitest";
import type { JournalEvent } from "../../src/journal/events.js";
import type { Usage } from "../../src/model/port.js";
import { sumUsage } from "../../src/model/usage.js";
import { formatUsage } from "../../src/markdown/usage-line.js";
import type { StaticStep } from "../support/model-server.js";
import { reportingReasoning } from "../support/reasoning-model.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";

const BASE = { "src/api/handler.ts": codeLines("h", 5), "src/ui/view.ts": codeLines("v", 5) };
const PRICES = { "price-input-per-mtok": "1", "price-output-per-mtok": "4" };

/** Every model call's usage, as the journal recorded it, by event type. */
function usages(events: readonly JournalEvent[]): Map<string, Usage[]> {
  const out = new Map<string, Usage[]>();
  for (const e of events) {
    const usage = "usage" in e && e.type !== "rlm.finished" ? e.usage : undefined;
    if (!usage) continue;
    out.set(e.type, [...(out.get(e.type) ?? []), usage]);
  }
  return out;
}

const cost = (u: Usage) => (u.promptTokens * 1 + u.completionTokens * 4) / 1e6;

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("a review's reasoning tokens", () => {
  it("are summed over the tool loop's turns and said on the usage line, not priced again", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: { ...BASE, "src/api/handler.ts": codeLines("h", 4) + "export const x = 1;\n" },
      inputs: PRICES,
      wrapModel: (m) => reportingReasoning(m),
      script: [
        { toolCalls: [{ name: "git_diff", arguments: {} }] },
        {
          toolCalls: [{ name: "submit_review", arguments: { summary: "Fine.", findings: [] } }],
        },
      ],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    const responses = usages(world.journal.events).get("model.response") ?? [];
    expect(responses).toHaveLength(2);
    // Each journaled response carries its own breakdown.
    for (const u of responses) expect(u.reasoningTokens).toBe(Math.floor(u.completionTokens * 0.5));
    const total = sumUsage(...responses);
    expect(total.reasoningTokens).toBeGreaterThan(0);
    expect(outcome.stats.usage).toEqual(total);
    expect(outcome.stats.costUsd).toBeCloseTo(cost(total), 12);
    expect(formatUsage(outcome.stats)).toContain(
      `${total.promptTokens} in / ${total.completionTokens} out tokens (0 cached, ${total.reasoningTokens} reasoning)`,
    );
  });

  it("are summed over the child reviewers and the RLM root that merged them", async () => {
    const finalize: StaticStep = { content: '```repl\nfinalize("Two areas change.")\n```' };
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: {
        "src/api/handler.ts": codeLines("handler", 560),
        "src/ui/view.ts": codeLines("view", 560),
      },
      inputs: { ...PRICES, "rlm-threshold-bytes": "10000" },
      wrapModel: (m) => reportingReasoning(m),
      script: [finalize],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    const byType = usages(world.journal.events);
    const batches = byType.get("review.batch") ?? [];
    expect(batches.length).toBeGreaterThanOrEqual(2);
    for (const u of batches) expect(u.reasoningTokens).toBe(Math.floor(u.completionTokens * 0.5));
    expect(byType.get("rlm.turn")?.length).toBeGreaterThan(0);
    const total = sumUsage(...[...byType.values()].flat());
    expect(total.reasoningTokens).toBeGreaterThan(sumUsage(...batches).reasoningTokens);
    // Billed tokens are prompt plus completion; reasoning is inside the completion.
    expect(outcome.stats.usage).toEqual(total);
    expect(outcome.stats.costUsd).toBeCloseTo(cost(total), 12);
    // The RLM level that merged the findings says its own share in `rlm.finished`.
    const finished = world.journal.events.find((e) => e.type === "rlm.finished");
    expect(finished).toMatchObject({
      usage: { reasoningTokens: sumUsage(...(byType.get("rlm.turn") ?? [])).reasoningTokens },
    });
  });
});
