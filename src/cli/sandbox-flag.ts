// `--rlm-sandbox`, for every command that may run the RLM engine's REPL (`rlm`, and `review` for
// a large diff): the action's `rlm-sandbox` input on the command line.
import { RlmUnconfinedError } from "../rlm/confinement.js";
import { CliExit, EXIT } from "./exit.js";

export const SANDBOX_OPTION = { "rlm-sandbox": { type: "string" } } as const;

export const SANDBOX_USAGE = `  --rlm-sandbox none  run the RLM engine's Python REPL without its Landlock and seccomp
                      confinement (default landlock: confined, or no model-written code runs)`;

/** The flag as a settings input (`cliSettings` checks its value and names the flag). */
export function sandboxInputs(value: string | undefined): Record<string, string> {
  return value === undefined ? {} : { "rlm-sandbox": value };
}

/** Opting out is said on stderr every time, never silently. */
export function warnIfUnconfined(sandbox: "landlock" | "none"): void {
  if (sandbox === "none")
    process.stderr.write(
      "rivumi: warning: --rlm-sandbox none: the RLM REPL runs model-written code without Landlock or seccomp confinement\n",
    );
}

/** The one line a run ends with when the REPL could not be confined, naming the way out. */
export function unconfinedExit(error: unknown): CliExit | undefined {
  if (!(error instanceof RlmUnconfinedError)) return undefined;
  return new CliExit(
    `${error.message}. --rlm-sandbox none runs it unconfined, at your own risk`,
    EXIT.failed,
  );
}
