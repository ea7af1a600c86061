// A review whose coverage is incomplete never keeps a model's verdict as its summary: the counts
// and the cause are the code's (#27 row 1).
import { afterEach, describe, expect, it } from "vitest";
import type { CoverageReport } from "../../src/coverage/ledger.js";
import {
  BIG_HEAD,
  codeLines,
  finalize,
  lastUserText as user,
  reviewWorld,
  SMALL_HEAD,
  type ReviewWorld,
} from "../support/review-world.js";

const VERDICT = /no findings|no problems|no issues|looks good|lgtm|all good/i;
const BASE = { "src/api/handler.ts": codeLines("h", 5), "src/ui/view.ts": codeLines("v", 5) };

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("the summary of a review with hunks not examined", () => {
  it("replaces the RLM root's verdict with the ledger's counts and the failed requests", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Looks good, no issues.")],
      children: (req) =>
        user(req).includes("src/ui/view.ts")
          ? { status: 400, error: "refused" }
          : { content: '{"findings": []}' },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("partial");
    const { hunks } = outcome.result.coverage!.report as CoverageReport;
    const total = hunks.total - hunks.excluded;
    expect(hunks.examined).toBeGreaterThan(0);
    expect(hunks.examined).toBeLessThan(total);
    expect(outcome.result.review!.summary).toMatch(
      new RegExp(
        `^Partly reviewed: ${hunks.examined} of ${total} hunks? (was|were) examined because 1 of \\d+ requests to the model failed; the other ${total - hunks.examined} (was|were) not\\.$`,
      ),
    );
    expect(outcome.result.review!.summary).not.toMatch(VERDICT);
  });

  it("replaces the tool loop's verdict when no child reviewer could read the rest", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: SMALL_HEAD,
      script: [
        { toolCalls: [{ name: "submit_review", arguments: { summary: "No issues found." } }] },
      ],
      children: () => ({ status: 400, error: "refused" }),
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("failure");
    expect(outcome.result.review!.summary).toBe(
      "Not reviewed: 0 of 2 hunks were examined because the model endpoint failed.",
    );
  });
});
