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
