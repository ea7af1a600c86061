import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { execa } from "execa";
import { ROOT } from "../support/action-run.js";
import { sh } from "../support/git-fixture.js";
import { messageText, startModelServer, type ModelServer } from "../support/model-server.js";
import { CLI, cliNode, runCli } from "./support/cli.js";

let dir: string | undefined;
let model: ModelServer | undefined;
afterEach(async () => {
  await model?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = model = undefined;
});

async function repoWithWork(): Promise<string> {
  dir = mkdtempSync(join(tmpdir(), "rivumi-cli-"));
  await sh(dir, "init", "-q", "-b", "main");
  writeFileSync(join(dir, "app.ts"), "export const a = 1;\n");
  writeFileSync(join(dir, ".gitignore"), "secret.env\n");
  await sh(dir, "add", "-A");
  await sh(dir, "commit", "-q", "-m", "base");
  await sh(dir, "checkout", "-q", "-b", "work");
  writeFileSync(join(dir, "app.ts"), "export const a = 2;\n"); // uncommitted change
  writeFileSync(join(dir, "new.ts"), "export const b = 3;\n"); // untracked file
  writeFileSync(join(dir, "secret.env"), "TOKEN=ignored\n"); // ignored: never reviewed
  return dir;
}

const cli = (args: string[], env: Record<string, string> = {}) =>
  runCli(args, {
    env: { RIVUMI_MEMORY_FILE: join(dir ?? tmpdir(), ".memory.jsonl"), ...env },
  });

