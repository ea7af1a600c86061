// A runner's world for the bundled action on workflow_run events: a loopback GitHub serving the
// failed run, its jobs and their logs (behind the 302), a loopback model, the results service.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runBundledAction, type ActionRun } from "./action-run.js";
import { startGitHubServer, type GitHubServer, type WorkflowRunInit } from "./github-server.js";
import { startModelServer, type ModelServer } from "./model-server.js";
import { fakeSha, workflowRunPayload, writeEventFile } from "./payloads.js";
import { startResultsServer } from "./results-server.js";

export const TRIAGE_REPO = "acme/widgets";
export const TRIAGE_TOKEN = "ghs_triageWorldToken0123456789abcdefAB";
export const TRIAGE_KEY = "sk-triage-world-0123456789abcdefghij";
const BOT = "github-actions[bot]";

export interface TriageWorld {
  github: GitHubServer;
  model: ModelServer;
  /** Adds a failed run on the head `feature`; returns its id. */
  addRun(init: WorkflowRunInit): number;
  /** Runs the bundle on the workflow_run event of `runId`. */
  triage(runId: number, inputs?: Record<string, string>): Promise<ActionRun>;
  close(): Promise<void>;
}

export async function createTriageWorld(): Promise<TriageWorld> {
  const github = await startGitHubServer({
    tokens: { [TRIAGE_TOKEN]: { login: BOT, type: "installation" } },
  });
  github.addRepo(TRIAGE_REPO);
  const model = await startModelServer([]);
  const results = await startResultsServer();
  const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-world-"));
  const [owner = "", repo = ""] = TRIAGE_REPO.split("/");
  let runs = 0;
  return {
    github,
    model,
    addRun: (init) =>
      github.addWorkflowRun(TRIAGE_REPO, {
        headSha: fakeSha("triage-world-head"),
        headBranch: "feature",
        ...init,
      }),
    triage(runId, inputs = {}) {
      runs += 1;
      const record = github.repo(TRIAGE_REPO).runs.get(runId)!;
      const event = workflowRunPayload({
        owner,
        repo,
        runId,
        conclusion: "failure",
        headSha: record.headSha,
        headBranch: record.headBranch,
        runAttempt: record.runAttempt,
        prNumbers: record.pullRequests,
        event: record.event,
        name: record.name,
        path: record.path,
      });
      const runnerDir = join(dir, `run-${runs}`);
      mkdirSync(runnerDir, { recursive: true });
      return runBundledAction({
        runnerDir,
        env: {
          GITHUB_EVENT_NAME: "workflow_run",
          GITHUB_EVENT_PATH: writeEventFile(join(runnerDir, "event"), event),
          GITHUB_REPOSITORY: TRIAGE_REPO,
          GITHUB_API_URL: github.url,
          GITHUB_SERVER_URL: "https://github.com",
          GITHUB_SHA: github.refSha(TRIAGE_REPO, "main") ?? "",
          GITHUB_RUN_ID: String(9100 + runs),
          GITHUB_RUN_ATTEMPT: "1",
          GITHUB_WORKFLOW: "triage",
          GITHUB_JOB: "triage",
          ...results.env(),
          RIVUMI_ARTIFACT_SUFFIX: `run${runs}`,
        },
        inputs: {
          "github-token": TRIAGE_TOKEN,
          "api-key": TRIAGE_KEY,
          "base-url": model.url,
          model: "scripted-model",
          "timeout-minutes": "2",
          ...inputs,
        },
      });
    },
    async close() {
      github.assertNoViolations();
      await Promise.all([github.close(), model.close(), results.close()]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
