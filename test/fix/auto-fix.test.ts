// auto-fix: a triage of a failed run on a same-repository pull request starts the fix of its first
// cause. A real git repository (the workspace), the loopback GitHub holding the same commits with
// the run, its log and the memory branch's history (where attempts are counted), the real openai
// client against the scripted model (the digest, then the fix's agent), the real Publisher.
import { retry } from "@octokit/plugin-retry";
import { Octokit } from "@octokit/rest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createBranchFile } from "../../src/github/branch-file.js";
import { createGitHubPort } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { TRIAGE_HISTORY_FILE } from "../../src/memory-store/branch-file.js";
import { runMode } from "../../src/modes/index.js";
import type { ModePorts } from "../../src/modes/ports.js";
import type { Outcome, TriageResult } from "../../src/outcome/outcome.js";
import { planRun } from "../../src/plan/plan.js";
import { fixAttemptsIn } from "../../src/triage/fix-attempts.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import { startGitHubServer, type GitHubServer } from "../support/github-server.js";
import { workflowRunPayload } from "../support/payloads.js";
import { loopbackPublisher } from "../support/publish-world.js";
import { call, finalize, reviewWorld, submit, type ReviewWorld } from "../support/review-world.js";
import { failedJob } from "../support/triage-history-world.js";

const FULL = "acme/widgets";
const PR = 21;
const TOKEN = "ghs_autoFixWorldToken0123456789abcdef";
const LOG = [
  "2026-12-01T10:00:00.0000000Z ##[group]Run npm test -- --ci",
  "2026-12-01T10:00:01.0000000Z FAIL src/app.test.ts",
  "2026-12-01T10:00:01.0000000Z   ● answer › is 43",
  "2026-12-01T10:00:01.0000000Z     expect(received).toBe(expected)",
  "2026-12-01T10:00:01.0000000Z     Expected: 43",
  "2026-12-01T10:00:01.0000000Z     Received: 42",
  "2026-12-01T10:00:01.0000000Z       at Object.<anonymous> (src/app.test.ts:3:20)",
  "2026-12-01T10:00:02.0000000Z Tests: 1 failed, 1 total",
  "2026-12-01T10:00:02.0000000Z ##[error]Process completed with exit code 1.",
  "",
].join("\n");
const DIGEST = finalize(
  JSON.stringify({
    root_cause: "answer is 42 where the test expects 43.",
    category: "test",
    evidence: [],
    files: [{ path: "src/app.ts", line: 1 }],
    next_step: "Make the answer 43.",
  }),
);
const FIX = [
  call("write_file", { path: "src/app.ts", content: "export const answer = 43;\n" }),
  submit("Made the answer 43, as the test expects."),
];

let world: ReviewWorld | undefined;
let github: GitHubServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  github?.assertNoViolations();
  await Promise.all([world?.close(), github?.close()]);
  if (dir) rmSync(dir, { recursive: true, force: true });
  world = github = dir = undefined;
});

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

async function setUp(
  script: Parameters<typeof reviewWorld>[0]["script"],
  inputs: Record<string, string> = {},
) {
  world = await reviewWorld({
    baseFiles: { "src/app.ts": "export const answer = 41;\n" },
    headFiles: { "src/app.ts": "export const answer = 42;\n" },
    script,
    inputs: { "push-fixes": "true", "auto-fix": "true", "github-token": TOKEN, ...inputs },
    redact: (text) => text.replaceAll(TOKEN, "***"),
  });
  github = await startGitHubServer({
    tokens: { [TOKEN]: { login: "github-actions[bot]", type: "installation" } },
  });
  github.addRepo(FULL);
  const base = await github.importBranch(FULL, world.root, "main", "main");
  const head = await github.importBranch(FULL, world.root, "feature", "HEAD");
  github.addPullRequest(FULL, {
    number: PR,
    user: "alice",
    head: { sha: head, ref: "feature" },
    base: { sha: base, ref: "main" },
  });
  dir = mkdtempSync(join(tmpdir(), "rivumi-auto-fix-"));
  return head;
}

