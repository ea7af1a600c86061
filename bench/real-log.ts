// A job log of a given size made of real job logs: the labelled dev sets' logs (gha-logs
// `log.txt`, ci-logs `fail.log` and `pass.log`), concatenated in a fixed order and repeated. Real
// logs are the honest input for the triage's speed: a synthetic log full of matching lines
// flatters a needle search. `npx tsx bench/real-log.ts OUT MiB` writes one by hand.
import { createWriteStream, readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { devDataDir, realLogPaths } from "../test/triage/dev-sets.js";

/**
 * Writes about `bytes` (at least that many, whole logs only) of the real logs repeated to `path`.
 * Returns the bytes written, or 0 when the data is absent (nothing is written then).
 */
export async function writeRealLog(
  path: string,
  bytes: number,
  dir = devDataDir(),
): Promise<number> {
  const logs = realLogPaths(dir).map((p) => {
    const text = readFileSync(p);
    // each log ends with a newline, so the next one starts a line of its own
    return text.length > 0 && text[text.length - 1] !== 10
      ? Buffer.concat([text, Buffer.from("\n")])
      : text;
  });
  if (logs.length === 0) return 0;
  const out = createWriteStream(path);
  let written = 0;
  for (let i = 0; written < bytes; i = (i + 1) % logs.length) {
    const log = logs[i]!;
    written += log.length;
    if (!out.write(log)) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return written;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const [out, mib] = process.argv.slice(2);
  if (!out) throw new Error("usage: tsx bench/real-log.ts OUT [MiB=100]");
  const written = await writeRealLog(out, Number(mib ?? 100) * 1024 * 1024);
  if (written === 0) throw new Error(`no real logs under ${devDataDir()}`);
  process.stdout.write(`${out}: ${written} bytes\n`);
}
