import { errorText } from "../util/error-text.js";
import { randomBytes } from "node:crypto";
import { parseArgs, type ParseArgsConfig } from "node:util";
import { didYouMean } from "./suggest.js";
import { UsageError } from "./usage-error.js";

/** Whether the arguments ask for help (`--help` or `-h`, anywhere). */
export function asksForHelp(argv: readonly string[]): boolean {
  return argv.includes("--help") || argv.includes("-h");
}

/** Prints the usage for `--help` or `-h`; the command then returns 0 without doing anything else. */
export function printedHelp(argv: readonly string[], usage: string): boolean {
  if (!asksForHelp(argv)) return false;
  process.stdout.write(`${usage}\n`);
  return true;
}

/**
 * `parseArgs` (strict, and without positionals unless the config allows them: its defaults), its
 * complaints turned into usage errors (exit 2). A value that starts with '-' and is a number
 * (`--max-turns -1`) is taken as the value, so the range check can name the flag and the problem
 * instead of parseArgs calling the argument ambiguous. An unknown option is named with the command
 * and the closest known option.
 */
export function parseCli<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  /** The command named in messages (`rivumi journal stats`); else the usage's first words. */
  command?: string,
): ReturnType<typeof parseArgs<T>> {
  const args = config.args ? joinNegativeValues(config.args, config.options ?? {}) : undefined;
  try {
    return parseArgs<T>(args ? { ...config, args } : config);
  } catch (error) {
    const message = errorText(error);
    // "--base --json": the flag's value is missing, whatever parseArgs suspects.
    const flag = /^Option '(-[^ ']+)[^']*' argument is ambiguous/.exec(message)?.[1];
    if (flag) {
      const name = flag.split(",")[0]!.trim();
      throw new UsageError(
        `${name} needs a value (write ${name}=VALUE for a value that starts with '-')\n${usage}`,
      );
    }
    const unknown = /^Unknown option '([^']+)'/.exec(message)?.[1];
    if (unknown) {
      const known = Object.entries(config.options ?? {}).flatMap(([name, o]) => [
        `--${name}`,
        ...(o.short ? [`-${o.short}`] : []),
      ]);
      throw new UsageError(
        `unknown option '${unknown}' for '${command ?? commandOf(usage)}'${didYouMean(unknown.split("=")[0]!, known)}\n${usage}`,
      );
    }
    throw new UsageError(`${message}\n${usage}`);
  }
}

/** `rivumi review`, from the first line of a command's usage. */
function commandOf(usage: string): string {
  return /^usage: (rivumi [a-z]+)/.exec(usage)?.[1] ?? "rivumi";
}

function joinNegativeValues(
  args: readonly string[],
  options: ParseArgsConfig["options"],
): string[] {
  const takesValue = new Set<string>();
  for (const [name, o] of Object.entries(options ?? {})) {
    if (o.type !== "string") continue;
    takesValue.add(`--${name}`);
    if (o.short) takesValue.add(`-${o.short}`);
  }
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const next = args[i + 1];
    if (takesValue.has(arg) && next !== undefined && /^-\d|^-\.\d/.test(next)) {
      out.push(arg.startsWith("--") ? `${arg}=${next}` : `${arg}${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
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

/** A flag's non-negative decimal value (a price or a cap in USD). */
export function amount(flag: string, value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !Number.isFinite(n))
    throw new UsageError(`--${flag} ${value}: expected a number of at least 0, such as 2.5`);
  return n;
}

/** A local run's id: when it started, then a few random characters; sorts by time. */
export function localRunId(): string {
  return `${new Date().toISOString().replace(/[:.]/g, "-")}-${randomBytes(3).toString("hex")}`;
}
