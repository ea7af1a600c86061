// The completion cap of a run's requests (`max-output-tokens`). A reasoning model spends part of
// it thinking before it writes a word, so its default is larger; and since a server may only
// say that the model reasons in its first reply, the default can rise once, mid-run.

import { REASONING_OUTPUT_TOKENS } from "../config/model-choices.js";

export { DEFAULT_OUTPUT_TOKENS, REASONING_OUTPUT_TOKENS } from "../config/model-choices.js";

/** A cap as callers reserve it: a fixed number, or a run's cap read at each request. */
export type CapSource = number | { readonly tokens: number };

export function capOf(cap: CapSource): number {
  return typeof cap === "number" ? cap : cap.tokens;
}

export class OutputCap {
  private current: number;

  /**
   * @param tokens the cap the run starts with
   * @param explicit the user set it: it never moves
   * @param onRaise told when the default rises
   */
  constructor(
    tokens: number,
    private readonly explicit: boolean,
    private readonly onRaise?: (from: number, to: number) => void,
  ) {
    this.current = tokens;
  }

  /** The cap of the next request; every reservation reads it again. */
  get tokens(): number {
    return this.current;
  }

  /** A reply counted reasoning tokens: a default cap rises to the reasoning default. */
  reasoningSeen(): void {
    if (this.explicit || this.current >= REASONING_OUTPUT_TOKENS) return;
    const from = this.current;
    this.current = REASONING_OUTPUT_TOKENS;
    this.onRaise?.(from, this.current);
  }
}
