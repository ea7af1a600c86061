import type { Usage } from "./port.js";

/** Prices in USD per million tokens, prompt and completion. */
export interface Prices {
  inputPerMTok: number;
  outputPerMTok: number;
}

/**
 * What tokens cost, in USD, unrounded; undefined without prices. Prompt tokens at the input
 * price, completion tokens at the output price. Reasoning tokens are already among the completion
 * tokens (and cached ones among the prompt's): never priced twice.
 */
export function costOf(
  usage: Pick<Usage, "promptTokens" | "completionTokens">,
  prices: Prices | undefined,
): number | undefined {
  if (!prices) return undefined;
  return (
    (usage.promptTokens * prices.inputPerMTok + usage.completionTokens * prices.outputPerMTok) /
    1_000_000
  );
}

/**
 * The whole tokens a sum in USD pays for at the dearer of the two prices, so that spending them
 * can never cost more; undefined when both prices are zero (any number of tokens is free).
 */
export function tokensFor(usd: number, prices: Prices): number | undefined {
  const dearest = Math.max(prices.inputPerMTok, prices.outputPerMTok);
  if (dearest <= 0) return undefined;
  return Math.floor((usd / dearest) * 1e6);
}
