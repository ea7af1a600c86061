// Inputs for the RLM benchmarks: real job logs (the labelled dev sets in shared/data: gha-logs
// `log.txt`, ci-logs `*.log`) concatenated in a fixed order and repeated to a size, with one rare
// line planted about three quarters of the way in for the search to find. Real logs carry what a
// synthetic log does not: a BOM at the start of many, check marks, box drawing, accented words.
// `npx tsx bench/rlm-input.ts OUT MiB` writes one by hand.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, writeSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export const NEEDLE = "FATAL-RARE-NEEDLE-424242 linker ran out of memory";

const here = dirname(fileURLToPath(import.meta.url));

/** $RIVUMI_TRIAGE_DATA, else shared/data beside the repository (as the triage dev sets use). */
export function realDataDir(): string {
  return process.env.RIVUMI_TRIAGE_DATA ?? resolve(here, "../../shared/data");
}

/** The real logs, in a fixed order; empty when the data is absent. */
export function realLogFiles(dir = realDataDir()): string[] {
  const out: string[] = [];
  const folders = (d: string) =>
    existsSync(d)
      ? readdirSync(d, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => join(d, e.name))
          .sort()
      : [];
  for (const f of folders(join(dir, "gha-logs"))) {
    if (existsSync(join(f, "log.txt"))) out.push(join(f, "log.txt"));
  }
  for (const f of folders(join(dir, "ci-logs")))
    for (const name of readdirSync(f).sort()) if (name.endsWith(".log")) out.push(join(f, name));
  return out;
}

/** Writes at least `bytes` of whole logs plus the needle line; returns the size, 0 without data. */
export function writeRealLog(path: string, bytes: number, dir = realDataDir()): number {
  const logs = realLogFiles(dir).map((p) => {
    const b = readFileSync(p);
    return b.length > 0 && b[b.length - 1] !== 10 ? Buffer.concat([b, Buffer.from("\n")]) : b;
  });
  if (logs.length === 0) return 0;
  const fd = openSync(path, "w");
  let written = 0;
  let planted = false;
  try {
    for (let i = 0; written < bytes; i = (i + 1) % logs.length) {
      if (!planted && written >= bytes * 0.73) {
        written += writeSync(fd, `${NEEDLE}\n`);
        planted = true;
      }
      written += writeSync(fd, logs[i]!);
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

/** The old synthetic CI log (ASCII only, one kind of line), for when the real logs are absent. */
export function writeSyntheticLog(path: string, bytes: number): number {
  const steps = ["npm ci", "tsc -p .", "vitest run", "eslint .", "docker build ."];
  const block: string[] = [];
  for (let i = 0; i < 2000; i++)
    block.push(
      `2026-03-0${(i % 9) + 1}T12:${String(i % 60).padStart(2, "0")}:07.${String(i % 1000).padStart(3, "0")}Z ##[group]${steps[i % 5]} (job ${i % 37}) ` +
        `${i % 11 === 0 ? "warning: deprecated option --legacy-peer-deps" : `ok ${i * 7} files, ${(i % 13) * 1.5} s`}`,
    );
  const unit = Buffer.from(block.join("\n") + "\n");
  const copies = Math.ceil(bytes / unit.length);
  const fd = openSync(path, "w");
  let written = 0;
  try {
    for (let i = 0; i < copies; i++) {
      if (i === Math.floor(copies * 0.73)) written += writeSync(fd, `${NEEDLE}\n`);
      written += writeSync(fd, unit);
    }
  } finally {
    closeSync(fd);
  }
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [out, mib] = process.argv.slice(2);
  if (!out || !mib) throw new Error("usage: npx tsx bench/rlm-input.ts OUT MiB");
  const n = writeRealLog(out, Number(mib) * 1024 ** 2);
  process.stdout.write(n ? `${n} bytes of real logs in ${out}\n` : "the real logs are absent\n");
}
