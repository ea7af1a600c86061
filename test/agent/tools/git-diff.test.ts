import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGitDiff, gitDiffTool, isSafeRef } from "../../../src/agent/tools/git-diff.js";
import { ToolError } from "../../../src/util/errors.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;
let base: string;
let head: string;

// main:    A ── C (changes b.txt after the branch point)
// feature:  └── B (changes a.txt, adds c.txt, deletes d.txt)
beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write("a.txt", "one\n");
  await repo.write("b.txt", "base\n");
  await repo.write("d.txt", "doomed\n");
  await repo.commit("A");
  await repo.git("checkout", "-q", "-b", "feature");
  await repo.write("a.txt", "one\ntwo\n");
  await repo.write("dir/c.txt", "new\n");
  await rm(path.join(repo.root, "d.txt"));
  head = await repo.commit("B");
  await repo.git("checkout", "-q", "main");
  await repo.write("b.txt", "changed on main\n");
  base = await repo.commit("C");
  await repo.git("checkout", "-q", "feature");
});

afterEach(async () => {
  await repo.remove();
});

async function diff(args: unknown, tool = gitDiffTool, refs = { base, head }): Promise<string> {
  return tool.execute(tool.parameters.parse(args), repo.ctx(refs));
}

describe("git_diff", () => {
  it("shows base...head: changes since the merge base, not later commits on base", async () => {
    const out = await diff({});
    expect(out).toMatch(/^git diff [0-9a-f]{40}\.\.\.[0-9a-f]{40} — lines 1-\d+ of \d+:\n/);
    expect(out).toContain("diff --git a/a.txt b/a.txt");
    expect(out).toContain("+two");
    expect(out).toContain("diff --git a/dir/c.txt b/dir/c.txt");
    expect(out).toContain("diff --git a/d.txt b/d.txt");
    expect(out).not.toContain("b.txt b/b.txt");
    expect(out).not.toContain("changed on main");
  });

  it("filters by path, including a file deleted at head, and a directory", async () => {
    const deleted = await diff({ path: "d.txt" });
    expect(deleted).toContain("deleted file mode");
    expect(deleted).not.toContain("a.txt");
    expect(deleted).toContain(` -- d.txt — lines 1-`);
    const dir = await diff({ path: "./dir/" });
    expect(dir).toContain("dir/c.txt");
    expect(dir).not.toContain("a/a.txt");
    expect(await diff({ path: "b.txt" })).toBe(`No changes in ${base}...${head} -- b.txt.`);
  });

  it("pages a long diff, and the pages join up to the whole diff", async () => {
    await repo.write("big.txt", Array.from({ length: 50 }, (_, i) => `row ${i}`).join("\n") + "\n");
    const bigHead = await repo.commit("big");
    const tool = createGitDiff({ maxLines: 20, maxChars: 10_000, maxOutputChars: 1e6 });
    const refs = { base, head: bigHead };
    const whole = await diff({ path: "big.txt", max_lines: 2000 }, tool, refs);
    const total = Number(/ of (\d+):/.exec(whole)![1]);
    expect(total).toBeGreaterThan(50);
    const pages: string[] = [];
    let offset = 0;
    for (;;) {
      const page = await diff({ path: "big.txt", offset }, tool, refs);
      const [header, ...rest] = page.split("\n");
      expect(header).toContain(`lines ${offset + 1}-${Math.min(offset + 20, total)} of ${total}`);
      const next = /Call git_diff with path="big.txt" offset=(\d+) to read on\.\]$/.exec(page);
      pages.push(...(next ? rest.slice(0, -1) : rest));
      if (!next) break;
      expect(page).toContain(`[Showed diff lines ${offset + 1}-${offset + 20} of ${total}.`);
      offset = Number(next[1]);
    }
    expect(pages.join("\n")).toBe(whole.split("\n").slice(1).join("\n"));
    await expect(diff({ path: "big.txt", offset: total }, tool, refs)).rejects.toThrow(
      new ToolError(`offset ${total} is past the end: the diff -- big.txt has ${total} lines.`),
    );
  });

  it("bounds a page by characters as well as lines", async () => {
    await repo.write("wide.txt", `${"x".repeat(300)}\n`.repeat(10));
    const wideHead = await repo.commit("wide");
    const tool = createGitDiff({ maxLines: 800, maxChars: 1_000, maxOutputChars: 1e6 });
    const out = await diff({ path: "wide.txt" }, tool, { base, head: wideHead });
    expect(out.length).toBeLessThan(1_300);
    expect(out).toMatch(/offset=\d+ to read on\.\]$/);
  });

  it("holds a bounded amount of git output and says the total is a lower bound", async () => {
    await repo.write("big.txt", "row\n".repeat(1_000));
    const bigHead = await repo.commit("big");
    const tool = createGitDiff({ maxLines: 10, maxChars: 10_000, maxOutputChars: 400 });
    const refs = { base, head: bigHead };
    const out = await diff({ path: "big.txt" }, tool, refs);
    const total = Number(/ lines 1-10 of at least (\d+):/.exec(out)![1]);
    expect(total).toBeLessThan(100);
    expect(out).toContain(`[Showed diff lines 1-10 of at least ${total}. Call git_diff with`);
    const last = await diff({ path: "big.txt", offset: total - 1 }, tool, refs);
    // The line cut off mid-way by the output cap is dropped, not shown as if it were whole.
    expect(last).toMatch(
      /:\n\+row\n\[The diff is too large to read further; pass a narrower path\.\]$/,
    );
  });

  it("refuses path escapes and .git", async () => {
    await expect(diff({ path: "../x" })).rejects.toThrow(/outside the repository/);
    await expect(diff({ path: "/etc/passwd" })).rejects.toThrow(/absolute/);
    await expect(diff({ path: ".git/config" })).rejects.toThrow(ToolError);
  });

  it("refuses refs git could read as options, before running git", async () => {
    const marker = path.join(repo.root, "written-by-git");
    await expect(diff({}, gitDiffTool, { base: `--output=${marker}`, head })).rejects.toThrow(
      /unsafe diff ref/,
    );
    await expect(diff({}, gitDiffTool, { base, head: "-p" })).rejects.toThrow(/unsafe diff ref/);
    expect(existsSync(marker)).toBe(false);
  });
});

describe("isSafeRef", () => {
  it("accepts SHAs and plain ref names", () => {
    for (const ref of [
      "0123abcd",
      "a".repeat(40),
      "main",
      "origin/main",
      "refs/pull/1/head",
      "v1.2",
    ]) {
      expect(isSafeRef(ref), ref).toBe(true);
    }
  });

  it("rejects options, ranges and revision syntax", () => {
    for (const ref of [
      "-p",
      "--output=x",
      "a..b",
      "a...b",
      "main@{1}",
      "HEAD~1",
      "x y",
      "",
      "a/",
      "a.lock",
    ]) {
      expect(isSafeRef(ref), ref).toBe(false);
    }
  });
});
