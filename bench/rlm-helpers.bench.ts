// REPL helpers on a real job log of 100 MB (bench/rlm-input.ts), each against a plain tool on the
// same file in the same run: loading it (host start to ready) against `python3` reading and
// decoding it; a search for a rare line against `grep -c` with the same pattern; a chunk pass with
// its coverage check; and the REPL's peak memory at 500 MB against the input's size.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { ReplHost } from "../src/rlm/host.js";
import { resolvePython } from "../src/rlm/python.js";
import { median, type Bench, type BenchResult } from "./harness.js";
import { writeRealLog, writeSyntheticLog } from "./rlm-input.js";

const MIB = 1024 ** 2;
const SEARCH = 'hits = search(r"FATAL-RARE-NEEDLE-\\d+")\nprint(len(hits), hits[0]["line"])';
const GREP = ["-cE", "FATAL-RARE-NEEDLE-[0-9]+"];
const CHUNK =
  'chunks = chunk()\ncov = chunk_coverage(chunks)\nprint(len(chunks), cov["complete"])\ndel chunks';
const READ = "import sys\nopen(sys.argv[1], 'rb').read().decode('utf-8', 'replace')";

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

const execFileAsync = promisify(execFile);

async function run(file: string, args: string[]): Promise<string> {
  return (await execFileAsync(file, args, { maxBuffer: 1024 ** 2 })).stdout;
}

function start(path: string): Promise<ReplHost> {
  return ReplHost.start({
    input: { path },
    onChild: () => Promise.resolve({ ok: false, error: "none" }),
    status: () => ({ child_calls: 0, budget_left: { child_calls: 0, tokens: 0 } }),
  });
}

async function cell(host: ReplHost, code: string, check: (out: string) => boolean) {
  const [ms, r] = await timed(() => host.exec(code));
  if (r.error || !check(r.stdout)) throw new Error(`cell failed: ${r.error ?? r.stdout}`);
  return ms;
}

/** Peak resident memory of a process so far (VmHWM), in bytes. */
function peakRss(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!m) throw new Error(`no VmHWM for ${pid}`);
  return Number(m[1]) * 1024;
}

let saidAbsent = false;

/** Writes the log; real logs when present, else the synthetic one (the rows then say so). */
function input(path: string, bytes: number): { size: number; kind: string; real: boolean } {
  const written = writeRealLog(path, bytes);
  if (written) return { size: written, kind: "real log", real: true };
  if (!saidAbsent)
    process.stdout.write("  the real logs in shared/data are absent: a synthetic log instead\n");
  saidAbsent = true;
  return {
    size: writeSyntheticLog(path, bytes),
    kind: "synthetic log (real logs absent)",
    real: false,
  };
}

const ratio = (
  name: string,
  value: number,
  unit: string,
  target: number,
  quickLimit: number,
  detail: string,
): BenchResult => ({
  name,
  median: value,
  unit,
  target: `<= ${target}${unit}`,
  ok: value <= target,
  failsQuick: value > quickLimit,
  quickLimit: `<= ${quickLimit}${unit}`,
  detail,
});

const bench: Bench = async ({ quick }) => {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-bench-rlm-"));
  const path = join(dir, "ci.log");
  const python = (await resolvePython()).executable; // found once; not part of loading an input
  const samples = quick ? 3 : 5;
  const rows: BenchResult[] = [];
  try {
    const { size, kind, real } = input(path, (quick ? 50 : 100) * MIB);
    const mb = `${Math.round(size / MIB)} MiB`;
    const load: number[] = [];
    const read: number[] = [];
    const search: number[] = [];
    const grep: number[] = [];
    const chunk: number[] = [];
    await run(python, ["-I", "-c", READ, path]); // the file in the page cache, as for every sample
    for (let i = 0; i < samples; i++) {
      read.push((await timed(() => run(python, ["-I", "-c", READ, path])))[0]);
      const [ms, host] = await timed(() => start(path));
      load.push(ms);
      try {
        search.push(await cell(host, SEARCH, (o) => o.startsWith("1 ")));
        grep.push((await timed(() => run("grep", [...GREP, path])))[0]);
        chunk.push(await cell(host, CHUNK, (o) => o.trim().endsWith("True")));
      } finally {
        await host.close();
      }
    }
    const n = `${samples} samples, interleaved`;
    const loadRow = ratio(
      `rlm load ${mb} ${kind} (start to ready) / python3 read + decode`,
      median(load) / median(read),
      "x",
      0.5,
      // three times the target, as the other ratios' quick limits: at 50 MiB the REPL's fixed
      // start (about 65 ms) is a larger share than at 100 MiB, and other jobs load the machine
      1.5,
      `${median(load).toFixed(0)} vs ${median(read).toFixed(0)} ms; ${n}`,
    );
    // Python decodes an ASCII-only file with a copy: against that, the ratio says nothing about
    // the target, which is set on real logs.
    if (real) rows.push(loadRow);
    else
      process.stdout.write(
        `  not compared: rlm load ${mb} synthetic log ${median(load).toFixed(0)} ms (python3 ${median(read).toFixed(0)} ms); the 0.5x target is on real logs\n`,
      );
    rows.push(
      ratio(
        `rlm search rare pattern in ${mb} ${kind} / grep -cE`,
        median(search) / median(grep),
        "x",
        3,
        5,
        `${median(search).toFixed(0)} vs ${median(grep).toFixed(0)} ms; ${n}`,
      ),
      {
        name: `rlm chunk + chunk_coverage over ${mb} ${kind}`,
        median: median(chunk),
        unit: "ms",
        target: "<= 1000 ms",
        ok: median(chunk) <= 1000,
        failsQuick: median(chunk) > 3000,
        quickLimit: "<= 3000 ms",
        detail: n,
      },
    );
    rows.push(await memory(path, quick ? 100 : 500));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
};

/** Peak RSS of the REPL over load, search, peek and a chunk pass, less the input's size. */
async function memory(path: string, mib: number): Promise<BenchResult> {
  const { size, kind } = input(path, mib * MIB);
  const host = await start(path);
  let peak = 0;
  try {
    await cell(host, SEARCH, (o) => o.startsWith("1 "));
    await cell(host, "print(len(peek(1000, 30000)))", (o) => o.trim() === "20000");
    await cell(host, CHUNK, (o) => o.trim().endsWith("True"));
    peak = peakRss(host.pid!);
  } finally {
    await host.close();
  }
  const over = (peak - size) / MIB;
  return {
    name: `rlm peak RSS over the input, ${Math.round(size / MIB)} MiB ${kind}`,
    median: over,
    unit: " MiB",
    target: "<= 256 MiB",
    ok: over <= 256,
    failsQuick: over > 384,
    quickLimit: "<= 384 MiB",
    detail: `peak ${(peak / MIB).toFixed(0)} MiB over load, search, peek and chunk + chunk_coverage`,
  };
}

export default bench;
