import { parseArgs, type ParseArgsConfig } from "node:util";
import { UsageError } from "./usage-error.js";

/** Prints the usage for `--help`; the command then returns 0 without doing anything else. */
export function printedHelp(argv: readonly string[], usage: string): boolean {
  if (!argv.includes("--help")) return false;
  process.stdout.write(`${usage}\n`);
  return true;
}

/** `parseArgs` with strict options, its complaints turned into usage errors (exit 2). */
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
