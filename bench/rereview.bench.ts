// A pull request of 30 changed files reviewed, then pushed to again (two files edited, one added),
// and reviewed once incrementally and once in full (`/rivumi review`): the model tokens of the
// second review against the full re-review's, with the review mode, the real hunk index and the
// scripted model over loopback. Tokens are the model server's count (about four characters each).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Outcome, ReviewResult } from "../src/outcome/outcome.js";
import type { LastReview } from "../src/outcome/review.js";
import { sh } from "../test/support/git-fixture.js";
import { codeLines, reviewWorld } from "../test/support/review-world.js";
import type { Bench, BenchResult } from "./harness.js";

const FILES = 30;
const call = (name: string, args: object) => ({ toolCalls: [{ name, arguments: args }] });
const READ_AND_SUBMIT = [
  call("git_diff", {}),
  call("submit_review", { summary: "Reviewed.", findings: [] }),
];

/** Every file of 40 lines, of which the pull request rewrites three. */
function files(edit: (i: number, text: string) => string): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < FILES; i++) {
    const text = codeLines(`f${i}`, 40);
    out[`src/mod${i % 5}/file${i}.ts`] = edit(i, text);
  }
  return out;
}
const rewrite = (text: string, lines: number[], tag: string) =>
  text
    .split("\n")
    .map((l, k) => (lines.includes(k) ? `${l} // ${tag} ${"x".repeat(20)}` : l))
    .join("\n");

const bench: Bench = async () => {
  let last: LastReview | undefined;
  const world = await reviewWorld({
    baseFiles: files((_, t) => t),
    headFiles: files((_, t) => rewrite(t, [3, 17, 31], "changed")),
    lastReview: () => Promise.resolve(last ?? {}),
  });
  try {
    const review = async (plan: { full?: boolean } = {}): Promise<Outcome<ReviewResult>> => {
      world.model.push(...(READ_AND_SUBMIT as never[]));
      return world.run(plan);
    };
    const first = await review();
    const head = await sh(world.root, "rev-parse", "HEAD");
    const base = await sh(world.root, "merge-base", "main", head);
    // What the publisher writes after a complete review of this head.
    last = { state: { v: 2, head, base, fingerprints: [], posted: [] } };

    const pushed = files((_, t) => rewrite(t, [3, 17, 31], "changed"));
    for (const i of [2, 7]) {
      const path = `src/mod${i % 5}/file${i}.ts`;
      pushed[path] = rewrite(pushed[path]!, [9], "pushed again");
    }
    for (const [path, text] of Object.entries(pushed)) writeFileSync(join(world.root, path), text);
    writeFileSync(join(world.root, "src/mod0/added.ts"), codeLines("added", 12));
    await sh(world.root, "add", "-A");
    await sh(world.root, "commit", "-q", "-m", "second push");

    const incremental = await review();
    const full = await review({ full: true });
    const tokens = (o: Outcome) => o.stats.usage.promptTokens + o.stats.usage.completionTokens;
    const ratio = tokens(incremental) / tokens(full);
    const result: BenchResult = {
      name: "re-review after a push of 3 files to a 30-file pull request: tokens over a full re-review",
      median: ratio,
      unit: "x",
      target: "<= 0.5x",
      ok: ratio <= 0.5,
      failsQuick: ratio > 0.9,
      quickLimit: "<= 0.9x",
      detail:
        `incremental ${tokens(incremental)} tokens (${incremental.result.coverage?.line ?? "?"}); ` +
        `full ${tokens(full)} tokens (${full.result.coverage?.line ?? "?"}); first review ${tokens(first)}`,
    };
    return [result];
  } finally {
    await world.close();
  }
};

export default bench;
