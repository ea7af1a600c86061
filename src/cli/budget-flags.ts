import { amount, wholeNumber } from "./args.js";
import { UsageError } from "./usage-error.js";

/** The action's budget and price inputs as flags, shared by `review` and `rlm`. */
export const BUDGET_OPTIONS = {
  "max-tokens": { type: "string" },
  "timeout-minutes": { type: "string" },
  "price-input-per-mtok": { type: "string" },
  "price-output-per-mtok": { type: "string" },
  "max-cost-usd": { type: "string" },
} as const;

export const BUDGET_USAGE = `budgets (the run stops at the first one reached and prints what it has; exit status 3):
  --max-tokens N             prompt plus completion tokens of the whole run, every request counted
  --timeout-minutes N        wall-clock limit
  --max-cost-usd X           spending cap in USD; needs both prices
prices (USD per million tokens; with both, the cost is printed):
  --price-input-per-mtok X   --price-output-per-mtok X`;

export interface Budget {
  maxTokens: number | undefined;
  timeoutMinutes: number | undefined;
  prices: { inputPerMTok: number; outputPerMTok: number } | undefined;
  maxCostUsd: number | undefined;
}

type BudgetValues = { [K in keyof typeof BUDGET_OPTIONS]?: string | undefined };

/** The flags checked and named in any complaint; unset ones stay undefined. */
export function parseBudget(values: BudgetValues): Budget {
  const whole = (flag: "max-tokens" | "timeout-minutes") => {
    const v = values[flag];
    return v === undefined ? undefined : wholeNumber(flag, v, 1);
  };
  const money = (flag: "price-input-per-mtok" | "price-output-per-mtok" | "max-cost-usd") => {
    const v = values[flag];
    return v === undefined ? undefined : amount(flag, v);
  };
  const inP = money("price-input-per-mtok");
  const outP = money("price-output-per-mtok");
  if ((inP === undefined) !== (outP === undefined))
    throw new UsageError(
      "--price-input-per-mtok and --price-output-per-mtok go together: give both or neither",
    );
  const maxCostUsd = money("max-cost-usd");
  if (maxCostUsd !== undefined && inP === undefined)
    throw new UsageError(
      "--max-cost-usd needs --price-input-per-mtok and --price-output-per-mtok to count cost",
    );
  return {
    maxTokens: whole("max-tokens"),
    timeoutMinutes: whole("timeout-minutes"),
    prices:
      inP !== undefined && outP !== undefined
        ? { inputPerMTok: inP, outputPerMTok: outP }
        : undefined,
    maxCostUsd,
  };
}

/** The budget as the action's inputs, for `cliSettings`; unset flags keep the action's defaults. */
export function budgetInputs(budget: Budget): Record<string, string> {
  const out: Record<string, string> = {};
  if (budget.maxTokens !== undefined) out["max-tokens"] = String(budget.maxTokens);
  if (budget.timeoutMinutes !== undefined) out["timeout-minutes"] = String(budget.timeoutMinutes);
  if (budget.prices) {
    out["price-input-per-mtok"] = String(budget.prices.inputPerMTok);
    out["price-output-per-mtok"] = String(budget.prices.outputPerMTok);
  }
  if (budget.maxCostUsd !== undefined) out["max-cost-usd"] = String(budget.maxCostUsd);
  return out;
}

/** "$0.0123" with enough digits to show a small run's cost. */
export function formatCost(usd: number): string {
  return `$${usd.toFixed(usd < 1 ? 4 : 2)}`;
}
