import { execa } from "execa";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ROOT } from "../support/action-run.js";
import { sh } from "../support/git-fixture.js";
import { messageText, startModelServer, type ModelServer } from "../support/model-server.js";

const CLI = join(ROOT, "dist", "cli.js");
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
  execa(process.execPath, [CLI, ...args], {
    reject: false,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      XDG_CONFIG_HOME: "/nonexistent",
      USER: "alice",
      RIVUMI_MEMORY_FILE: join(dir ?? tmpdir(), ".memory.jsonl"),
      ...env,
    },
    extendEnv: false,
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
    expect(run.stdout).toMatch(/All good\.[\s\S]*1 turns[\s\S]*journal: /);
  });

  it.each([
    [["review", "--bogus"], 2, /^rivumi: Unknown option '--bogus'/],
    [["frobnicate"], 2, /^rivumi: unknown command 'frobnicate'/],
    [["review", "--base", "nope", "--repo", "."], 1, /^rivumi: --base nope: no such commit/],
    [["review", "--repo", "/"], 1, /^rivumi: \/ is not inside a git repository/],
  ])("fails with one clear line for %j", async (args, code, message) => {
    const run = await cli(args);
    expect(run.exitCode).toBe(code);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stderr).toMatch(message);
    expect(existsSync(CLI)).toBe(true);
  });

  it.each(["review", "instructions", "context", "memory", "rlm"])(
    "rivumi %s --help prints its usage and exits 0",
    async (command) => {
      const run = await cli([command, "--help"]);
      expect(run.exitCode).toBe(0);
      expect(run.stdout).toMatch(new RegExp(`^usage: rivumi ${command}`));
    },
  );
});
