// `npm test`: every check CI runs, arranged for a two-core machine.
//
//   1. what the tests need, side by side: the build (with the committed dist/ verified up to date)
//      and the two Node versions the tests run the bundle and the CLI under (downloads);
//   2. the test files, and beside them typed lint (started as soon as Node 24 is there);
//   3. the quick benchmarks, and on the core they leave idle the typecheck and the formatting check.
//
// The JavaScript tools (eslint, prettier, vitest and the in-process tests) run under Node 24, the
// action's own runtime, whose V8 does the same work in about a fifth less CPU than Node 20 here;
// the CLI's tests still run dist/cli.js under the oldest Node it claims (22).
//
// Each step's output is shown when it ends (the tests' own progress streams as it comes); a
// failed step is named at the end and makes the exit status 1. The tests' per-file times go to
// test-output/vitest.json, which `npm run test:slowest` reads.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { node24 as node24Path } from "./node24.mjs";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** A package's JavaScript entry, to start under a Node of our choosing rather than its shebang's. */
const entry = (path) => join(root, "node_modules", path);
const started = performance.now();
const failed = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Runs one step; `live` streams its output, otherwise it is printed in one piece at the end.
 * `nice` is a niceness (0 to 19) to run it at.
 */
function step(name, command, args, { live = false, nice = 0 } = {}) {
  const t0 = performance.now();
  const [cmd, argv] = nice ? ["nice", ["-n", String(nice), command, ...args]] : [command, args];
  return new Promise((done) => {
    const child = spawn(cmd, argv, { cwd: root, stdio: live ? "inherit" : "pipe" });
    const chunks = [];
    child.stdout?.on("data", (c) => chunks.push(c));
    child.stderr?.on("data", (c) => chunks.push(c));
    const finish = (code, error) => {
      const ok = code === 0;
      if (!ok) failed.push(name);
      const text = Buffer.concat(chunks).toString("utf8").trimEnd();
      if (text && (!ok || process.env.RIVUMI_TEST_VERBOSE)) process.stdout.write(`${text}\n`);
      const why = error ? ` (${error.message})` : ok ? "" : ` (exit ${code})`;
      process.stdout.write(
        `${ok ? "✓" : "✗"} ${name} ${ok ? "passed" : "FAILED"}${why} in ${seconds(performance.now() - t0)}\n`,
      );
      done(ok);
    };
    child.on("error", (error) => finish(1, error));
    child.on("close", (code) => finish(code ?? 1));
  });
}

mkdirSync(join(root, "test-output"), { recursive: true });

// 1. Prerequisites: without them the end-to-end tests cannot run, so a failure stops here.
const node24 = step("Node 24", "npm", ["run", "-s", "node24"]);
const prerequisites = Promise.all([
  step("build (dist/ up to date)", "npm", ["run", "-s", "check-dist"]),
  node24,
  step("Node 22", "npm", ["run", "-s", "node22"]),
]);

// Typed lint needs nothing built; it starts when Node 24 is there, using the time the other
// prerequisites spend, and runs beside the tests at their priority (most of a minute of CPU).
// Without Node 24 the JavaScript tools run under the Node that runs this script.
const tools = (await node24) ? node24Path : process.execPath;
const lint = step("lint", tools, [entry("eslint/bin/eslint.js"), "."]);

const ready = await prerequisites;
if (ready.every(Boolean)) {
  // 2. The tests, beside the static checks.
  await step(
    "tests",
    tools,
    [
      entry("vitest/vitest.mjs"),
      "run",
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${join("test-output", "vitest.json")}`,
    ],
    { live: true },
  );
}
await lint;

// 3. The quick benchmarks mostly keep one core busy (a benchmark runs one thing at a time); the
// two single-threaded checks take the other core at the lowest priority, one after the other,
// instead of competing with the tests. The price: quick mode's figures read up to a third higher
// than `npm run bench`'s, which runs alone, and quick mode enforces looser limits than the targets
// (each benchmark states both). TypeScript 7 checks the project in a quarter of 5.9's CPU; typed lint still runs on 5.9,
// the newest typescript-eslint supports.
const checks = (async () => {
  await step("typecheck", "npm", ["run", "-s", "typecheck"], { nice: 19 });
  await step(
    "formatting",
    tools,
    [entry("prettier/bin/prettier.cjs"), "--check", ".", "--log-level=warn"],
    { nice: 19 },
  );
})();
if (ready.every(Boolean))
  await step("quick benchmarks", "npm", ["run", "-s", "bench:quick"], { live: true });
await checks;

const total = seconds(performance.now() - started);
if (failed.length > 0) {
  process.stdout.write(`\nnpm test FAILED in ${total}: ${failed.join(", ")}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(
    `\nnpm test passed in ${total}; \`npm run test:slowest\` lists the slowest test files\n`,
  );
}
