// The one price function: what a run's tokens cost, and how many tokens a cost cap pays for.
import { describe, expect, it } from "vitest";
import { costOf, tokensFor, type Prices } from "../../src/model/price.js";

const PRICES: Prices = { inputPerMTok: 3, outputPerMTok: 15 };

describe("costOf", () => {
  it("prices prompt tokens at the input price and completion tokens at the output price", () => {
    // 2,000 × $3/M + 500 × $15/M = $0.006 + $0.0075.
    expect(costOf({ promptTokens: 2_000, completionTokens: 500 }, PRICES)).toBeCloseTo(0.0135, 12);
    expect(costOf({ promptTokens: 1_000_000, completionTokens: 0 }, PRICES)).toBe(3);
    expect(costOf({ promptTokens: 0, completionTokens: 1_000_000 }, PRICES)).toBe(15);
  });

  it("does not round: a single token keeps its fraction of a cent", () => {
    expect(costOf({ promptTokens: 1, completionTokens: 1 }, PRICES)).toBe(18 / 1_000_000);
  });

  it("prices cached and reasoning tokens no further: they are inside prompt and completion", () => {
    const plain = { promptTokens: 800, completionTokens: 300 };
    const broken = { ...plain, cachedTokens: 700, reasoningTokens: 250 };
    expect(costOf(broken, PRICES)).toBe(costOf(plain, PRICES));
  });

  it("knows no cost without prices, and zero for no tokens", () => {
    expect(costOf({ promptTokens: 5, completionTokens: 5 }, undefined)).toBeUndefined();
    expect(costOf({ promptTokens: 0, completionTokens: 0 }, PRICES)).toBe(0);
  });
});

describe("tokensFor", () => {
  it("buys whole tokens at the dearer price, so spending them never costs more", () => {
    // $0.30 at $15/M is 20,000 tokens, whichever side spends them.
    expect(tokensFor(0.3, PRICES)).toBe(20_000);
    expect(tokensFor(0.3, { inputPerMTok: 15, outputPerMTok: 3 })).toBe(20_000);
    const tokens = tokensFor(1, PRICES) ?? 0;
    expect(tokens).toBe(66_666);
    expect(costOf({ promptTokens: tokens, completionTokens: 0 }, PRICES)).toBeLessThanOrEqual(1);
    expect(costOf({ promptTokens: 0, completionTokens: tokens }, PRICES)).toBeLessThanOrEqual(1);
  });

  it("sets no limit when both prices are zero", () => {
    expect(tokensFor(1, { inputPerMTok: 0, outputPerMTok: 0 })).toBeUndefined();
  });
});
