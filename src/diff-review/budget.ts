import { capOf, type CapSource } from "../model/output-cap.js";
import type { ChatMessage, ModelPort, ToolSpec } from "../model/port.js";
import { failedRequestTokens } from "../model/reply.js";
import { billedTokens } from "../model/usage.js";

/**
 * The run's token budget, shared by every model request in flight. A request reserves its
 * estimated prompt plus its completion cap before it is sent, and settles to what the provider
 * counted when it answers, so concurrent requests can never add up past `max-tokens`.
 */
export class TokenBudget {
  private spent = 0;
  private held = 0;

  constructor(readonly limit: number) {}

  /** Tokens neither spent nor held by a request in flight. */
  get left(): number {
    return Math.max(0, this.limit - this.spent - this.held);
  }

  get used(): number {
    return this.spent;
  }

  /** Holds `tokens` for one request; false (nothing held) when they do not fit. */
  reserve(tokens: number): boolean {
    if (tokens > this.left) return false;
    this.held += tokens;
    return true;
  }

  /** The request answered with `actual` tokens (or failed, with 0): releases its hold. */
  settle(reserved: number, actual: number): void {
    this.held = Math.max(0, this.held - reserved);
    this.spent += actual;
  }
}

/**
 * A cautious token estimate of a request: most tokenizers give three to four characters per token
 * for code and English; three keeps the reservation on the safe side.
 */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 3) + 16;
}

/** A request that the run's token budget could not cover; nothing was sent. */
export class BudgetExhaustedError extends Error {
  constructor(
    readonly needed: number,
    readonly left: number,
  ) {
    super(`the token budget is spent: this request needs up to ${needed} tokens, ${left} are left`);
    this.name = "BudgetExhaustedError";
  }
}

function messageChars(messages: readonly ChatMessage[], tools: readonly ToolSpec[]): number {
  let n = JSON.stringify(tools).length;
  for (const m of messages)
    n += typeof m.content === "string" ? m.content.length : JSON.stringify(m.content ?? "").length;
  return n;
}

/**
 * A model whose every request reserves its size and completion cap against `budget` first, and
 * carries that cap: for callers that do not budget themselves (the RLM engine's root loop).
 */
export function budgetedModel(
  model: ModelPort,
  budget: TokenBudget,
  maxTokens: CapSource,
): ModelPort {
  return {
    model: model.model,
    async complete(messages, tools, signal, options) {
      const cap = options?.maxTokens ?? capOf(maxTokens);
      const reserved = estimateTokens(messageChars(messages, tools)) + cap;
      if (!budget.reserve(reserved)) throw new BudgetExhaustedError(reserved, budget.left);
      let spent = 0;
      try {
        const reply = await model.complete(messages, tools, signal, { ...options, maxTokens: cap });
        spent = billedTokens(reply.usage);
        return reply;
      } catch (error) {
        spent = failedRequestTokens(error);
        throw error;
      } finally {
        budget.settle(reserved, spent);
      }
    },
  };
}
