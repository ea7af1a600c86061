// `--model scripted` (#27): review and rlm run their whole flow with canned replies, no endpoint
// and no key, say so in every output, and leave the files the README promises beside the journal;
// `triage --log` leaves a journal and the same files.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sh } from "../support/git-fixture.js";
import { startModelServer, type ModelServer } from "../support/model-server.js";
import { runCli } from "./support/cli.js";

const LABEL = "scripted model: canned replies, no model read anything";

let repo = "";
let model: ModelServer;
beforeAll(async () => {
  repo = mkdtempSync(join(tmpdir(), "rivumi-scripted-"));
  await sh(repo, "init", "-q", "-b", "main");
  writeFileSync(join(repo, "app.ts"), "export const a = 1;\n");
  await sh(repo, "add", "-A");
  await sh(repo, "commit", "-q", "-m", "base");
  writeFileSync(join(repo, "app.ts"), "export const a = 2;\n");
  // Where a request would go if the scripted model sent one: it must stay empty.
  model = await startModelServer([]);
});
afterAll(async () => {
  await model.close();
  rmSync(repo, { recursive: true, force: true });
});

/** No key anywhere; the endpoint is the loopback server that must see no request. */
const cli = (args: string[]) =>
  runCli(args, {
    cwd: repo,
    env: { OPENAI_BASE_URL: model.url, RIVUMI_MEMORY_FILE: "/nonexistent" },
  });

function runFiles(journal: string) {
  const dir = journal.replace(/\/journal\.jsonl$/, "");
  const events = readFileSync(journal, "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { type: string; model?: string });
  return { dir, files: readdirSync(dir).sort(), events };
}

describe("--model scripted", () => {
  it("reviews with canned replies, labelled in the text, and keeps result.json and journal.html", async () => {
    const run = await cli(["review", "--base", "main", "--model", "scripted"]);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[0]).toBe(`(${LABEL})`);
    expect(run.stdout).toContain(`[${LABEL}] Not a review`);
    expect(run.stdout).toMatch(/^scripted · 2 turns · 0 in \/ 0 out tokens/m);
    const journal = /^journal: (.+)$/m.exec(run.stdout)![1]!;
    const { dir, files, events } = runFiles(journal);
    expect(files).toEqual(["journal.html", "journal.jsonl", "requests.jsonl", "result.json"]);
    expect(run.stdout).toContain(`page: ${dir}/journal.html`);
    const requests = events.filter((e) => e.type === "model.request");
    expect(requests.map((e) => e.model)).toEqual(["scripted", "scripted"]);
    const result = JSON.parse(readFileSync(join(dir, "result.json"), "utf8"));
    // result.json is what --json prints.
    expect(result).toMatchObject({ conclusion: "success", model: "scripted", scripted: LABEL });
    expect(result.review).toEqual({ summary: expect.stringContaining(`[${LABEL}]`), findings: [] });
    // The page is the journal's, with the prompts from requests.jsonl.
    const page = readFileSync(join(dir, "journal.html"), "utf8");
    expect(page).toContain("<!doctype html>");
    expect(readFileSync(journal, "utf8")).not.toContain("careful senior engineer");
    expect(page).toContain("careful senior engineer");
    expect(model.requests).toHaveLength(0);
  });

  it("runs rlm through its REPL and a child call, labelled in the text and result.json", async () => {
    writeFileSync(join(repo, "big.txt"), "line\n".repeat(500));
    const question = ["--input", "big.txt", "--question", "What is it?", "--model", "scripted"];
    const text = await cli(["rlm", ...question]);
    expect(text.stderr).toBe("");
    expect(text.exitCode).toBe(0);
    expect(text.stdout.split("\n")[0]).toBe(`(${LABEL})`);
    expect(text.stdout).toContain("the input has 2500 chars in 500 lines");
    // result.json is what --json prints.
    const journal = /^journal: (.+)$/m.exec(text.stdout)![1]!;
    const { dir, files } = runFiles(journal);
    expect(files).toEqual(["journal.html", "journal.jsonl", "requests.jsonl", "result.json"]);
    const out = JSON.parse(readFileSync(join(dir, "result.json"), "utf8"));
    expect(out).toMatchObject({ scripted: LABEL, child_calls: 1, confidence: "low", journal });
    expect(out.answer).toContain(`[${LABEL}] Not an answer`);
    expect(model.requests).toHaveLength(0);
  });
});

describe("triage --log", () => {
  it("writes a journal, result.json and journal.html in .rivumi/runs/<id>/", async () => {
    const log = join(repo, "job.log");
    writeFileSync(log, "##[group]Run npm test\nError: disk full\n##[endgroup]\n");
    const run = await cli(["triage", "--log", log, "--json"]);
    expect(run.exitCode).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.journal).toMatch(/\/\.rivumi\/runs\/[^/]+\/journal\.jsonl$/);
    const { dir, files, events } = runFiles(out.journal);
    expect(files).toEqual(["journal.html", "journal.jsonl", "result.json"]);
    expect(events.map((e) => e.type)).toEqual([
      "run.started",
      "plan.decided",
      "triage.log_saved",
      "triage.job_triaged",
      "run.finished",
    ]);
    const result = JSON.parse(readFileSync(join(dir, "result.json"), "utf8"));
    expect(result.signature).toBe(out.signature);
  });
});
