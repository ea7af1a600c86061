// Failed-CI triage with its history, against the loopback GitHub: the run, its jobs and logs, the
// memory branch written through the git data API (compare-and-swap on the ref), all checked
// against GitHub's REST description. The triage's outcome goes out through the real Publisher.
import { retry } from "@octokit/plugin-retry";
import { Octokit } from "@octokit/rest";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseSettings } from "../../src/config/settings.js";
import { createBranchFile } from "../../src/github/branch-file.js";
import { createGitHubPort } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { TRIAGE_HISTORY_FILE, type BranchFile } from "../../src/memory-store/branch-file.js";
import type { TriagePorts } from "../../src/triage/ports.js";
import { runTriage } from "../../src/triage/run.js";
import { asTriage } from "./results.js";
import type { Outcome, TriageResult } from "../../src/outcome/outcome.js";
import { planRun } from "../../src/plan/plan.js";
import { Publisher } from "../../src/publish/publisher.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import {
  startGitHubServer,
  type GitHubServer,
  type WorkflowJobInit,
  type WorkflowRunInit,
} from "./github-server.js";
import { fakeSha, workflowRunPayload } from "./payloads.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";

export const OWNER = "acme";
export const REPO = "widgets";
export const FULL = `${OWNER}/${REPO}`;
export const BRANCH = "rivumi-memory";
const TOKEN = "ghs_historyWorldToken0123456789abcdef";
/** A token with `contents: read` only: GitHub refuses its writes with 403. */
export const READ_ONLY = "ghs_historyReadOnly0123456789abcdefgh";
const BOT = "github-actions[bot]";
const FIXTURES = resolve(import.meta.dirname, "../triage/fixtures");
export const fixture = (name: string) => readFileSync(join(FIXTURES, name), "utf8");

/** A failed `test` job whose failed step is `Run npm test -- --ci`, printing `log`. */
export function failedJob(log: string, over: Partial<WorkflowJobInit> = {}): WorkflowJobInit {
  return {
    name: "test",
    conclusion: "failure",
    steps: [
      { name: "Set up job" },
      { name: "Run actions/checkout@v4" },
      { name: "Run npm test -- --ci", conclusion: "failure" },
      { name: "Complete job" },
    ],
    log,
    ...over,
  };
}

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** The history's client: no write spacing, no retries, no log of each expected 404 or 422. */
function historyOctokit(url: string, token: string): Octokit {
  return new (Octokit.plugin(retry))({
    auth: token,
    baseUrl: url,
    request: { retries: 0 },
    log: quiet,
  });
}

export interface HistoryTriage {
  runId: number;
  outcome: Outcome<TriageResult>;
  journal: MemoryJournal;
  /** The body of the triage comment on `pr`, when there is one. */
  comment: string | undefined;
}

export interface HistoryWorld {
  github: GitHubServer;
  /** The history file on the memory branch, or undefined without one. */
  stored(): string | undefined;
  /** The history file as the triage reads and writes it, with its own client. */
  file(token?: string): BranchFile;
  /** Triages a failed run (an existing one by `runId`, or one made from `run`) and publishes it. */
  triage(o: {
    run?: WorkflowRunInit;
    runId?: number;
    pr?: number;
    /** The history's client; the publisher always writes with the writable token. */
    historyToken?: string;
    /** No history file wired at all. */
    noHistory?: boolean;
  }): Promise<HistoryTriage>;
  close(): Promise<void>;
}

export async function createHistoryWorld(
  opts: { latencyMs?: [number, number] } = {},
): Promise<HistoryWorld> {
  const github = await startGitHubServer({
    tokens: {
      [TOKEN]: { login: BOT, type: "installation" },
      [READ_ONLY]: { login: BOT, type: "installation", readOnly: true },
    },
    ...(opts.latencyMs ? { latencyMs: opts.latencyMs } : {}),
  });
  github.addRepo(FULL);
  const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-history-"));
  const file = (token = TOKEN) =>
    createBranchFile({
      octokit: historyOctokit(github.url, token),
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
      path: TRIAGE_HISTORY_FILE,
      backoff: { baseMs: 5, capMs: 200 },
    });
  return {
    github,
    stored: () => github.readFile(FULL, BRANCH, TRIAGE_HISTORY_FILE),
    file,
    async triage(o) {
      const runId =
        o.runId ??
        github.addWorkflowRun(FULL, {
          headSha: fakeSha("history-head"),
          headBranch: "feature",
          ...(o.pr !== undefined ? { pullRequests: [o.pr] } : {}),
          ...o.run,
        });
      const record = github.repo(FULL).runs.get(runId)!;
      const payload = workflowRunPayload({
        owner: OWNER,
        repo: REPO,
        runId,
        conclusion: "failure",
        headSha: record.headSha,
        headBranch: record.headBranch,
        runAttempt: record.runAttempt,
        headRepository: record.headRepository,
        event: record.event,
        ...(o.pr !== undefined ? { prNumbers: [o.pr] } : {}),
      });
      const settings = parseSettings((n) => ({ "github-token": TOKEN, model: "m" })[n] ?? "");
      const trigger = parseTrigger("workflow_run", payload);
      const plan = planRun(trigger, settings, { permission: undefined });
      if (plan.kind !== "triage") throw new Error(`not triaged: ${plan.reason}`);
      // Without the write spacing the production client keeps: these tests make many writes.
      const port = createGitHubPort(historyOctokit(github.url, TOKEN), {
        owner: OWNER,
        repo: REPO,
      });
      const journal = new MemoryJournal();
      const refuse = () => Promise.reject(new Error("not in this test"));
      const ports: TriagePorts = {
        settings,
        trigger,
        journal,
        signal: new AbortController().signal,
        journalName: "rivumi-journal-triage",
        started: Date.now(),
        model: refuse,
        memory: () => Promise.resolve({ entries: [], source: "test" }),
        ci: () =>
          Promise.resolve({
            github: port,
            openLog: async (url, signal) => (await fetch(url, { signal })).body!,
            dir: join(dir, `run-${runId}-${record.runAttempt}`),
            serverUrl: "https://github.com",
            ...(o.noHistory ? {} : { history: file(o.historyToken) }),
          }),
        redact: (text) => text.replaceAll(TOKEN, "***"),
      };
      const outcome = asTriage(await runTriage(ports, plan));
      const publisher = new Publisher(port, {
        journal,
        stickyKey: "rivumi-triage/triage",
        botLogin: undefined,
        texts: FEATURE_TEXTS,
        postReview: publishReview,
        redact: ports.redact,
        annotate: () => Promise.resolve(),
      });
      await publisher.publishAll(outcome);
      const comment =
        o.pr === undefined
          ? undefined
          : github.issueComments(FULL, o.pr).find((c) => c.body.includes("rivumi:sticky triage/"))
              ?.body;
      return { runId, outcome, journal, comment };
    },
    async close() {
      await github.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
