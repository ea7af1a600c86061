// A runner's world for failed-CI triage on loopback: the fake GitHub holding the failed run (its
// jobs, the logs' redirect and the storage behind it), a scripted model, the results service for
// the journal, and a way to run the committed bundle on the run's `workflow_run` event.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBundledAction, type ActionRun, type RunOptions } from "./action-run.js";
import { startGitHubServer, type GitHubServer, type WorkflowRunInit } from "./github-server.js";
import { startModelServer, type ModelServer } from "./model-server.js";
import { fakeSha, workflowRunPayload, writeEventFile } from "./payloads.js";
import { startResultsServer, type ResultsServer } from "./results-server.js";

export const TRIAGE_OWNER = "acme";
export const TRIAGE_REPO = "widgets";
export const TRIAGE_FULL = `${TRIAGE_OWNER}/${TRIAGE_REPO}`;
const BOT = "github-actions[bot]";

export interface TriageWorld {
  github: GitHubServer;
  model: ModelServer;
  results: ResultsServer;
  token: string;
  /** The head commit of the runs `addRun` adds. */
  head: string;
  /** Adds a failed run of the head commit on branch `feature`; returns its id. */
  addRun(init: WorkflowRunInit): number;
  /**
   * Runs the bundle on the run's `workflow_run` event. Without `model: true` no model is
   * configured (the deterministic triage alone).
   */
  run(
    runId: number,
    opts?: { inputs?: Record<string, string>; model?: boolean; onStart?: RunOptions["onStart"] },
  ): Promise<ActionRun>;
  close(): Promise<void>;
}

export async function createTriageWorld(
  token = "ghs_triageWorldToken0123456789abcdefAB",
): Promise<TriageWorld> {
  const github = await startGitHubServer({
    tokens: { [token]: { login: BOT, type: "installation" } },
  });
  github.addRepo(TRIAGE_FULL);
  const model = await startModelServer([]);
  const results = await startResultsServer();
  const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-world-"));
  const head = fakeSha("triage-world-head");
  let runs = 0;
  return {
    github,
    model,
    results,
    token,
    head,
    addRun: (init) =>
      github.addWorkflowRun(TRIAGE_FULL, { headSha: head, headBranch: "feature", ...init }),
    run(runId, opts = {}) {
      runs += 1;
      const record = github.repo(TRIAGE_FULL).runs.get(runId)!;
      const event = workflowRunPayload({
        owner: TRIAGE_OWNER,
        repo: TRIAGE_REPO,
        runId,
        conclusion: "failure",
        headSha: record.headSha,
        headBranch: record.headBranch,
        runAttempt: record.runAttempt,
        prNumbers: record.pullRequests,
        event: record.event,
      });
      const runnerDir = join(dir, `run-${runs}`);
      mkdirSync(runnerDir, { recursive: true });
      return runBundledAction({
        runnerDir,
        env: {
          GITHUB_EVENT_NAME: "workflow_run",
          GITHUB_EVENT_PATH: writeEventFile(join(runnerDir, "event"), event),
          GITHUB_REPOSITORY: TRIAGE_FULL,
          GITHUB_API_URL: github.url,
          GITHUB_SHA: github.refSha(TRIAGE_FULL, "main") ?? "",
          GITHUB_RUN_ID: String(9000 + runs),
          GITHUB_RUN_ATTEMPT: "1",
          GITHUB_WORKFLOW: "triage",
          GITHUB_JOB: "triage",
          ...results.env(),
          RIVUMI_ARTIFACT_SUFFIX: `run${runs}`,
        },
        inputs: {
          "github-token": token,
          ...(opts.model
            ? { "api-key": "sk-triage-world-0123456789abcdefgh", "base-url": model.url }
            : {}),
          model: "scripted-model",
          "timeout-minutes": "2",
          ...opts.inputs,
        },
        ...(opts.onStart ? { onStart: opts.onStart } : {}),
      });
    },
    async close() {
      await Promise.all([github.close(), model.close(), results.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
