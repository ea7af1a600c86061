import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { git, GitError, runGitProcess } from "../../src/workspace/git.js";
import { alive, slowToDieGit, until } from "../support/slow-git.js";

let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-git-"));
  await git(dir, ["init", "--quiet"]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Stores `text` as a blob and returns its id. */
async function blob(text: string): Promise<string> {
  writeFileSync(join(dir, "f"), text);
  return git(dir, ["hash-object", "-w", "f"]);
}

describe("runGitProcess and git", () => {
  it("git() drops exactly one final newline; raw bytes keep every byte", async () => {
    const id = await blob("a\n\n");
    expect(await git(dir, ["cat-file", "blob", id])).toBe("a\n");
    const raw = await runGitProcess(dir, ["cat-file", "blob", id], { encoding: "buffer" });
    expect(raw.code).toBe(0);
    expect(Buffer.isBuffer(raw.stdout)).toBe(true);
    expect(raw.stdout.toString("utf8")).toBe("a\n\n");
  });

  it("stops a process whose output passes maxBuffer and says so", async () => {
    const id = await blob("x".repeat(10_000));
    const small = await runGitProcess(dir, ["cat-file", "blob", id], { maxBuffer: 100 });
    expect(small.overflow).toBe(true);
    expect(small.code).not.toBe(0);
    const enough = await runGitProcess(dir, ["cat-file", "blob", id], { maxBuffer: 10_000 });
    expect(enough).toMatchObject({ code: 0, overflow: false });
  });

  it("reports git's exit status and stderr, and git() turns a failure into a GitError", async () => {
    const result = await runGitProcess(dir, ["cat-file", "blob", "0".repeat(40)]);
    expect(result.code).toBe(128);
    expect(result.stderr).toMatch(/fatal/);
    await expect(git(dir, ["cat-file", "blob", "0".repeat(40)])).rejects.toThrow(GitError);
    expect(await git(dir, ["cat-file", "blob", "0".repeat(40)], { allowFail: true })).toBe("");
  });

  it("sees none of the caller's environment, only gitEnv", async () => {
    process.env.RIVUMI_TEST_SECRET = "must-not-leak";
    try {
      const out = await runGitProcess(dir, ["var", "GIT_AUTHOR_IDENT"], {
        env: { GIT_AUTHOR_NAME: "extra-author" },
      });
      expect(out.stdout).toMatch(/^extra-author </);
      // An alias that prints the environment git runs in (the test's own arguments, not input).
      const env = await runGitProcess(dir, ["-c", "alias.envdump=!env", "envdump"]);
      expect(env.code).toBe(0);
      expect(env.stdout).toContain("GIT_CONFIG_NOSYSTEM=1");
      expect(env.stdout).not.toContain("must-not-leak");
    } finally {
      delete process.env.RIVUMI_TEST_SECRET;
    }
  });

  it("an aborted signal stops git and yields no exit code", async () => {
    const controller = new AbortController();
    controller.abort();
    const result = await runGitProcess(dir, ["status"], { signal: controller.signal });
    expect(result.code).toBeNull();
  });
});

describe("an aborted git process", () => {
  it("settles runGitProcess only once git has exited", async () => {
    const fake = slowToDieGit(dir);
    const stop = new AbortController();
    const result = runGitProcess(dir, ["status"], {
      env: { PATH: fake.path },
      signal: stop.signal,
    });
    await until(() => fake.pid() !== undefined);
    stop.abort();
    expect((await result).code).toBeNull();
    expect(alive(fake.pid()!)).toBe(false);
  });
});
