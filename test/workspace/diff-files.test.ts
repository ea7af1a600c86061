import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { changedFiles } from "../../src/workspace/diff-files.js";
import { git } from "../../src/workspace/git.js";

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
});
