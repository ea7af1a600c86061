import type { StopReason } from "../outcome/outcome.js";
import { printErr } from "./output.js";

/** The exit statuses every command uses; the README lists them. */
export const EXIT = {
  /** The command did what was asked. */
  ok: 0,
  /** The run started and failed (the model, git, a file it had to write). */
  failed: 1,
  /** The command line is wrong; nothing was run. */
  usage: 2,
  /** The run stopped at a limit (turns, tokens, cost, time) and printed what it had. */
  limit: 3,
  /** Ctrl-C: 128 + SIGINT, as shells report it. */
  interrupted: 130,
  /** SIGTERM (`kill`, a CI runner cancelling): 128 + 15. */
  terminated: 143,
} as const;

/** The signal that cancelled the run, if one did (signals belong to the process, so this does). */
let cancelledBy: "SIGINT" | "SIGTERM" | undefined;

/**
 * Calls `cancel` on Ctrl-C (SIGINT) or SIGTERM, once each: a second signal of the same kind finds
 * the default handler and ends the process at once. Returns the function that stops listening.
 */
export function onCancelSignals(cancel: () => void): () => void {
  const listeners = (["SIGINT", "SIGTERM"] as const).map((signal) => {
    const listener = () => {
      cancelledBy ??= signal;
      cancel();
    };
    process.once(signal, listener);
    return () => process.removeListener(signal, listener);
  });
  return () => listeners.forEach((stop) => stop());
}

/** How a cancelled run ends: the one line and status of the signal that cancelled it. */
export function interruption(): CliExit {
  return cancelledBy === "SIGTERM"
    ? new CliExit("terminated (SIGTERM)", EXIT.terminated)
    : new CliExit("interrupted (Ctrl-C)", EXIT.interrupted);
}

/** A run that ends with one line on stderr and a given exit status, after printing any result. */
export class CliExit extends Error {
  override readonly name = "CliExit";
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

/** The flag that sets each limit, for messages that say which one stopped the run. */
const LIMIT_FLAGS: Partial<Record<StopReason, string>> = {
  "max-turns": "--max-turns",
  "max-tokens": "--max-tokens",
  "max-cost": "--max-cost-usd",
  timeout: "--timeout-minutes",
};

/**
 * How a run that produced a result ends: undefined for a clean finish, else the line for stderr
 * and the status. `stop` is why the run stopped early, if it did; a failure's line ends with the
 * `journal` to read, when one is given.
 */
export function endOf(opts: {
  command: string;
  failed: boolean;
  stop: StopReason | undefined;
  why: string | undefined;
  journal?: string;
}): CliExit | undefined {
  const { stop } = opts;
  if (stop === "cancelled") return interruption();
  const flag = stop ? LIMIT_FLAGS[stop] : undefined;
  if (flag)
    return new CliExit(
      `stopped at the limit set by ${flag}; the result above is partial`,
      EXIT.limit,
    );
  if (opts.failed) {
    const where = opts.journal !== undefined ? ` (journal: ${opts.journal})` : "";
    const why = firstLine(opts.why ?? "no reason given");
    return new CliExit(`${opts.command} failed: ${why}${where}`, EXIT.failed);
  }
  return undefined;
}

export function firstLine(text: string): string {
  return text.trim().split("\n")[0] ?? "";
}

/** Ends a command: an early end's one line goes to stderr; returns the exit status. */
export function exitWith(end: CliExit | undefined): number {
  if (!end) return EXIT.ok;
  printErr(`rivumi: ${firstLine(end.message)}\n`);
  return end.code;
}
