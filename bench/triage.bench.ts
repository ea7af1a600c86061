// `rivumi triage` on real job logs repeated to 100 MB (20 MB in quick mode; see triage-real.ts),
// on a generated GitHub Actions job log of the same size: time against `grep -c error` on the
// same file (alternating, medians), peak memory of a child process running the triage, and the
// hit rates on the two labelled dev sets.
import { execFile } from "node:child_process";
import { createWriteStream, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { triageLog } from "../src/triage/index.js";
import { devDataDir, formatScore, scoreCiLogs, scoreGhaLogs } from "../test/triage/dev-sets.js";
import { median, type Bench, type BenchResult } from "./harness.js";
import { realLogRows } from "./triage-real.js";

const run = promisify(execFile);
const MiB = 1024 * 1024;

/** Lines of a busy test step: passes, logging that mentions errors, warnings, progress. */
function testLines(i: number): string[] {
  const ms = (k: number) => `${(i * 7 + k * 13) % 900} ms`;
  return [
    `PASS src/module-${i % 97}/feature-${i % 31}.test.ts (${(i % 50) / 10} s)`,
    `  ✓ renders the widget with ${i % 40} items (${ms(1)})`,
    i % 5 === 0
      ? `  ✓ handles the error case when the input is empty (${ms(2)})`
      : `  ✓ keeps the order of ${i % 12} columns (${ms(2)})`,
    i % 9 === 0 ? `  ✓ retries after a network failure (${ms(3)})` : `  ✓ sorts by date (${ms(3)})`,
    `    at Object.<anonymous> (src/module-${i % 97}/feature.ts:${i % 300}:${i % 40})`,
    `[info] request ${i.toString(16)} GET /api/items?page=${i % 50} 200 in ${ms(4)}`,
    `[debug] cache hit for key user:${i * 31} (ttl ${i % 3600}s)`,
    `npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.`,
    `  console.log`,
    `    fetched ${i % 1000} records from the fixture database in ${ms(5)}`,
    ``,
  ];
}

/** Writes a job log of about `bytes`: setup, an install step, a long test step failing at the end. */
export async function writeJobLog(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  let t = Date.UTC(2025, 5, 30, 21, 41, 27);
  const stamp = () => `${new Date((t += 3)).toISOString().replace("Z", "1234Z")} `;
  const write = (lines: string[]) =>
    new Promise<void>((resolve) => {
      const ok = out.write(lines.map((l) => stamp() + l).join("\n") + "\n");
      if (ok) resolve();
      else out.once("drain", () => resolve());
    });
  let written = 0;
  const head = [
    "\uFEFFCurrent runner version: '2.325.0'",
    "##[group]Operating System",
    "Ubuntu",
    "##[endgroup]",
    "##[group]Run actions/checkout@v4",
    "with:",
    "  repository: example/app",
    "##[endgroup]",
    "Syncing repository: example/app",
    "##[group]Run npm ci",
    "\x1b[36;1mnpm ci\x1b[0m",
    "shell: /usr/bin/bash -e {0}",
    "##[endgroup]",
    "added 1204 packages, and audited 1205 packages in 21s",
    "##[group]Run npm test",
    "\x1b[36;1mnpm test -- --ci\x1b[0m",
    "shell: /usr/bin/bash -e {0}",
    "##[endgroup]",
  ];
  await write(head);
  for (let i = 0; written < bytes; i++) {
    const block: string[] = [];
    for (let k = 0; k < 40; k++) block.push(...testLines(i * 40 + k));
    await write(block);
    written += block.reduce((n, l) => n + l.length + 30, 0);
  }
  await write([
    "FAIL src/cart/checkout.test.ts (4.2 s)",
    "  ● Checkout › applies the discount code",
    "",
    "    expect(received).toBe(expected) // Object.is equality",
    "",
    "    Expected: 90",
    "    Received: 100",
    "",
    "      at Object.<anonymous> (src/cart/checkout.test.ts:42:27)",
    "",
    "Tests:       1 failed, 48211 passed, 48212 total",
    "##[error]Process completed with exit code 1.",
    "Post job cleanup.",
    "[command]/usr/bin/git version",
    "Cleaning up orphan processes",
  ]);
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

/** Peak resident memory (MiB) of a child process that runs the triage on `path`. */
async function childPeakMiB(path: string): Promise<number> {
  const script = [
    `const { triageLog } = await import(${JSON.stringify(new URL("../src/triage/index.ts", import.meta.url).href)});`,
    `const r = await triageLog(${JSON.stringify(path)});`,
    `if (r.candidates.length === 0) process.exit(3);`,
    `process.stdout.write(String(process.resourceUsage().maxRSS));`,
  ].join("\n");
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "-e", script],
    {
      maxBuffer: MiB,
    },
  );
  return Number(stdout) / 1024;
}