/** Triages a failed run of `headSha` (or run `runId` again) with auto-fix, and publishes it. */
async function triage(o: { headSha?: string; runId?: number }) {
  const gh = github!;
  const runId =
    o.runId ??
    gh.addWorkflowRun(FULL, {
      headSha: o.headSha!,
      headBranch: "feature",
      event: "pull_request",
      pullRequests: [PR],
      jobs: [failedJob(LOG)],
    });
  const record = gh.repo(FULL).runs.get(runId)!;
  const trigger = parseTrigger(
    "workflow_run",
    workflowRunPayload({
      owner: "acme",
      repo: "widgets",
      runId,
      conclusion: "failure",
      headSha: record.headSha,
      headBranch: record.headBranch,
      runAttempt: record.runAttempt,
      event: record.event,
      prNumbers: [PR],
    }),
  );
  const base = world!.ports;
  const plan = planRun(trigger, base.settings, { permission: undefined });
  if (plan.kind !== "triage") throw new Error(plan.reason);
  const octokit = new (Octokit.plugin(retry))({
    auth: TOKEN,
    baseUrl: gh.url,
    request: { retries: 0 },
    log: quiet,
  });
  const journal = new MemoryJournal();
  const ports: ModePorts = {
    ...base,
    trigger,
    journal,
    // As the action's: the pull request's head is what GitHub says it is now.
    work: {
      ...base.work,
      target: async (p) => ({
        ...(await base.work.target(p)),
        head: gh.repo(FULL).pull(PR).pull.head.sha,
      }),
    },
    ci: () =>
      Promise.resolve({
        github: createGitHubPort(octokit, { owner: "acme", repo: "widgets" }),
        openLog: async (url, signal) => (await fetch(url, { signal })).body!,
        dir: join(dir!, `run-${runId}-${record.runAttempt}`),
        serverUrl: "https://github.com",
        history: createBranchFile({
          octokit,
          owner: "acme",
          repo: "widgets",
          branch: "rivumi-memory",
          path: TRIAGE_HISTORY_FILE,
          backoff: { baseMs: 5, capMs: 200 },
        }),
      }),
  };
  const outcome = (await runMode(ports, plan)) as Outcome<TriageResult>;
  const publisher = loopbackPublisher(gh, FULL, {
    journal,
    stickyKey: "rivumi-triage/triage",
    redact: base.redact,
    token: TOKEN,
  });
  const published = await publisher.publishAll(outcome);
  const comment =
    gh.issueComments(FULL, PR).find((c) => c.body.includes("rivumi:sticky triage/"))?.body ?? "";
  return { runId, outcome, published, comment, journal };
}

const attempts = () =>
  fixAttemptsIn(github!.readFile(FULL, "rivumi-memory", TRIAGE_HISTORY_FILE) ?? "");

describe("auto-fix", () => {
  it("fixes the first cause of a failed run on the pull request, once, and stops when the failure comes back after the fix", async () => {
    const head = await setUp([DIGEST, ...FIX, DIGEST, DIGEST]);
    const first = await triage({ headSha: head });
    expect(first.published.failures).toEqual([]);
    expect(first.published.fix?.kind).toBe("committed");
    const sha = first.published.fix?.kind === "committed" ? first.published.fix.sha : "";
    expect(github!.branchFiles(FULL, "feature")["src/app.ts"]?.text).toBe(
      "export const answer = 43;\n",
    );
    const commit = github!.commitOf(FULL, sha);
    expect(commit?.parents).toEqual([head]);
    expect(commit?.message).toContain(`Rivumi-Fix-Run: ${first.runId}`);
    expect(commit?.message).toContain("Rivumi-Fix-Attempt: 1 of 2");
    // The agent was told the failure from the log, as evidence.
    const task = JSON.stringify(world!.model.requests.at(-2)?.body.messages ?? []);
    expect(task).toContain("Expected: 43");
    // One comment on the pull request: the triage, then what became of the fix.
    expect(first.comment).toContain("#### Rivumi's fix");
    expect(first.comment).toContain(`**Committed** [\`${sha.slice(0, 7)}\`]`);
    expect(first.comment).toContain("Attempt 1 of 2 for failed run");
    expect(attempts()).toEqual([
      expect.objectContaining({ pr: PR, run: first.runId, head, attempt: 1 }),
    ]);
    expect(world!.progress).toEqual([]);
    expect(github!.issueComments(FULL, PR)).toHaveLength(1);

    // A re-delivery or re-run of the same run starts no second fix.
    const again = await triage({ runId: first.runId });
    expect(again.published.fix).toBeUndefined();
    expect(again.comment).toContain(
      `No fix was started: a fix was already started for run ${first.runId}`,
    );

    // The same failure on the fix's own commit: no more attempts.
    const back = await triage({ headSha: sha });
    expect(back.published.fix).toBeUndefined();
    expect(back.comment).toContain(
      "No fix was started: the same failure came back on Rivumi's own fix commit",
    );
    expect(attempts()).toHaveLength(1);
    world!.model.assertDone();
  });

  it("counts attempts across runs of the same head and stops at max-fix-attempts", async () => {
    const head = await setUp([DIGEST, ...FIX, DIGEST, ...FIX, DIGEST], {
      "verify-command": "echo 'still failing' >&2; exit 1",
    });
    const first = await triage({ headSha: head });
    expect(first.published.fix).toBeUndefined();
    expect(first.comment).toContain("Attempt 1 of 2");
    expect(first.comment).toContain("still failing");
    const second = await triage({ headSha: head });
    expect(second.comment).toContain("Attempt 2 of 2");
    const third = await triage({ headSha: head });
    expect(third.comment).toContain(
      "No fix was started: 2 of 2 fix attempts were used for this failure",
    );
    expect(attempts().map((a) => [a.run, a.attempt])).toEqual([
      [first.runId, 1],
      [second.runId, 2],
    ]);
    expect(github!.branchFiles(FULL, "feature")["src/app.ts"]?.text).toBe(
      "export const answer = 42;\n",
    );
    world!.model.assertDone();
  });

  it("starts no fix once the pull request's head moved past the failed run", async () => {
    const head = await setUp([DIGEST]);
    github!.pushToBranch(FULL, "feature", { "README.md": "moved\n" });
    const run = await triage({ headSha: head });
    expect(run.published.fix).toBeUndefined();
    expect(run.comment).toMatch(/No fix was started: the pull request's head moved to/);
    expect(attempts()).toEqual([]);
  });
});
