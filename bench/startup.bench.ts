// Time from spawning dist/index.js to its first model request, against bare `node -e 0`.
import { execa } from "execa";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { setTimeout } from "node:timers/promises";
import { dirname, join } from "node:path";
import { actionNode, BUNDLE } from "../test/support/action-run.js";
import { createActionWorld } from "../test/support/action-world.js";
import { median, type Bench } from "./harness.js";

const TARGET_RATIO = 8;
const SETTLE_MS = 100;

const bench: Bench = async ({ quick }) => {
  const runs = quick ? 10 : 20;
  const node = actionNode();
  const world = await createActionWorld();
  const bare: number[] = [];
  const samples: number[] = [];
  try {
    // One warm-up run, not counted: the first loads the servers' validators and fills the page
    // cache. Then bare and action runs alternate, so drift in the machine's load hits both alike.
    for (let i = 0; i <= runs; i++) {
      // Let the previous run's tail (exiting processes, the servers' bookkeeping) settle first.
      await setTimeout(SETTLE_MS);
      if (i > 0) {
        const t = performance.now();
        await execa(node, ["-e", "0"]);
        bare.push(performance.now() - t);
      }
      let started = 0;
      world.model.push(() => {
        if (i > 0) samples.push(performance.now() - started);
        return {
          toolCalls: [{ name: "submit_review", arguments: { summary: "ok", findings: [] } }],
        };
      });
      await setTimeout(SETTLE_MS);
      started = performance.now();
      const run = await world.run({ env: { GITHUB_RUN_ATTEMPT: String(i + 1) } });
      if (run.exitCode !== 0) throw new Error(`action run ${i} failed: ${run.stdout}${run.stderr}`);
    }
  } finally {
    await world.close();
  }
  const ratio = median(samples) / median(bare);
  const bundleKiB = statSync(BUNDLE).size / 1024;
  const chunks = join(dirname(BUNDLE), "chunks");
  const allKiB =
    readdirSync(chunks).reduce(
      (n, f) => n + statSync(join(chunks, f)).size,
      statSync(BUNDLE).size,
    ) / 1024;
  const startKiB = staticImports(BUNDLE) / 1024;
  return [
    {
      name: "startup: dist/index.js to first model request",
      median: median(samples),
      unit: "ms",
      target: `<= ${TARGET_RATIO}x node -e 0`,
      ok: ratio <= TARGET_RATIO,
      // CI machines are noisy: quick mode fails only when the target is missed twice over.
      failsQuick: ratio > TARGET_RATIO * 2,
      detail: `node -e 0 median ${median(bare).toFixed(1)} ms, ratio ${ratio.toFixed(2)}x, ${runs} runs each; bundle: entry ${bundleKiB.toFixed(0)} KiB, entry with its static imports ${startKiB.toFixed(0)} KiB, all chunks ${allKiB.toFixed(0)} KiB`,
    },
  ];
};
export default bench;

/**
 * Bytes of the entry and every chunk it imports statically: what Node parses before `run()` starts.
 * Chunks imported dynamically (the GitHub client, the agent) load later, most of them before the
 * first request too.
 */
function staticImports(entry: string, seen = new Set<string>()): number {
  if (seen.has(entry)) return 0;
  seen.add(entry);
  const text = readFileSync(entry, "utf8");
  let total = Buffer.byteLength(text);
  for (const m of text.matchAll(/(?:from|import)\s*"(\.[^"]+\.js)"/g))
    total += staticImports(join(dirname(entry), m[1]!), seen);
  return total;
}
