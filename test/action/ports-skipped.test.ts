// The action's ports start no GitHub request a skipped run does not need: a workflow_run that is
// not triaged never reads the memory branch (only a mode that asks for memory does), and a
// comment that holds no command asks nobody's permission.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { actionPorts } from "../../src/action/ports.js";
import { parseSettings } from "../../src/config/settings.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { Trigger } from "../../src/trigger/trigger.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";

let github: GitHubServer | undefined;
let dir: string | undefined;
afterEach(async () => {
  await github?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  github = dir = undefined;
});

const repo = { owner: "acme", repo: "widgets" };

async function portsFor(trigger: Exclude<Trigger, { kind: "ignored" | "local" }>) {
  // Every request fails, as on a GitHub outage: none should be needed.
  github = await startGitHubServer({ onRequest: () => ({ status: 500, message: "down" }) });
  dir = mkdtempSync(join(tmpdir(), "rivumi-ports-"));
  const inputs: Record<string, string> = { "github-token": "ghs_ports", model: "m" };
  const action = await actionPorts({
    settings: parseSettings((name) => inputs[name] ?? ""),
    trigger,
    runner: {
      eventName: trigger.kind,
      eventPath: join(dir, "event.json"),
      repository: "acme/widgets",
      apiUrl: github.url,
      serverUrl: "https://github.test",
      sha: "a".repeat(40),
      runId: "7",
      attempt: "1",
      workspace: undefined,
      runnerTemp: dir,
      workflow: "rivumi",
      job: "review",
      stepSummary: false,
      canUpload: false,
      githubWaitScale: LOOPBACK_WAIT_SCALE,
    },
    runDir: join(dir, "run"),
    journal: new MemoryJournal(),
    journalName: "rivumi-journal",
    started: Date.now(),
    signal: new AbortController().signal,
    say: () => undefined,
    annotate: () => Promise.resolve(),
    redact: (text) => text,
  });
  await action.access;
  // Whatever starts in the background has had time to send its first request.
  await new Promise((resolve) => setTimeout(resolve, 300));
  return action;
}

describe("action ports for a run that will be skipped", () => {
  it("a workflow_run reads the memory branch only when a mode asks for memory", async () => {
    const action = await portsFor({
      kind: "workflow_run",
      repo,
      runId: 42,
      conclusion: "success",
      headSha: "b".repeat(40),
      prNumbers: [],
      sender: "octocat",
      senderType: "User",
    });
    expect(github!.requests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    // Asked for, it is read (GitHub's 500s are retried, then the run goes on without memory).
    void action.ports.memory();
    for (let i = 0; i < 50 && github!.requests.length === 0; i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(github!.requests.length).toBeGreaterThan(0);
    await action.closeWorkspaces();
  });

  it("a comment with no command asks no permission", async () => {
    const action = await portsFor({
      kind: "comment",
      repo,
      number: 4,
      isPullRequest: true,
      commentId: 9,
      commentUrl: "https://github.test/acme/widgets/pull/4#issuecomment-9",
      body: "thanks!",
      sender: "alice",
      senderType: "User",
      command: undefined,
    });
    expect(await action.access).toBeUndefined();
    expect(github!.requests.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    await action.closeWorkspaces();
  });
});
