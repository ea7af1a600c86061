// REPL helpers on a 100 MB log: loading it, a search for a rare pattern, and a full chunk pass
// with its coverage check, each timed from the host (protocol round trip included).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ReplHost } from "../src/rlm/host.js";
import { resolvePython } from "../src/rlm/python.js";
import { median, type Bench, type BenchResult } from "./harness.js";

const SIZE = 100 * 1024 * 1024;
const NEEDLE = "FATAL-RARE-NEEDLE-424242 linker ran out of memory";

/** A CI-like log of about 100 MB with one rare line about three quarters of the way in. */
function writeLog(path: string): void {
  const steps = ["npm ci", "tsc -p .", "vitest run", "eslint .", "docker build ."];
  const block: string[] = [];
  for (let i = 0; i < 2000; i++)
    block.push(
      `2026-03-0${(i % 9) + 1}T12:${String(i % 60).padStart(2, "0")}:07.${String(i % 1000).padStart(3, "0")}Z ##[group]${steps[i % 5]} (job ${i % 37}) ` +
        `${i % 11 === 0 ? "warning: deprecated option --legacy-peer-deps" : `ok ${i * 7} files, ${(i % 13) * 1.5} s`}`,
    );
  const unit = block.join("\n") + "\n";
  const copies = Math.ceil(SIZE / unit.length);
  const parts: string[] = [];
  for (let i = 0; i < copies; i++)
    parts.push(i === Math.floor(copies * 0.73) ? `${unit}${NEEDLE}\n` : unit);
  writeFileSync(path, parts.join(""));
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t = performance.now();
  const v = await fn();
  return [performance.now() - t, v];
}

const bench: Bench = async ({ quick }) => {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-bench-rlm-"));
  const path = join(dir, "ci.log");
  writeLog(path);
  await resolvePython(); // found once per process; not part of loading an input
  const load: number[] = [];
  const search: number[] = [];
  const chunk: number[] = [];
  try {
    for (let i = 0; i < (quick ? 1 : 5); i++) {
      const [ms, host] = await timed(() =>
        ReplHost.start({
          input: { path },
          onChild: () => Promise.resolve({ ok: false, error: "none" }),
          status: () => ({ child_calls: 0, budget_left: { child_calls: 0, tokens: 0 } }),
        }),
      );
      try {
        load.push(ms);
        const [s, hit] = await timed(() =>
          host.exec('hits = search(r"FATAL-RARE-NEEDLE-\\d+")\nprint(len(hits), hits[0]["line"])'),
        );
        if (hit.error || !hit.stdout.startsWith("1 "))
          throw new Error(`search failed: ${hit.error ?? hit.stdout}`);
        search.push(s);
        const [c, cov] = await timed(() =>
          host.exec(
            'chunks = chunk()\ncov = chunk_coverage(chunks)\nprint(len(chunks), cov["complete"])\ndel chunks',
          ),
        );
        if (cov.error || !cov.stdout.trim().endsWith("True"))
          throw new Error(`chunk failed: ${cov.error ?? cov.stdout}`);
        chunk.push(c);
      } finally {
        await host.close();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const result = (name: string, samples: number[]): BenchResult => {
    const m = median(samples);
    return {
      name,
      median: m,
      unit: "ms",
      target: "<= 1000 ms",
      ok: m <= 1000,
      failsQuick: m > 3000,
      quickLimit: "<= 3000 ms",
      detail: `${samples.length} sample${samples.length === 1 ? "" : "s"}`,
    };
  };
  return [
    result("rlm load 100 MB log (start to ready)", load),
    result("rlm search rare pattern in 100 MB", search),
    result("rlm chunk + chunk_coverage over 100 MB", chunk),
  ];
};

export default bench;
