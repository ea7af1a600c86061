import { mkdtempSync, renameSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changedFiles, filesOfIndex, parseRawNumstat } from "../../src/workspace/diff-files.js";
import { git } from "../../src/workspace/git.js";
import { buildHunkIndex } from "../../src/workspace/hunk-index.js";

let dir: string;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-diff-"));
  await git(dir, ["init", "--quiet"]);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function commit(files: Record<string, string | Buffer | null>): Promise<string> {
  for (const [name, content] of Object.entries(files)) {
    if (content === null) unlinkSync(join(dir, name));
    else writeFileSync(join(dir, name), content);
  }
  await git(dir, ["add", "-A"]);
  await git(dir, ["commit", "--quiet", "--allow-empty", "-m", "c"]);
  return git(dir, ["rev-parse", "HEAD"]);
}

describe("changedFiles", () => {
  it("lists every changed file with its status and line counts, odd names included", async () => {
    const base = await commit({ "kept.ts": "a\nb\n", "gone.ts": "x\n", "blob.bin": "v1" });
    const head = await commit({
      "kept.ts": "a\nB\nc\n",
      "gone.ts": null,
      "tab\tname.ts": "1\n2\n",
      "blob.bin": Buffer.from([0, 1, 2, 0]),
    });
    const files = await changedFiles(dir, base, head);
    expect(files.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: "blob.bin", status: "modified", additions: 0, deletions: 0 },
      { path: "gone.ts", status: "removed", additions: 0, deletions: 1 },
      { path: "kept.ts", status: "modified", additions: 2, deletions: 1 },
      { path: "tab\tname.ts", status: "added", additions: 2, deletions: 0 },
    ]);
  });

  it("is empty when nothing changed", async () => {
    const only = await commit({ "a.ts": "a\n" });
    expect(await changedFiles(dir, only, only)).toEqual([]);
  });

  it("reports a moved file as renamed, with its old path and only the lines that changed", async () => {
    const body = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n") + "\n";
    const base = await commit({ "old.ts": body });
    renameSync(join(dir, "old.ts"), join(dir, "new.ts"));
    const head = await commit({ "new.ts": body.replace("line 7\n", "line seven\n") });
    expect(await changedFiles(dir, base, head)).toEqual([
      { path: "new.ts", previousPath: "old.ts", status: "renamed", additions: 1, deletions: 1 },
    ]);
  });

  it("takes names with a colon, a newline or a tab as names, and a file that became a link as changed", async () => {
    const base = await commit({ "was-file": "x\n" });
    unlinkSync(join(dir, "was-file"));
    symlinkSync("target", join(dir, "was-file"));
    const head = await commit({ ":colon": "1\n", "new\nline": "1\n", "a\tb": "1\n" });
    const files = await changedFiles(dir, base, head);
    expect(files.sort((a, b) => a.path.localeCompare(b.path))).toEqual([
      { path: ":colon", status: "added", additions: 1, deletions: 0 },
      { path: "a\tb", status: "added", additions: 1, deletions: 0 },
      { path: "new\nline", status: "added", additions: 1, deletions: 0 },
      { path: "was-file", status: "changed", additions: 1, deletions: 1 },
    ]);
  });

  it("counts a file over the size limit as binary instead of diffing it line by line", async () => {
    const big = "x\n".repeat(3 * 1024 * 1024); // 6 MiB of short lines
    const base = await commit({ "big.txt": big });
    const head = await commit({ "big.txt": big + "y\n" });
    expect(await changedFiles(dir, base, head)).toEqual([
      { path: "big.txt", status: "modified", additions: 0, deletions: 0 },
    ]);
  });
});

describe("filesOfIndex", () => {
  it("lists what git's own file listing lists, from the hunk index", async () => {
    const body = Array.from({ length: 50 }, (_, i) => `line ${i}`).join("\n") + "\n";
    const base = await commit({
      "kept.ts": "a\nb\n",
      "gone.ts": "x\n",
      "blob.bin": "v1",
      "old.ts": body,
      "was-file": "x\n",
      "run.sh": "echo\n",
    });
    renameSync(join(dir, "old.ts"), join(dir, "new.ts"));
    unlinkSync(join(dir, "was-file"));
    symlinkSync("target", join(dir, "was-file"));
    await git(dir, ["update-index", "--chmod=+x", "run.sh"]);
    const head = await commit({
      "kept.ts": "a\nB\nc\n",
      "gone.ts": null,
      "tab\tname.ts": "1\n2\n",
      "blob.bin": Buffer.from([0, 1, 2, 0]),
      "new.ts": body.replace("line 7\n", "line seven\n"),
    });
    const index = await buildHunkIndex({
      root: dir,
      from: base,
      to: head,
      runDir: join(dir, ".x"),
    });
    const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
    const fromGit = (await changedFiles(dir, base, head)).sort(byPath);
    expect(fromGit.map((f) => f.status)).toEqual(
      expect.arrayContaining(["added", "removed", "modified", "renamed", "changed"]),
    );
    expect(filesOfIndex(index.files).sort(byPath)).toEqual(fromGit);
  });
});

describe("parseRawNumstat", () => {
  it("pairs a rename's raw record with its numstat record by position", () => {
    const out = [
      ":100644 100644 aaaaaaa bbbbbbb R090",
      "a\tb/old.ts",
      ":x.ts",
      ":100644 000000 ccccccc 0000000 D",
      "gone.ts",
      "2\t1\t",
      "a\tb/old.ts",
      ":x.ts",
      "0\t3\tgone.ts",
      "",
    ].join("\0");
    expect(parseRawNumstat(out)).toEqual([
      { path: ":x.ts", previousPath: "a\tb/old.ts", status: "renamed", additions: 2, deletions: 1 },
      { path: "gone.ts", status: "removed", additions: 0, deletions: 3 },
    ]);
  });
});
