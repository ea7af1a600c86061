/** JavaScript and TypeScript tools: jest, vitest, mocha, node's runner, tsc, eslint, npm, pnpm, yarn. */
import type { Rule } from "./rule.js";

export const JS_RULES: readonly Rule[] = [
  // jest / vitest failure headers: `● Suite › test`; the message follows after a blank line.
  { re: /^\s*● Test suite failed to run/, kind: "test", score: 80, expand: "next-nonblank" },
  { re: /^\s*● (?!Console\b)\S/, kind: "test", score: 85, expand: "next-nonblank" },
  { re: /^\s*FAIL\s+\S.*\s>\s\S/, kind: "test", score: 82 },
  // the progress list marks the failed test too, but the failure section below says why
  { re: /^\s*(?:×|✗|✕)\s+\S/, kind: "test", score: 70 },
  { re: /^\s*FAIL\s+\S+\.(?:[cm]?[jt]sx?|vue|svelte)\b/, kind: "test", score: 55 },
  {
    re: /^\s*(?:Tests?|Test Suites|Test Files|Suites?):?\s+\d+ failed\b/,
    kind: "test",
    score: 30,
    lookBack: 40,
  },
  // mocha: `N failing`, then `  1) suite` / `     Error: message`.
  { re: /^\s*\d+ failing\b/, kind: "test", score: 50, expand: "mocha" },
  // node:test / TAP
  { re: /^\s*not ok \d+ - /, kind: "test", score: 70 },
  { re: /^# fail [1-9]/, kind: "test", score: 30, lookBack: 60 },
  {
    has: "rror",
    re: /^\s*(?:\w+\.)*AssertionError(?: \[ERR_ASSERTION\])?:/,
    kind: "test",
    score: 80,
  },
  // tsc, vue-tsc: `src/a.ts(12,5): error TS2322:` or `src/a.ts:12:5 - error TS2322:`
  {
    has: "error TS",
    re: /(?:\(\d+,\d+\)|:\d+:\d+):?\s*-?\s*error TS\d+:/,
    kind: "types",
    score: 90,
  },
  { re: /^\s*error TS\d+:/, kind: "types", score: 80 },
  { re: /^\s*Found \d+ errors?(?: in \d+ files?)?\.?\s*$/, kind: "error", score: 30, lookBack: 40 },
  // eslint stylish: `  12:5  error  message  rule`
  { re: /^\s+\d+:\d+\s+error\s+\S/, kind: "lint", score: 85 },
  { re: /^\s*✖ \d+ problems? \(\d+ errors?/, kind: "lint", score: 35, lookBack: 40 },
  { re: /^\s*\[error\] \S+: \w*Error:/, kind: "lint", score: 80 },
  // webpack / vite / esbuild
  // webpack puts the message on the line under `ERROR in <module>`
  { re: /^\s*ERROR in \S/, kind: "build", score: 80, expand: "next-line" },
  { re: /^\s*✘ \[ERROR\] \S/, kind: "build", score: 85 },
  // npm: the first `npm ERR!`/`npm error` line names the cause; lifecycle lines only repeat it.
  {
    re: /^\s*npm (?:ERR!|error) (?:code (?:ELIFECYCLE|[0-9]+)\b|Lifecycle script|command failed|A complete log|\s*$|path |workspace |location |command )/,
    kind: "error",
    score: 20,
  },
  { re: /^\s*npm (?:ERR!|error) code \S/, kind: "dependency", score: 85 },
  {
    re: /^\s*npm (?:ERR!|error) (?:Missing script|404|notarget|ERESOLVE)/,
    kind: "dependency",
    score: 80,
  },
  { re: /^\s*npm (?:ERR!|error) /, kind: "dependency", score: 30 },
  // pnpm / yarn
  {
    re: /ERR_PNPM_(?:RECURSIVE_RUN_FIRST_FAIL|RECURSIVE_EXEC_FIRST_FAIL)|ELIFECYCLE\s+Command failed/,
    kind: "error",
    score: 20,
    lookBack: 40,
  },
  { has: "ERR_PNPM_", re: /ERR_PNPM_\w+/, kind: "dependency", score: 80 },
  { re: /^\s*error Command failed with exit code \d+/, kind: "error", score: 20, lookBack: 40 },
  {
    re: /^\s*error (?:An unexpected error occurred|Couldn't find|Package ")/,
    kind: "dependency",
    score: 80,
  },
  { re: /^\s*➤ YN0000: .*Failed with errors/, kind: "error", score: 20, lookBack: 40 },
  { re: /^\s*➤ YN\d{4}: .*(?:Error|error|failed)/, kind: "dependency", score: 70 },
  {
    re: /^\s*➤ YN\d{4}: .*(?:No candidates found|isn't supported by any available resolver|Couldn't find)/,
    kind: "dependency",
    score: 82,
  },
  // playwright, bun, next.js, prettier
  { re: /^\s*\d+\) \[[\w-]+\] › \S.*:\d+:\d+ › /, kind: "test", score: 80 },
  { re: /^\s*✘\s+\d+ \[[\w-]+\] › /, kind: "test", score: 70 },
  {
    re: /^\s*(?:Error: )?(?:expect\(.*\)\.\w+\(|Timed out \d+ms waiting for expect)/,
    kind: "test",
    score: 82,
  },
  { re: /^\s*\(fail\) \S/, kind: "test", score: 80 },
  { re: /^\s*Type error: \S/, kind: "types", score: 85 },
  { re: /Code style issues (?:found|were found)/, kind: "lint", score: 75 },
  { re: /^\[warn\] \S+\.\w+$/, kind: "lint", score: 60 },
  { re: /coverage threshold for \w+ \(\d+%\) not met/, kind: "test", score: 75 },
  // node: an error printed by inspect, `[Error: ENOENT: no such file …] {`
  { re: /^\[(?:\w+)?Error: .*\](?: \{)?$/, kind: "exception", score: 75 },
  // Karma names the browser, the spec and FAILED; Jasmine's expectation is under it
  {
    re: /^(?:Chrome|HeadlessChrome|Firefox|Safari|Edge|Electron)\b.* FAILED$/,
    kind: "test",
    score: 80,
    expand: "next-line",
  },
  {
    re: /^\s*Expected .+ (?:to (?:be|equal|have|contain|match|throw)|not to)\b/,
    kind: "test",
    score: 85,
  },
  // node
  { re: /^\s*Error: Cannot find module /, kind: "dependency", score: 75 },
  { has: "heap out of memory", re: /heap out of memory/, kind: "crash", score: 80 },
];
