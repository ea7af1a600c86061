import type { Result } from "execa";
import { gitEnv } from "../../workspace/git.js";
import type { ToolContext } from "./tool.js";

export interface GitRunOptions {
  /** Kill git after this long; the result then has `timedOut` set. */
  readonly timeoutMs?: number;
  /** Stop collecting stdout past this many characters; the result then has `isMaxBuffer` set. */
  readonly maxBuffer?: number;
}

/**
 * Runs read-only git in the workspace for a tool. Never through a shell; never with the run's
 * environment (gitEnv: it holds tokens and API keys); never with user or system config, which
 * could name external diff, textconv or fsmonitor programs. The result is returned, not thrown, so
 * each tool can turn git's exit status into a message for the model.
 */
export async function runGit(
  ctx: ToolContext,
  args: readonly string[],
  options: GitRunOptions = {},
): Promise<Result> {
  // Loaded on the first tool call, not at start-up: no tool runs before the first model answer.
  const { execa } = await import("execa");
  return execa(
    "git",
    [
      "--literal-pathspecs", // a model-written ":(glob)" or ":!x" is a file name, not magic
      "-c",
      "core.quotePath=false",
      "-c",
      "core.fsmonitor=false",
      ...args,
    ],
    {
      cwd: ctx.root,
      extendEnv: false,
      env: gitEnv({ GIT_CONFIG_GLOBAL: "/dev/null" }),
      stdin: "ignore",
      reject: false,
      stripFinalNewline: false,
      cancelSignal: ctx.signal,
      forceKillAfterDelay: 1_000,
      ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
      ...(options.maxBuffer === undefined ? {} : { maxBuffer: { stdout: options.maxBuffer } }),
    },
  );
}
