import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBundledAction, type ActionRun, type RunOptions } from "./action-run.js";
import { makeGitFixture, sh, type GitFixture } from "./git-fixture.js";
import { startGitHubServer, type GitHubServer } from "./github-server.js";
import { startModelServer, type ModelServer, type Step, type StepFn } from "./model-server.js";
import { pullRequestPayload, writeEventFile } from "./payloads.js";
import { startResultsServer, type ResultsServer } from "./results-server.js";

export const OWNER = "acme";
export const REPO = "widgets";
export const FULL = `${OWNER}/${REPO}`;
export const PR = 7;
export const BOT = "github-actions[bot]";

/** A whole runner's world on loopback: GitHub, the model, the results service and a real git origin. */
export interface ActionWorld {
  github: GitHubServer;
  model: ModelServer;
  results: ResultsServer;
  git: GitFixture;
  dir: string;
  token: string;
  apiKey: string;
  /** Runs the committed bundle once, as a runner would, for the pull request event. */
  run(opts?: {
    runId?: string;
    inputs?: Record<string, string>;
    onStart?: RunOptions["onStart"];
    env?: Record<string, string>;
    timeoutMs?: number;
  }): Promise<ActionRun>;
  close(): Promise<void>;
}

export interface WorldOptions {
  token?: string;
  apiKey?: string;
  script?: Step[];
  modelFallback?: Step;
  headFiles?: Record<string, string>;
  baseFiles?: Record<string, string>;
  prBody?: string;
  author?: string;
  authorRole?: "admin" | "write" | "read" | "none";
  /** A repository made elsewhere (a generated large pull request) instead of the small fixture. */
  git?: GitFixture;
  /** Leave the pull request's file list empty instead of computing a patch per file. */
  noPullFiles?: boolean;
  /** Answers child reviewers (see `ModelServerOptions.children`). */
  children?: StepFn;
  /**
   * A model server started elsewhere (a provider emulator) instead of the scripted one; `script`,
   * `modelFallback` and `children` are then its own business. The world closes it.
   */
  model?: ModelServer;
}

/** The PR's files as GitHub lists them: one patch per file, from the real repository. */
async function pullFiles(fx: GitFixture) {
  const names = (await sh(fx.checkout, "diff", "--name-status", `${fx.branchPoint}`, fx.headSha))
    .split("\n")
    .filter(Boolean);
  return Promise.all(
    names.map(async (line) => {
      const [status = "M", filename = ""] = line.split("\t");
      const full = await sh(fx.checkout, "diff", fx.branchPoint, fx.headSha, "--", filename);
      const patch = full.slice(full.indexOf("@@"));
      return {
        filename,
        patch,
        status:
          status === "A"
            ? ("added" as const)
            : status === "D"
              ? ("removed" as const)
              : ("modified" as const),
      };
    }),
  );
}

export async function createActionWorld(opts: WorldOptions = {}): Promise<ActionWorld> {
  const token = opts.token ?? "ghs_e2eTokenValue0123456789abcdefABCDEF";
  const apiKey = opts.apiKey ?? "sk-e2e-key-0123456789abcdefghijklmnop";
  const git =
    opts.git ??
    (await makeGitFixture({
      prNumber: PR,
      ...(opts.headFiles ? { headFiles: opts.headFiles } : {}),
      ...(opts.baseFiles ? { baseFiles: opts.baseFiles } : {}),
    }));
  // Fetch the checkout's view of the PR so patches can be computed there.
  await sh(git.checkout, "fetch", "-q", "origin", git.headSha);
  const github = await startGitHubServer({
    tokens: { [token]: { login: BOT, type: "installation" } },
  });
  github.addRepo(FULL, { cloneUrl: git.origin });
  const author = opts.author ?? "alice";
  github.setPermission(FULL, author, opts.authorRole ?? "write");
  github.addPullRequest(FULL, {
    number: PR,
    title: "Make the answer 42",
    body: opts.prBody ?? "Changes the answer.",
    user: author,
    head: { sha: git.headSha, ref: "feature" },
    base: { sha: git.baseSha, ref: "main" },
    files: opts.noPullFiles ? [] : await pullFiles(git),
  });
  const model =
    opts.model ??
    (await startModelServer(opts.script ?? [], {
      ...(opts.modelFallback ? { fallback: opts.modelFallback } : {}),
      ...(opts.children ? { children: opts.children } : {}),
    }));
  const results = await startResultsServer();
  const dir = mkdtempSync(join(tmpdir(), "rivumi-runner-"));
  const event = pullRequestPayload({
    owner: OWNER,
    repo: REPO,
    number: PR,
    author,
    headSha: git.headSha,
    baseSha: git.baseSha,
    body: opts.prBody ?? "Changes the answer.",
  });
  const eventPath = writeEventFile(join(dir, "event"), event);
  let runs = 0;

  return {
    github,
    model,
    results,
    git,
    dir,
    token,
    apiKey,
    run(o = {}) {
      runs += 1;
      const runnerDir = join(dir, `run-${runs}`);
      mkdirSync(runnerDir, { recursive: true });
      return runBundledAction({
        runnerDir,
        env: {
          GITHUB_EVENT_NAME: "pull_request",
          GITHUB_EVENT_PATH: eventPath,
          GITHUB_REPOSITORY: FULL,
          GITHUB_API_URL: github.url,
          GITHUB_SHA: git.headSha,
          GITHUB_RUN_ID: o.runId ?? String(1000 + runs),
          GITHUB_RUN_ATTEMPT: "1",
          GITHUB_JOB: "review",
          GITHUB_WORKSPACE: git.checkout,
          ...results.env(),
          ...o.env,
        },
        inputs: {
          "github-token": token,
          "api-key": apiKey,
          "base-url": model.url,
          model: "scripted-model",
          "max-turns": "6",
          "timeout-minutes": "2",
          ...o.inputs,
        },
        ...(o.onStart ? { onStart: o.onStart } : {}),
        ...(o.timeoutMs ? { timeoutMs: o.timeoutMs } : {}),
      });
    },
    async close() {
      await Promise.all([github.close(), model.close(), results.close()]);
      git.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
