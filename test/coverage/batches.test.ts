import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { headingAllowance, planBatches, type Batch } from "../../src/coverage/batches.js";
import { CoverageLedger, type LedgerFile } from "../../src/coverage/ledger.js";
import { decideFiles } from "../../src/coverage/rules.js";
import { buildHunkIndex } from "../../src/workspace/hunk-index.js";
import { renderHunks } from "../../src/workspace/hunk-pages.js";
import { makeTempGit } from "../support/temp-git.js";

function ledgerOf(spec: [path: string, sizes: number[]][]): CoverageLedger {
  const files: LedgerFile[] = spec.map(([path, sizes], i) => ({
    path,
    status: "modified",
    additions: sizes.length,
    deletions: 0,
    bytes: sizes.reduce((a, b) => a + b, 0),
    hunks: sizes.map((length, k) => ({ id: `${i}:${k}`, length })),
  }));
  const rules = decideFiles(files.map((f) => ({ path: f.path, bytes: f.bytes, binary: false })));
  return new CoverageLedger(files, rules.decisions);
}

const ids = (batches: Batch[]) => batches.flatMap((b) => b.items.map((i) => i.id));

describe("planBatches", () => {
  const spec: [string, number[]][] = [
    ["a/one.ts", [300, 300]],
    ["b/two.ts", [200]],
    ["a/three.ts", [250]],
    ["c/big.ts", [5000]],
    ["b/four.ts", [100, 100]],
    ["yarn.lock", [900]],
  ];

  it("keeps a directory's hunks together within the size bound", () => {
    const ledger = ledgerOf(spec);
    const batches = planBatches(ledger, { maxChars: 1500 });
    for (const batch of batches.filter((b) => !b.split)) {
      expect(batch.chars).toBeLessThanOrEqual(1500);
      expect(batch.chars).toBe(batch.items.reduce((sum, i) => sum + i.chars, 0));
    }
    const byDir = (dir: string) =>
      new Set(batches.filter((b) => b.items.some((i) => i.path.startsWith(dir))));
    expect(byDir("a/").size).toBe(1);
    expect(byDir("b/").size).toBe(1);
    expect([...byDir("a/")][0]!.dirs).toEqual(["a"]);
    // Every open hunk once; the lock file's hunk is excluded by rule.
    expect(ids(batches).sort()).toEqual(["0:0", "0:1", "1:0", "2:0", "3:0", "4:0", "4:1"]);
  });

  it("packs small directories together and gives an oversized hunk a batch of its own", () => {
    const batches = planBatches(ledgerOf(spec), { maxChars: 4000 });
    const split = batches.filter((b) => b.split);
    expect(split).toEqual([
      {
        dirs: ["c"],
        items: [{ id: "3:0", path: "c/big.ts", chars: expect.any(Number) }],
        chars: expect.any(Number),
        split: true,
      },
    ]);
    expect(batches.filter((b) => !b.split)).toHaveLength(1);
    expect(batches.find((b) => !b.split)!.dirs).toEqual(["a", "b"]);
  });

  it("spreads a directory too big for one batch over several, none over the bound", () => {
    const many: [string, number[]][] = Array.from({ length: 30 }, (_, i) => [
      `pkg/f${i}.ts`,
      [400, 400],
    ]);
    const batches = planBatches(ledgerOf(many), { maxChars: 3000 });
    expect(batches.length).toBeGreaterThan(8);
    expect(batches.every((b) => !b.split && b.chars <= 3000 && b.dirs.join() === "pkg")).toBe(true);
    expect(ids(batches)).toHaveLength(60);
  });

  it("batches only what is still open; pending hunks when asked", () => {
    const ledger = ledgerOf(spec);
    ledger.markSent(["0:0"], "done");
    ledger.markExamined("done");
    ledger.markSent(["0:1"], "flying");
    expect(ids(planBatches(ledger, { maxChars: 10_000 }))).not.toContain("0:1");
    expect(ids(planBatches(ledger, { maxChars: 10_000, includePending: true }))).toContain("0:1");
    expect(ids(planBatches(ledger, { maxChars: 10_000 }))).not.toContain("0:0");
  });

  it("budgets at least what the hunks take once rendered with their headings", async () => {
    const repo = await makeTempGit();
    const runDir = await mkdtemp(join(tmpdir(), "rivumi-batches-"));
    try {
      const long = `${"deep/".repeat(40)}x.ts`;
      for (const p of ["a.ts", "dir/é.ts", "new\nline.ts", long, "from.ts"])
        await repo.write(p, "one\ntwo\nthree\n".repeat(10));
      const base = await repo.commit();
      for (const p of ["a.ts", "dir/é.ts", "new\nline.ts", long])
        await repo.write(p, "one\n2\nthree\n".repeat(10));
      await repo.git("mv", "from.ts", "to.ts");
      await repo.write("to.ts", "one\ntwo\nthree\n".repeat(9) + "changed\n");
      const index = await buildHunkIndex({
        root: repo.root,
        from: base,
        to: await repo.commit(),
        runDir,
      });
      const ledger = new CoverageLedger(index.files, decideFiles(index.files).decisions);
      const batches = planBatches(ledger, { maxChars: 2000 });
      expect(ids(batches)).toHaveLength(index.totals.hunks);
      for (const batch of batches) {
        const text = await renderHunks(
          index,
          batch.items.map((i) => i.id),
        );
        expect(text.length).toBeLessThanOrEqual(batch.chars);
      }
      expect(headingAllowance({ path: long })).toBe(170);
    } finally {
      await repo.remove();
      await rm(runDir, { recursive: true, force: true });
    }
  });
});
