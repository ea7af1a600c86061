// `rivumi demo`: the bundled action reviews the sample pull request as a runner would run it: a
// fresh process with the runner's variables and files, against the demo's GitHub and model on
// 127.0.0.1 and real git repositories in a temporary folder. Nothing leaves the machine.
import { execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import {
  BASE_FILES,
  DEMO_AUTHOR,
  DEMO_BOT,
  DEMO_MODEL,
  DEMO_PR,
  DEMO_REPO,
  demoEvent,
  HEAD_FILES,
} from "./sample.js";
import { startDemoGitHub, startDemoModel, type DemoGitHub, type DemoServer } from "./servers.js";

const run = promisify(execFile);

/** The run's own files kept from the runner's temporary folder. */
export const KEPT_FILES = ["journal.jsonl", "requests.jsonl", "result.json"] as const;

export interface DemoResult {
  exitCode: number | null;
  /** The step's outputs, as the action set them. */
  outputs: Record<string, string>;
  /** The sticky comment posted on the pull request (Markdown), if any. */
  comment: string | undefined;
  /** The step summary (Markdown). */
  summary: string;
  /** The files of `KEPT_FILES` that the run wrote, copied into `out`. */
  kept: string[];
  /** What the action printed, for when it failed. */
  log: string;
  /** Requests the demo's servers did not expect. */
  unknown: string[];
}

/** Runs the action once on the sample; its journal, requests and result are copied into `out`. */
export async function runDemo(opts: {
  action: string;
  node: string;
  out: string;
}): Promise<DemoResult> {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-demo-"));
  try {
    const git = await sampleRepository(dir);
    const [github, model] = await Promise.all([
      startDemoGitHub({
        repo: DEMO_REPO.full,
        number: DEMO_PR,
        author: DEMO_AUTHOR,
        bot: DEMO_BOT,
        headSha: git.headSha,
      }),
      startDemoModel(),
    ]);
    try {
      return await reviewSample(opts, dir, git, github, model);
    } finally {
      await Promise.all([github.close(), model.close()]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function reviewSample(
  opts: { action: string; node: string; out: string },
  dir: string,
  git: Awaited<ReturnType<typeof sampleRepository>>,
  github: DemoGitHub,
  model: DemoServer,
): Promise<DemoResult> {
  const runner = join(dir, "runner");
  mkdirSync(join(runner, "temp"), { recursive: true });
  const files = {
    event: join(runner, "event.json"),
    output: join(runner, "output.txt"),
    summary: join(runner, "summary.md"),
  };
  writeFileSync(files.event, JSON.stringify(demoEvent({ ...git, cloneUrl: git.origin })));
  writeFileSync(files.output, "");
  writeFileSync(files.summary, "");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: dir,
    GIT_CONFIG_NOSYSTEM: "1",
    RUNNER_TEMP: join(runner, "temp"),
    GITHUB_ACTIONS: "true",
    GITHUB_EVENT_NAME: "pull_request",
    GITHUB_EVENT_PATH: files.event,
    GITHUB_REPOSITORY: DEMO_REPO.full,
    GITHUB_API_URL: github.url,
    GITHUB_SHA: git.headSha,
    GITHUB_RUN_ID: "1",
    GITHUB_RUN_ATTEMPT: "1",
    GITHUB_JOB: "review",
    GITHUB_WORKSPACE: git.checkout,
    GITHUB_OUTPUT: files.output,
    GITHUB_STEP_SUMMARY: files.summary,
    // The demo's GitHub needs none of the spacing between writes that github.com asks for.
    RIVUMI_GITHUB_WAIT_SCALE: "0",
    "INPUT_GITHUB-TOKEN": "demo-token",
    "INPUT_BASE-URL": model.url,
    INPUT_MODEL: DEMO_MODEL,
    "INPUT_MAX-TURNS": "6",
    "INPUT_TIMEOUT-MINUTES": "2",
  };
  const { code, log } = await runProcess(opts.node, [opts.action], git.checkout, env);
  const outputs = parseOutputs(readFileSync(files.output, "utf8"));
  mkdirSync(opts.out, { recursive: true });
  const artifacts = join(runner, "temp", "rivumi", "1-1-review", "artifacts");
  const kept = KEPT_FILES.filter((name) => existsSync(join(artifacts, name)));
  for (const name of kept) copyFileSync(join(artifacts, name), join(opts.out, name));
  return {
    exitCode: code,
    outputs,
    comment: github.comments()[0]?.body,
    summary: readFileSync(files.summary, "utf8"),
    kept: kept.map((name) => join(opts.out, name)),
    log,
    unknown: [...github.unknown, ...model.unknown],
  };
}

/** An origin with the pull request's head as refs/pull/N/head, and a runner's checkout of it. */
async function sampleRepository(dir: string) {
  const env = {
    ...process.env,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: join(dir, "gitconfig"),
    GIT_AUTHOR_NAME: "Demo",
    GIT_AUTHOR_EMAIL: "demo@example.invalid",
    GIT_COMMITTER_NAME: "Demo",
    GIT_COMMITTER_EMAIL: "demo@example.invalid",
  };
  const git = async (cwd: string, ...args: string[]) => {
    try {
      return (await run("git", args, { cwd, env })).stdout.trim();
    } catch (error) {
      const missing = (error as { code?: unknown }).code === "ENOENT";
      if (missing) throw new Error("the demo needs git on the PATH, as the action does");
      throw error;
    }
  };
  const work = join(dir, "author");
  mkdirSync(work);
  const write = (files: Record<string, string>) => {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(work, path)), { recursive: true });
      writeFileSync(join(work, path), text);
    }
  };
  await git(work, "init", "-q", "-b", "main");
  write(BASE_FILES);
  await git(work, "add", "-A");
  await git(work, "commit", "-q", "-m", "base");
  const baseSha = await git(work, "rev-parse", "HEAD");
  await git(work, "checkout", "-q", "-b", "feature");
  write(HEAD_FILES);
  await git(work, "add", "-A");
  await git(work, "commit", "-q", "-m", "Make the answer 42");
  const headSha = await git(work, "rev-parse", "HEAD");
  await git(work, "checkout", "-q", "main");
  const origin = join(dir, "origin.git");
  await git(dir, "clone", "-q", "--bare", work, origin);
  await git(origin, "update-ref", `refs/pull/${DEMO_PR}/head`, headSha);
  const checkout = join(dir, "checkout");
  await git(dir, "clone", "-q", origin, checkout);
  return { origin, checkout, baseSha, headSha };
}

function runProcess(node: string, args: string[], cwd: string, env: Record<string, string>) {
  return new Promise<{ code: number | null; log: string }>((resolve, reject) => {
    const child = spawn(node, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let log = "";
    child.stdout.on("data", (c: Buffer) => (log += c.toString("utf8")));
    child.stderr.on("data", (c: Buffer) => (log += c.toString("utf8")));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, log }));
  });
}

/** The runner's GITHUB_OUTPUT file: `name<<DELIMITER` blocks, as @actions/core writes them. */
function parseOutputs(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const m = /^([^<=]+)<<(.+)$/.exec(lines[i] ?? "");
    if (!m) continue;
    const end = lines.indexOf(m[2] ?? "", i + 1);
    out[m[1] ?? ""] = lines.slice(i + 1, end).join("\n");
    i = end;
  }
  return out;
}

/** Markdown as a terminal shows it best: hidden markers dropped, HTML tags as their text. */
export function forTerminal(markdown: string): string {
  return markdown
    .replace(/<!--[\s\S]*?-->\n?/g, "")
    .replace(/<details><summary>([\s\S]*?)<\/summary>/g, "▸ $1")
    .replace(/<\/details>\n?/g, "")
    .replace(/<\/?(?:sub|code|b|strong|em|i)>/g, "")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
