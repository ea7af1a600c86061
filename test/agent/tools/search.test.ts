import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSearch, searchTool } from "../../../src/agent/tools/search.js";
import { ToolError } from "../../../src/util/errors.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;

beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write(".gitignore", "*.log\n");
  await repo.write("src/a.ts", "export function alpha() {}\nconst beta = alpha();\n");
  await repo.write("lib/b.ts", "alpha again\n");
  await repo.write("bin.dat", new Uint8Array([0, 97, 108, 112, 104, 97, 10]));
  await repo.link("passwd-link", "/etc/passwd");
  await repo.commit("init");
  await repo.write("src/new.ts", "untracked alpha\n");
  await repo.write("debug.log", "ignored alpha\n");
});

afterEach(async () => {
  await repo.remove();
});

async function run(args: unknown, tool = searchTool): Promise<string> {
  return tool.execute(tool.parameters.parse(args), repo.ctx());
}

async function refusal(args: unknown, tool = searchTool): Promise<string> {
  const error: unknown = await run(args, tool).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as Error).message;
}

describe("search", () => {
  it("finds matching lines in tracked and untracked text files, not ignored or binary", async () => {
    expect(await run({ pattern: "alpha\\b" })).toBe(
      [
        '4 matching lines for /alpha\\b/ under ".":',
        "lib/b.ts:1: alpha again",
        "src/a.ts:1: export function alpha() {}",
        "src/a.ts:2: const beta = alpha();",
        "src/new.ts:1: untracked alpha",
      ].join("\n"),
    );
  });

  it("limits the search to a path and says when nothing matched", async () => {
    expect(await run({ pattern: "alpha", path: "src/a.ts" })).toContain(
      '2 matching lines for /alpha/ under "src/a.ts":',
    );
    expect(await run({ pattern: "gamma", path: "src" })).toBe(
      'No matches for /gamma/ under "src".',
    );
  });

  it("does not read through symlinks", async () => {
    expect(await run({ pattern: "root:" })).toBe('No matches for /root:/ under ".".');
    expect(await refusal({ pattern: "root", path: "passwd-link" })).toMatch(/symbolic link/);
  });

  it("cuts hits and long lines, saying how many there were", async () => {
    await repo.write("many.txt", Array.from({ length: 30 }, (_, i) => `hit ${i}`).join("\n"));
    await repo.write("wide.txt", `hit ${"w".repeat(5_000)}\n`);
    const out = await run({ pattern: "^hit", max_hits: 5 });
    const lines = out.split("\n");
    expect(lines[0]).toBe('31 matching lines for /^hit/ under ".":');
    expect(lines).toHaveLength(7);
    expect(lines.at(-1)).toBe(
      "[Showed the first 5 of 31. Narrow the path or the pattern, or raise max_hits (at most 200).]",
    );
    const wide = await run({ pattern: "^hit w", path: "wide.txt" });
    expect(wide).toMatch(/wide\.txt:1: hit w+ … \[cut: \d+ more chars\]$/);
    expect(wide.split("\n")[1]!.length).toBeLessThanOrEqual("wide.txt:1: ".length + 300);
  });

  it("stops collecting output past its cap and says the count is a lower bound", async () => {
    await repo.write("many.txt", "hit\n".repeat(5_000));
    const out = await run(
      { pattern: "hit", path: "many.txt" },
      createSearch({ maxOutputChars: 1_000 }),
    );
    const count = Number(/^at least (\d+) matching lines/.exec(out)![1]);
    expect(count).toBeGreaterThan(10);
    expect(count).toBeLessThan(200);
    expect(out.split("\n")).toHaveLength(count + 2);
    expect(out).toMatch(
      new RegExp(
        `\\[Showed the first ${count} of at least ${count} \\(more matches than could be collected\\)\\. Narrow the path or the pattern\\.\\]$`,
      ),
    );
  });

  it("explains an invalid regex", async () => {
    expect(await refusal({ pattern: "(unclosed" })).toMatch(
      /^Invalid regular expression: .*missing closing parenthesis.*escape literal characters/,
    );
  });

  it("passes the pattern as data: no option injection, no shell", async () => {
    await repo.write("flags.txt", "use --output=x here\n");
    expect(await run({ pattern: "--output=x" })).toContain("flags.txt:1: use --output=x here");
    expect(await run({ pattern: "$(touch pwned)" })).toMatch(/^No matches/);
    expect(existsSync(path.join(repo.root, "pwned"))).toBe(false);
  });

  it("returns promptly on a catastrophic pattern against a long line", async () => {
    await repo.write("aaa.txt", "a".repeat(50_000) + "!\n");
    const started = Date.now();
    const error: unknown = await run(
      { pattern: "(a+)+$", path: "aaa.txt" },
      createSearch({ timeoutMs: 2_000 }),
    ).then(
      (text) => text,
      (e: unknown) => e,
    );
    expect(Date.now() - started).toBeLessThan(4_000);
    const message = error instanceof Error ? error.message : String(error);
    expect(message).toMatch(/backtracks too much|time limit/);
  });

  it("kills a slow search at its time limit and says so", async () => {
    // Each line stays under PCRE's match limit but costs milliseconds: a minute in total.
    await repo.write("slow.txt", `${"a".repeat(21)}!\n`.repeat(4_000));
    await repo.write("hit.txt", "aaa\n");
    const started = Date.now();
    const out = await run({ pattern: "(a+)+$" }, createSearch({ timeoutMs: 400 }));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(out).toMatch(/hit its 0\.4s time limit and was stopped/);
    expect(out).not.toContain("slow.txt");
  });
});
