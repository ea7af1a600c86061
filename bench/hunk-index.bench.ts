// Indexing a pull request of 20,000 files / 50 MB of diff (quick: 2,000 / 5 MB) against git's
// own `git diff -M` of it to /dev/null, run alternately; and the peak memory of the indexing,
// measured in a child process so that the bench's own allocations do not count.
import { spawn } from "node:child_process";
import { mkdtempSync, openSync, closeSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildHunkIndex } from "../src/workspace/hunk-index.js";
import { gitEnv } from "../src/workspace/git.js";
import { makeBigPr, type BigPr } from "../test/support/big-pr.js";
import { median, type Bench, type BenchResult } from "./harness.js";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const MB = 1e6;

/** `git diff -M` as the index runs it (same rename limit), its output thrown away. */
async function gitDiffAlone(pr: BigPr, renameLimit: number): Promise<void> {
  const devNull = openSync("/dev/null", "w");
  try {
    await new Promise<void>((resolve, reject) => {
      const child = spawn("git", ["diff", "-M", `-l${renameLimit}`, pr.base, pr.head], {
        cwd: pr.root,
        env: gitEnv(),
        stdio: ["ignore", devNull, "ignore"],
      });
      child.once("error", reject);
      child.once("close", (code) =>
        code === 0 ? resolve() : reject(new Error(`git diff: ${code}`)),
      );
    });
  } finally {
    closeSync(devNull);
  }
}

/** Peak RSS (bytes) of a fresh node that loads the indexer and, when `build`, runs it once. */
function childPeakRss(pr: BigPr, runDir: string, build: boolean): Promise<number> {
  const code = `
    const { buildHunkIndex } = await import(${JSON.stringify(join(ROOT, "src/workspace/hunk-index.ts"))});
    const [root, from, to, runDir, build] = process.argv.slice(1);
    if (build === "1") await buildHunkIndex({ root, from, to, runDir });
    process.stdout.write(String(process.resourceUsage().maxRSS * 1024));`;
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        code,
        pr.root,
        pr.base,
        pr.head,
        runDir,
        build ? "1" : "0",
      ],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.once("error", reject);
    child.once("close", (status) =>
      status === 0 ? resolve(Number(out)) : reject(new Error(`rss child exited ${status}`)),
    );
  });
}

const bench: Bench = async ({ quick }) => {
  const files = quick ? 2_000 : 20_000;
  const pr = await makeBigPr({ files, diffBytes: (quick ? 5 : 50) * MB });
  const runs = mkdtempSync(join(tmpdir(), "rivumi-bench-hunks-"));
  try {
    const index: number[] = [];
    const gitAlone: number[] = [];
    let stats = "";
    let renameLimit = 0;
    for (let i = 0; i < (quick ? 3 : 5); i++) {
      let t = performance.now();
      const built = await buildHunkIndex({
        root: pr.root,
        from: pr.base,
        to: pr.head,
        runDir: join(runs, `run${i}`),
      });
      index.push(performance.now() - t);
      renameLimit = built.renameLimit;
      stats = `${built.totals.files} files, ${built.totals.hunks} hunks, ${(built.totals.bytes / MB).toFixed(1)} MB`;
      rmSync(join(runs, `run${i}`), { recursive: true, force: true });
      t = performance.now();
      await gitDiffAlone(pr, renameLimit);
      gitAlone.push(performance.now() - t);
    }
    const ratio = median(index) / median(gitAlone);
    const loaded = await childPeakRss(pr, join(runs, "rss0"), false);
    const peak = await childPeakRss(pr, join(runs, "rss1"), true);
    const growth = (peak - loaded) / MB;
    const diffMb = Number(/([\d.]+) MB/.exec(stats)?.[1] ?? 0);
    // Holding the diff in memory even once would take its size on top of the index and V8's
    // young generation (about 48 MB once allocation gets going).
    const memoryBound = diffMb + 48;
    const results: BenchResult[] = [
      {
        name: `hunk index vs git diff -M (${stats})`,
        median: ratio,
        unit: "x",
        target: "<= 3x git diff -M > /dev/null",
        ok: ratio <= 3,
        failsQuick: ratio > 6,
        quickLimit: "<= 6x git diff -M",
        detail: `index ${median(index).toFixed(0)} ms, git alone ${median(gitAlone).toFixed(0)} ms, ${index.length} samples each, -l${renameLimit}`,
      },
      {
        name: "hunk index peak memory growth",
        median: growth,
        unit: "MB",
        target: `<= diff size + 48 MB (${memoryBound.toFixed(0)} MB)`,
        ok: growth <= memoryBound,
        failsQuick: growth > 2 * memoryBound,
        quickLimit: `<= ${(2 * memoryBound).toFixed(0)} MB`,
        detail: `peak RSS ${(peak / MB).toFixed(0)} MB, ${(loaded / MB).toFixed(0)} MB with the module loaded and nothing indexed`,
      },
    ];
    return results;
  } finally {
    rmSync(runs, { recursive: true, force: true });
    await pr.remove();
  }
};

export default bench;