const bench: Bench = async ({ quick }) => {
  const size = (quick ? 20 : 100) * MiB;
  const dir = mkdtempSync(join(tmpdir(), "rivumi-bench-triage-"));
  const path = join(dir, "job.log");
  const results: BenchResult[] = await realLogRows(quick, childPeakMiB);
  try {
    await writeJobLog(path, size);
    const check = await triageLog(path); // also warms the page cache and the JIT
    const top = check.candidates[0];
    if (!top?.lines.some((l) => l.includes("applies the discount code")))
      throw new Error(`triage missed the planted failure: ${JSON.stringify(top)}`);
    const ours: number[] = [];
    const grep: number[] = [];
    for (let i = 0; i < (quick ? 3 : 7); i++) {
      grep.push(await timed(() => run("grep", ["-c", "error", path])));
      ours.push(await timed(() => triageLog(path)));
    }
    const ratio = median(ours) / median(grep);
    results.push({
      name: `triage ${size / MiB} MB synthetic job log vs grep -c error`,
      median: ratio,
      unit: "x",
      target: "<= 5x",
      ok: ratio <= 5,
      failsQuick: ratio > 10,
      quickLimit: "<= 10x",
      detail: `triage ${median(ours).toFixed(0)} ms, grep ${median(grep).toFixed(0)} ms, ${ours.length} runs each`,
    });
    const peak = await childPeakMiB(path);
    results.push({
      name: `triage ${size / MiB} MB synthetic job log peak memory (child process)`,
      median: peak,
      unit: "MiB",
      target: "< 256 MiB",
      ok: peak < 256,
      // memory does not grow with the log: the target holds at the quick size too
      failsQuick: peak >= 256,
      quickLimit: "< 256 MiB",
      detail: "maxRSS of node --import tsx running triageLog",
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const set of [await scoreGhaLogs(), await scoreCiLogs()]) {
    if (set.logs.length === 0) {
      process.stdout.write(
        `  skipped: triage ${set.name}, its logs are missing (${devDataDir()})\n`,
      );
      continue;
    }
    results.push({
      name: `triage ${set.name}: cause in first candidate`,
      median: 100 * set.firstRate,
      unit: "%",
      target: ">= 75%",
      ok: set.firstRate >= 0.75,
      failsQuick: set.firstRate < 0.5,
      quickLimit: ">= 50%",
      detail: formatScore(set),
    });
    results.push({
      name: `triage ${set.name}: cause in top 5`,
      median: 100 * set.shownRate,
      unit: "%",
      target: ">= 90%",
      ok: set.shownRate >= 0.9,
      failsQuick: set.shownRate < 0.7,
      quickLimit: ">= 70%",
    });
    results.push({
      name: `triage ${set.name}: failing step in top 5`,
      median: 100 * set.stepRate,
      unit: "%",
      target: ">= 99%",
      ok: set.stepRate >= 0.99,
      failsQuick: set.stepRate < 0.8,
      quickLimit: ">= 80%",
    });
    results.push({
      name: `triage ${set.name}: lines shown per log`,
      median: set.avgLinesShown,
      unit: "lines",
      target: "<= 10",
      ok: set.avgLinesShown <= 10,
      failsQuick: set.avgLinesShown > 20,
      quickLimit: "<= 20",
    });
  }
  return results;
};

export default bench;
