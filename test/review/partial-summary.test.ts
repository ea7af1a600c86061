import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/outcome/review.js";
import {
  becauseOf,
  shortSummary,
  unansweredSummary,
  type ShortfallCause,
} from "../../src/review/partial-summary.js";

/** Words that read as a verdict on the code: none may appear when not everything was read. */
const VERDICT = /no findings|no problems|no issues|looks good|lgtm|all good|nothing wrong|clean/i;

const finding = (severity: Finding["severity"]): Finding => ({
  path: "a.ts",
  line: 1,
  severity,
  body: "Fix it.",
});
const cause = (c: Partial<ShortfallCause>): ShortfallCause => ({
  stop: undefined,
  batches: 0,
  failed: 0,
  ...c,
});

describe("the summary of a review that did not examine everything", () => {
  it("says nothing was reviewed, with the ledger's counts and the cause", () => {
    const text = shortSummary({
      examined: 0,
      total: 22,
      because: becauseOf(cause({ stop: "model-error" })),
      findings: [],
      unanchored: 0,
    });
    expect(text).toBe(
      "Not reviewed: 0 of 22 hunks were examined because the model endpoint failed.",
    );
    expect(text).not.toMatch(VERDICT);
  });

  it("says how many of how many were examined, and why not the rest", () => {
    const text = shortSummary({
      examined: 12,
      total: 1_022,
      because: becauseOf(cause({ stop: "max-tokens" })),
      findings: [finding("major"), finding("minor"), finding("minor")],
      unanchored: 1,
    });
    expect(text).toBe(
      "Partly reviewed: 12 of 1,022 hunks were examined because the token budget (max-tokens) ran out; the other 1,010 were not. 4 findings were reported on the examined hunks (1 major, 2 minor on the diff's lines).",
    );
    expect(text).not.toMatch(VERDICT);
  });

  it("uses the singular where a count is one", () => {
    expect(
      shortSummary({
        examined: 1,
        total: 2,
        because: "x",
        findings: [finding("nit")],
        unanchored: 0,
      }),
    ).toBe(
      "Partly reviewed: 1 of 2 hunks was examined because x; the other 1 was not. 1 finding was reported on the examined hunks (1 nit on the diff's lines).",
    );
    expect(shortSummary({ examined: 0, total: 1, because: "x", findings: [], unanchored: 0 })).toBe(
      "Not reviewed: the 1 hunk was not examined because x.",
    );
  });

  it.each([
    [cause({ stop: "cancelled" }), "the run was cancelled"],
    [cause({ stop: "timeout" }), "the time limit was reached"],
    [cause({ stop: "max-cost" }), "the cost limit was reached"],
    [cause({ stop: "max-turns" }), "the turn limit was reached"],
    [cause({ batches: 3, failed: 3 }), "the model endpoint failed"],
    [cause({ batches: 3, failed: 1 }), "1 of 3 requests to the model failed"],
    [cause({}), "the model's answers did not cover every hunk"],
  ])("names the cause the code knows: %j", (c, words) => {
    expect(becauseOf(c)).toBe(words);
    expect(becauseOf(c)).not.toMatch(VERDICT);
  });

  it("says a loop that read everything but never answered did not finish", () => {
    const text = unansweredSummary({
      total: 5,
      because: becauseOf(cause({ stop: "max-turns" })),
      findings: [],
      unanchored: 0,
    });
    expect(text).toBe(
      "Not finished: the model read all 5 hunks but stopped before giving its answer because the turn limit was reached.",
    );
    expect(text).not.toMatch(VERDICT);
  });
});