describe("rivumi review", () => {
  it("reviews HEAD plus the working tree against the base without touching index or refs", async () => {
    const repo = await repoWithWork();
    // A local memory entry for this user and project ends up in the prompt's memory section.
    const memoryFile = join(repo, ".memory.jsonl");
    const project = repo.split("/").pop()!;
    writeFileSync(
      memoryFile,
      JSON.stringify({
        v: 1,
        id: "m-1",
        type: "project-fact",
        text: "We ship on Tuesdays.",
        user: "alice",
        project,
        created_at: "2026-01-01T00:00:00Z",
      }) + "\n",
    );
    await sh(repo, "add", ".memory.jsonl");
    await sh(repo, "commit", "-q", "-m", "memory file (committed so status stays comparable)");
    const statusBefore = await sh(repo, "status", "--porcelain=v2", "--untracked-files=all");
    const refsBefore = await sh(repo, "for-each-ref");
    model = await startModelServer([
      { toolCalls: [{ name: "git_diff", arguments: {} }] },
      {
        toolCalls: [
          {
            name: "submit_review",
            arguments: {
              summary: "Bumps a and adds b.",
              findings: [{ path: "app.ts", line: 1, severity: "nit", body: "Name it." }],
            },
          },
        ],
      },
    ]);
    const run = await cli(["review", "--base", "main", "--repo", repo, "--json"], {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-cli",
      RIVUMI_MODEL: "m",
    });
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    const out = JSON.parse(run.stdout) as {
      conclusion: string;
      review: { findings: unknown[] };
      journal: string;
    };
    expect(out).toMatchObject({
      conclusion: "success",
      review: { summary: "Bumps a and adds b." },
    });
    expect(messageText(model.requests[0]!.body.messages[0]!)).toContain(
      "[project-fact] We ship on Tuesdays.",
    );
    const diff = messageText(model.requests[1]!.body.messages.at(-1)!);
    expect(diff).toContain("+export const a = 2;");
    expect(diff).toContain("+export const b = 3;");
    expect(diff).not.toContain("TOKEN=ignored");
    expect(out.journal.startsWith(join(repo, ".rivumi", "runs"))).toBe(true);
    expect(readFileSync(out.journal, "utf8")).toContain('"type":"run.finished"');
    expect(await sh(repo, "status", "--porcelain=v2")).toBe(
      statusBefore.concat(statusBefore.endsWith("\n") || !statusBefore ? "" : "", ""),
    );
    expect(await sh(repo, "for-each-ref")).toBe(refsBefore);
    model.assertDone();
  });

  it("prints Markdown by default", async () => {
    const repo = await repoWithWork();
    model = await startModelServer([{ content: "All good." }]);
    const run = await cli(["review", "--base", "main", "--repo", repo], {
      OPENAI_BASE_URL: model.url,
      OPENAI_API_KEY: "sk-cli",
    });
    expect(run.exitCode).toBe(0);
    // The loop's turn and the child review of what it left: two requests, counted by the code.
    expect(run.stdout).toMatch(
      /All good\.[\s\S]*2 model requests \(1 tool-loop turn\)[\s\S]*journal: /,
    );
  });

  it("prints the cost when prices are given, and takes the action's budget flags", async () => {
    const repo = await repoWithWork();
    model = await startModelServer([
      { content: "All good.", usage: { prompt_tokens: 1_000_000, completion_tokens: 100_000 } },
    ]);
    const args = ["review", "--base", "main", "--repo", repo, "--max-tokens", "5000000"];
    const prices = ["--price-input-per-mtok", "0.40", "--price-output-per-mtok", "1.60"];
    const env = { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: "sk-cli" };
    const run = await cli([...args, ...prices, "--timeout-minutes", "5"], env);
    expect(run.stderr).toBe("");
    expect(run.exitCode).toBe(0);
    expect(run.stdout).toMatch(/ · \$0\.5\d{3} · /);
  });

  it("takes the model flags: reasoning effort sent, its larger default cap, a bad value named", async () => {
    const repo = await repoWithWork();
    model = await startModelServer([], { fallback: { content: "All good." } });
    const env = { OPENAI_BASE_URL: model.url, OPENAI_API_KEY: "sk-cli" };
    const run = await cli(
      ["review", "--base", "main", "--repo", repo, "--reasoning-effort", "low"],
      env,
    );
    expect(run.exitCode).toBe(0);
    expect(model.requests.length).toBeGreaterThan(0);
    for (const request of model.requests) {
      expect(request.body).toHaveProperty("reasoning_effort", "low");
      expect(request.body).toHaveProperty("max_tokens", 16_384);
    }
    const capped = await cli(
      [
        "review",
        "--base",
        "main",
        "--repo",
        repo,
        "--max-output-tokens",
        "900",
        "--token-limit-param",
        "max_completion_tokens",
      ],
      env,
    );
    expect(capped.exitCode).toBe(0);
    expect(model.requests.at(-1)!.body).toHaveProperty("max_completion_tokens", 900);
    const bad = await cli(
      ["review", "--base", "main", "--repo", repo, "--reasoning-effort", "max"],
      env,
    );
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(
      /--reasoning-effort \(got "max"\): expected minimal, low, medium or high/,
    );
  });

  it("exits 130 on Ctrl-C, saying so in one line, and the summary says nothing was reviewed", async () => {
    const repo = await repoWithWork();
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    model = await startModelServer([
      () => {
        asked();
        return { hang: true };
      },
    ]);
    const child = execa(cliNode(), [CLI, "review", "--base", "main", "--repo", repo, "--json"], {
      reject: false,
      env: {
        OPENAI_BASE_URL: model.url,
        OPENAI_API_KEY: "sk-cli",
        XDG_CONFIG_HOME: "/nonexistent",
      },
    });
    await requested;
    child.kill("SIGINT");
    const run = await child;
    expect(run.exitCode).toBe(130);
    expect(run.stderr.trim().split("\n")).toEqual(["rivumi: interrupted (Ctrl-C)"]);
    // No model answered: the summary is the ledger's count and the cause, not an all-clear (#27).
    const out = JSON.parse(run.stdout) as { review: { summary: string } };
    expect(out.review.summary).toBe(
      "Not reviewed: 0 of 2 hunks were examined because the run was cancelled.",
    );
  });

  it.each(["review", "instructions", "context", "memory", "rlm"])(
    "rivumi %s --help prints its usage and exits 0",
    async (command) => {
      for (const help of ["--help", "-h"]) {
        const run = await cli([command, help]);
        expect(run.exitCode).toBe(0);
        expect(run.stdout).toMatch(new RegExp(`^usage: rivumi ${command}`));
      }
    },
  );

  it("review --help lists every flag the README gives for it", async () => {
    const readme = readFileSync(join(ROOT, "README.md"), "utf8");
    const documented = /^`rivumi review (\[[^`]+)`/m.exec(readme)?.[1] ?? "";
    const flags = documented.match(/--[a-z-]+/g) ?? [];
    expect(flags.length).toBeGreaterThan(5);
    const run = await cli(["review", "--help"]);
    for (const flag of flags) expect(run.stdout).toContain(flag);
  });
});
