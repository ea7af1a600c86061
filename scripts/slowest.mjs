// `npm run test:slowest [N]`: the N (default 20) slowest test files of the last `npm test`, from
// the report it writes to test-output/vitest.json, so the next person sees where the time goes.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const report = join(root, "test-output", "vitest.json");
const count = Number(process.argv[2] ?? 20);

if (!Number.isInteger(count) || count < 1) {
  process.stderr.write(`test:slowest: give a whole number of files, not "${process.argv[2]}"\n`);
  process.exit(2);
}
if (!existsSync(report)) {
  process.stderr.write(
    `test:slowest: ${relative(root, report)} is missing; run \`npm test\` first\n`,
  );
  process.exit(2);
}

const { testResults, startTime } = JSON.parse(readFileSync(report, "utf8"));
const files = testResults
  .map((f) => ({
    name: relative(root, f.name),
    ms: f.endTime - f.startTime,
    tests: f.assertionResults.length,
    failed: f.status !== "passed",
  }))
  .sort((a, b) => b.ms - a.ms);
const total = files.reduce((sum, f) => sum + f.ms, 0);
const s = (ms) => (ms / 1000).toFixed(1).padStart(6);

process.stdout.write(
  `The ${Math.min(count, files.length)} slowest of ${files.length} test files, ` +
    `from the run of ${new Date(startTime).toISOString()} (seconds each file took; files run side by side):\n`,
);
for (const f of files.slice(0, count))
  process.stdout.write(
    `${s(f.ms)}  ${String(f.tests).padStart(4)} tests  ${f.name}${f.failed ? "  (failed)" : ""}\n`,
  );
process.stdout.write(`${s(total)}  in all the files together\n`);
