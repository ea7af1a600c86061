// The rows of the triage benchmark on real job logs (issue #28): `rivumi triage`, the built CLI
// as a user runs it, against `node -e 0` plus `wc -l` on the same file in the same run (a node
// process must start, and `wc -l` touches every line in C), its peak memory, and how flat its
// cost per MB is from the small size to the large one.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { devDataDir, realLogPaths } from "../test/triage/dev-sets.js";
import { median, type BenchResult } from "./harness.js";
import { writeRealLog } from "./real-log.js";

const run = promisify(execFile);
const MiB = 1024 * 1024;
const CLI = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
const START_LOG = fileURLToPath(new URL("../test/triage/fixtures/jest.log", import.meta.url));

async function timed(file: string, args: string[], cwd: string): Promise<number> {
  const t = performance.now();
  await run(file, args, { cwd, maxBuffer: 64 * MiB });
  return performance.now() - t;
}

/**
 * The real-log rows, or none (with one line saying why) when the data or the built CLI is absent.
 * `peakMiB` measures a child process's peak memory on a file.
 */
export async function realLogRows(
  quick: boolean,
  peakMiB: (path: string) => Promise<number>,
): Promise<BenchResult[]> {
  if (realLogPaths().length === 0) {
    process.stdout.write(`  skipped: triage on real job logs, none in ${devDataDir()}\n`);
    return [];
  }
  if (!existsSync(CLI)) {
    process.stdout.write(`  skipped: triage on real job logs, no ${CLI} (npm run build)\n`);
    return [];
  }
  const [small, large] = quick ? [2, 20] : [10, 100];
  const dir = mkdtempSync(join(tmpdir(), "rivumi-bench-triage-real-"));
  try {
    const smallLog = join(dir, "small.log");
    const largeLog = join(dir, "large.log");
    const smallBytes = await writeRealLog(smallLog, small * MiB);
    const largeBytes = await writeRealLog(largeLog, large * MiB);
    const triage = (log: string) =>
      timed(process.execPath, [CLI, "triage", "--log", log, "--json"], dir);
    await triage(largeLog); // warms the page cache
    const times = {
      node: [] as number[],
      wc: [] as number[],
      start: [] as number[],
      small: [] as number[],
      large: [] as number[],
    };
    for (let i = 0; i < (quick ? 3 : 5); i++) {
      times.node.push(await timed(process.execPath, ["-e", "0"], dir));
      times.wc.push(await timed("wc", ["-l", largeLog], dir));
      times.large.push(await triage(largeLog));
      times.small.push(await triage(smallLog));
      times.start.push(await triage(START_LOG));
    }
    const m = Object.fromEntries(Object.entries(times).map(([k, v]) => [k, median(v)])) as Record<
      keyof typeof times,
      number
    >;
    const floor = m.node + m.wc;
    const ratio = m.large / floor;
    const mb = (bytes: number) => bytes / MiB;
    const perMb = (t: number, bytes: number) => (t - m.start) / mb(bytes);
    const flat = perMb(m.large, largeBytes) / perMb(m.small, smallBytes);
    const peak = await peakMiB(largeLog);
    const ms = (t: number) => `${t.toFixed(0)} ms`;
    return [
      {
        name: `triage ${large} MB of real job logs vs node -e 0 + wc -l`,
        median: ratio,
        unit: "x",
        target: "<= 3x",
        ok: ratio <= 3,
        failsQuick: ratio > 12,
        quickLimit: "<= 12x",
        detail: `dist/cli.js triage --log --json ${ms(m.large)}, node -e 0 ${ms(m.node)}, wc -l ${ms(m.wc)}, CLI on a small log ${ms(m.start)}; ${times.large.length} runs each`,
      },
      {
        name: `triage ${large} MB of real job logs peak memory (child process)`,
        median: peak,
        unit: "MiB",
        target: "<= 256 MiB",
        ok: peak <= 256,
        // memory does not grow with the log: the target holds at the quick size too
        failsQuick: peak > 256,
        quickLimit: "<= 256 MiB",
        detail: "maxRSS of node --import tsx running triageLog",
      },
      {
        name: `triage real job logs: time per MB at ${large} MB over that at ${small} MB (less start-up)`,
        median: flat,
        unit: "x",
        target: "<= 1.1x",
        ok: flat <= 1.1,
        failsQuick: false,
        detail: `${ms(m.large)} at ${mb(largeBytes).toFixed(0)} MB, ${ms(m.small)} at ${mb(smallBytes).toFixed(0)} MB, start-up ${ms(m.start)}`,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
