import { randomBytes } from "node:crypto";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./usage-error.js";

/** Prints the usage for `--help`; the command then returns 0 without doing anything else. */
export function printedHelp(argv: readonly string[], usage: string): boolean {
  if (!argv.includes("--help")) return false;
  process.stdout.write(`${usage}\n`);
  return true;
}

/**
 * `parseArgs` (strict, and without positionals unless the config allows them: its defaults), its
 * complaints turned into usage errors (exit 2).
 */
export function parseCli<T extends ParseArgsConfig>(
  config: T,
  usage: string,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs<T>(config);
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  }
}

/** A flag's whole-number value from `lo` to `hi` (no upper bound when `hi` is omitted). */
export function wholeNumber(flag: string, value: string, lo: number, hi?: number): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < lo || (hi !== undefined && n > hi)) {
    const range = hi === undefined ? `of at least ${lo}` : `from ${lo} to ${hi}`;
    throw new UsageError(`--${flag} ${value}: expected a whole number ${range}`);
  }
  return n;
}

/** A local run's id: when it started, then a few random characters; sorts by time. */
export function localRunId(): string {
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}
