/** The shape of one line pattern; the tables live in rules-*.ts. */
import type { CandidateKind } from "./types.js";

/** How a matched line grows into a short range, using the lines around it. */
export type Expansion =
  /** the next line, if it is not blank */
  | "next-line"
  /** up to the first non-blank line among the next few (jest `●`, CMake) */
  | "next-nonblank"
  /** the `--> file:line` line that rustc prints under an error */
  | "rust-location"
  /** from a mocha `N failing` line to the first failure's error message */
  | "mocha"
  /** from `FAILURE: Build failed` to the line under `* What went wrong:` */
  | "gradle"
  /** the `x_test.go:12:` message lines next to a `--- FAIL` line */
  | "go-test"
  /** the `E   ` lines above a pytest `file.py:12: SomeError` line */
  | "pytest-location"
  /** the lines under a heading: all non-blank ones if it ends in `:`, else those indented deeper */
  | "block";

export interface Rule {
  /** A substring the line must contain: a cheap test before the regex. */
  readonly has?: string;
  readonly re: RegExp;
  readonly kind: CandidateKind;
  /** 0–100: how likely such a line states the cause. */
  readonly score: number;
  readonly expand?: Expansion;
  /** The line sums up a failure: the step's preceding lines (up to this many) are searched too. */
  readonly lookBack?: number;
  /** The line says the step itself failed (exit code, timeout, cancellation). */
  readonly stepFailure?: boolean;
}
