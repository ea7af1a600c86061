import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export type ActionsCore = typeof import("@actions/core");

/**
 * An action input as the runner passes it (`INPUT_<NAME>`, spaces as underscores, trimmed): the
 * same contract `core.getInput` reads, available before @actions/core has loaded.
 */
export function readInput(name: string, env: NodeJS.ProcessEnv): string {
  return (env[`INPUT_${name.replace(/ /g, "_").toUpperCase()}`] ?? "").trim();
}

/** What the runner tells the action through its environment. */
export interface RunnerEnv {
  eventName: string;
  eventPath: string;
  repository: string;
  apiUrl: string;
  serverUrl: string;
  sha: string;
  runId: string;
  attempt: string;
  workspace: string | undefined;
  runnerTemp: string;
  workflow: string | undefined;
  job: string | undefined;
  /** The runner gave a step summary file. */
  stepSummary: boolean;
  /** The runner gave a token for the artifact service. */
  canUpload: boolean;
  /** RIVUMI_GITHUB_WAIT_SCALE: how much of GitHub's write spacing and retry pauses to wait (1). */
  githubWaitScale: number;
}

/**
 * A fraction of the waits GitHub asks for, from 0 to 1. Meant for tests against a loopback GitHub;
 * anything else is refused rather than read as "no waits".
 */
function readWaitScale(env: NodeJS.ProcessEnv): number {
  const text = env.RIVUMI_GITHUB_WAIT_SCALE?.trim();
  if (!text) return 1;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(
      `RIVUMI_GITHUB_WAIT_SCALE is "${text.slice(0, 40)}": give a number from 0 to 1, or unset it to wait as GitHub asks`,
    );
  return value;
}

export function readRunnerEnv(env: NodeJS.ProcessEnv): RunnerEnv {
  const need = (name: string): string => {
    const value = env[name];
    if (!value)
      throw new Error(
        `${name} is not set; Rivumi runs as a step of a GitHub Actions job (or use the rivumi CLI locally)`,
      );
    return value;
  };
  return {
    eventName: need("GITHUB_EVENT_NAME"),
    eventPath: need("GITHUB_EVENT_PATH"),
    repository: env.GITHUB_REPOSITORY ?? "",
    apiUrl: env.GITHUB_API_URL ?? "https://api.github.com",
    serverUrl: env.GITHUB_SERVER_URL ?? "https://github.com",
    sha: env.GITHUB_SHA ?? "",
    runId: env.GITHUB_RUN_ID ?? String(process.pid),
    attempt: env.GITHUB_RUN_ATTEMPT ?? "1",
    workspace: env.GITHUB_WORKSPACE || undefined,
    runnerTemp: env.RUNNER_TEMP || tmpdir(),
    workflow: env.GITHUB_WORKFLOW || undefined,
    job: env.GITHUB_JOB || undefined,
    stepSummary: Boolean(env.GITHUB_STEP_SUMMARY),
    canUpload: Boolean(env.ACTIONS_RUNTIME_TOKEN),
    githubWaitScale: readWaitScale(env),
  };
}

export function runDirectory(r: RunnerEnv, job: string | undefined): string {
  const id = [r.runId, r.attempt, job]
    .filter(Boolean)
    .join("-")
    .replace(/[^A-Za-z0-9_.-]/g, "-");
  return join(r.runnerTemp, "rivumi", id);
}

/** The event's payload, as the runner wrote it (GITHUB_EVENT_PATH); untrusted, parsed by trigger/. */
export function readEventPayload(runner: Pick<RunnerEnv, "eventPath">): unknown {
  return JSON.parse(readFileSync(runner.eventPath, "utf8")) as unknown;
}
