// One failed run on a pull request, triaged with a model configured and its outcome published as
// the action would: the loopback GitHub (checked against GitHub's REST description), the real
// triage mode, RLM engine and Publisher. The model is scripted and records what it was asked.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseSettings } from "../../src/config/settings.js";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { ModelPort } from "../../src/model/port.js";
import type { TriagePorts } from "../../src/triage/ports.js";
import { runTriage } from "../../src/triage/run.js";
import { asTriage } from "../support/results.js";
import type { Outcome, TriageResult } from "../../src/outcome/outcome.js";
import { planRun } from "../../src/plan/plan.js";
import { Publisher } from "../../src/publish/publisher.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import { LOOPBACK_WAIT_SCALE, startGitHubServer } from "../support/github-server.js";
import { fakeSha, workflowRunPayload } from "../support/payloads.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";

const TOKEN = "ghs_triageWorldToken0123456789abcdefAB";
const FULL = "acme/widgets";
const PR = 7;
const STEP = "Run npm test -- --ci";

export interface TriageRun {
  outcome: Outcome<TriageResult>;
  /** The first user message of each root conversation the model was asked. */
  asked: string[];
  comment: string;
  journal: MemoryJournal;
  close(): Promise<void>;
}

/** Triages a failed jest job (test/triage/fixtures/jest.log) with `replies` as the model's turns. */
export async function triageWithModel(replies: string[] = []): Promise<TriageRun> {
  const github = await startGitHubServer({
    tokens: { [TOKEN]: { login: "github-actions[bot]", type: "installation" } },
  });
  const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-world-"));
  const close = async () => {
    github.assertNoViolations();
    await github.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    github.addRepo(FULL);
    const head = fakeSha("triage-world");
    github.addPullRequest(FULL, { number: PR, head: { sha: head, ref: "feature" } });
    const log = readFileSync(resolve(import.meta.dirname, "../triage/fixtures/jest.log"), "utf8");
    const steps = ["Set up job", "Run actions/checkout@v4", STEP, "Complete job"].map((name) =>
      name === STEP ? { name, conclusion: "failure" } : { name },
    );
    const runId = github.addWorkflowRun(FULL, {
      headSha: head,
      headBranch: "feature",
      pullRequests: [PR],
      jobs: [{ name: "test", conclusion: "failure", steps, log }],
    });
    const payload = workflowRunPayload({
      owner: "acme",
      repo: "widgets",
      runId,
      conclusion: "failure",
      headSha: head,
      headBranch: "feature",
      prNumbers: [PR],
    });
    const inputs: Record<string, string> = { "github-token": TOKEN, model: "m", "api-key": "sk-t" };
    const settings = parseSettings((n) => inputs[n] ?? "");
    const trigger = parseTrigger("workflow_run", payload);
    const plan = planRun(trigger, settings, { permission: undefined });
    if (plan.kind !== "triage") throw new Error(`not triaged: ${plan.reason}`);
    const port = createGitHubPort(
      createOctokit({ token: TOKEN, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }),
      {
        owner: "acme",
        repo: "widgets",
      },
    );
    const asked: string[] = [];
    let turn = 0;
    const model: ModelPort = {
      model: "scripted",
      complete(messages) {
        const first = messages.find((m) => m.role === "user");
        if (turn === 0 && typeof first?.content === "string") asked.push(first.content);
        const content = replies[turn++];
        if (content === undefined) return Promise.reject(new Error("no more scripted replies"));
        const usage = { promptTokens: 10, completionTokens: 5, cachedTokens: 0 };
        return Promise.resolve({ content, toolCalls: [], finishReason: "stop", usage });
      },
    };
    const journal = new MemoryJournal();
    const redact = (text: string) => text.replaceAll(TOKEN, "***");
    const ports: TriagePorts = {
      settings,
      trigger,
      journal,
      signal: new AbortController().signal,
      journalName: "rivumi-journal-triage",
      started: Date.now(),
      model: () => Promise.resolve(model),
      memory: () => Promise.resolve({ entries: [], source: "test" }),
      ci: () =>
        Promise.resolve({
          github: port,
          openLog: async (url, signal) => (await fetch(url, { signal })).body!,
          dir: join(dir, "logs"),
          serverUrl: "https://github.com",
        }),
      redact,
    };
    const outcome = asTriage(await runTriage(ports, plan));
    const publisher = new Publisher(port, {
      journal,
      stickyKey: "rivumi-triage/triage",
      botLogin: undefined,
      texts: FEATURE_TEXTS,
      postReview: publishReview,
      redact,
      annotate: () => Promise.resolve(),
    });
    await publisher.publishAll(outcome);
    const comment = github.issueComments(FULL, PR)[0]?.body ?? "";
    return { outcome, asked, comment, journal, close };
  } catch (error) {
    await close();
    throw error;
  }
}
