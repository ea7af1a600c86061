import { lstatSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runSession, type SessionInput } from "../../src/agent/session.js";
import { assembleContext } from "../../src/context/assemble.js";
import { worktreeFileSource } from "../../src/context/files/worktree-source.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import {
  messageText,
  startModelServer,
  type ModelServer,
  type Step,
} from "../support/model-server.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

let repo: TempGit | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  await repo?.remove();
  repo = model = undefined;
});

/** A trusted task run with edit tools over a working tree, as `allow-edits` gives it. */
async function editRun(script: Step[]) {
  repo = await makeTempGit();
  await repo.write("AGENTS.md", "Use tabs.\n");
  await repo.write("src/app.ts", "export const a = 1;\n");
  const head = await repo.commit("base");
  model = await startModelServer(script);
  const journal = new MemoryJournal();
  const controller = new AbortController();
  const { context } = await assembleContext({
    source: worktreeFileSource(repo.root),
    activeDirs: ["src"],
    userLayer: [],
    maxBytes: 32_768,
    totalBytes: 65_536,
    memory: { entries: [], source: undefined },
    edits: true,
    reloadable: true,
    journal,
  });
  const input: SessionInput = {
    root: repo.root,
    mergeBase: head,
    head,
    files: [],
    task: "Tidy up.",
    purpose: "task",
    trusted: true,
    repository: "acme/widgets",
    event: "dispatch",
    pr: undefined,
    budgets: {
      maxTurns: 6,
      maxTokens: 100_000,
      timeoutMinutes: 5,
      maxCostUsd: undefined,
      prices: undefined,
    },
    model: createOpenAIModel({ baseUrl: model.url, apiKey: "sk", model: "m" }),
    journal,
    signal: controller.signal,
    context,
    sendCacheKey: false,
  };
  const result = await runSession(input);
  return { result, journal, model, repo };
}

const updates = (m: ModelServer, i: number) =>
  m.requests[i]!.body.messages.filter((x) => x.role === "user")
    .map(messageText)
    .filter((t) => t.startsWith("Context update"));
const done = {
  toolCalls: [{ name: "submit_review", arguments: { summary: "done", findings: [] } }],
};

describe("context reload during a run", () => {
  it("an agent that edits AGENTS.md gets exactly one context update with the new rules", async () => {
    const { journal, model } = await editRun([
      {
        toolCalls: [
          { name: "write_file", arguments: { path: "AGENTS.md", content: "Use two spaces.\n" } },
        ],
      },
      {
        toolCalls: [
          {
            name: "write_file",
            arguments: { path: "src/app.ts", content: "export const a = 2;\n" },
          },
        ],
      },
      done,
    ]);
    expect(messageText(model.requests[0]!.body.messages[0]!)).toContain("Use tabs.");
    const first = updates(model, 1);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain("Use two spaces.");
    expect(first[0]).toContain("changed: AGENTS.md");
    // Writing an unrelated file changes nothing: no second update.
    expect(updates(model, 2)).toHaveLength(1);
    expect(journal.events.filter((e) => e.type === "context.reloaded")).toHaveLength(1);
    model.assertDone();
  });

  it("an agent that replaces AGENTS.md by a symlink gets no update; the old rules stay and the rejection is journaled", async () => {
    const patch = [
      "diff --git a/AGENTS.md b/AGENTS.md",
      "deleted file mode 100644",
      "--- a/AGENTS.md",
      "+++ /dev/null",
      "@@ -1 +0,0 @@",
      "-Use tabs.",
      "diff --git a/AGENTS.md b/AGENTS.md",
      "new file mode 120000",
      "--- /dev/null",
      "+++ b/AGENTS.md",
      "@@ -0,0 +1 @@",
      "+/etc/passwd",
      "\\ No newline at end of file",
      "",
    ].join("\n");
    const { journal, model, repo } = await editRun([
      { toolCalls: [{ name: "apply_patch", arguments: { patch } }] },
      done,
    ]);
    expect(messageText(model.requests[1]!.body.messages.at(-1)!)).toMatch(/Applied the patch/);
    expect(updates(model, 1)).toHaveLength(0);
    const rejected = journal.events.filter((e) => e.type === "context.reload_rejected");
    expect(rejected).toEqual([
      expect.objectContaining({ rejected: [{ path: "AGENTS.md", reason: "symlink" }] }),
    ]);
    expect(journal.events.some((e) => e.type === "context.reloaded")).toBe(false);
    // The system prompt of every request still carries the previous valid rules.
    expect(messageText(model.requests[1]!.body.messages[0]!)).toContain("Use tabs.");
    expect(lstatSync(join(repo.root, "AGENTS.md")).isSymbolicLink()).toBe(true);
  });
});
