import { describe, expect, it } from "vitest";
import { classify, PATTERN_NEEDLES } from "../../src/triage/patterns.js";
import type { CandidateKind } from "../../src/triage/types.js";

/** [tool, line, kind, lowest acceptable score] */
const CAUSES: ReadonlyArray<readonly [string, string, CandidateKind, number]> = [
  ["jest", "  ● cart › applies the discount code", "test", 80],
  ["jest", "  ● Test suite failed to run", "test", 75],
  ["jest", "FAIL src/cart.test.ts (3.4 s)", "test", 50],
  ["vitest", " FAIL  src/cart.test.ts > cart > applies the discount code", "test", 80],
  ["vitest", "AssertionError: expected 100 to be 90 // Object.is equality", "test", 75],
  ["mocha", "  1 failing", "test", 45],
  ["node:test", "not ok 3 - parses dates", "test", 65],
  [
    "pytest",
    "FAILED tests/test_prices.py::test_rounding - AssertionError: assert 1 == 2",
    "test",
    75,
  ],
  ["pytest", "E       AssertionError: assert Decimal('2.67') == Decimal('2.68')", "test", 80],
  ["pytest", "tests/test_prices.py:31: AssertionError", "test", 80],
  [
    "pytest",
    "ERROR tests/test_db.py::test_connect - ConnectionRefusedError: [Errno 111]",
    "test",
    75,
  ],
  ["python", "ModuleNotFoundError: No module named 'statsforecast'", "dependency", 75],
  ["python", "ValueError: invalid literal for int() with base 10: 'x'", "exception", 65],
  ["go test", "--- FAIL: TestScheduleNext (0.00s)", "test", 80],
  ["go test", "FAIL\tgithub.com/acme/app/internal/x [build failed]", "build", 40],
  ["go", "panic: runtime error: index out of range [3] with length 3", "crash", 75],
  ["go build", "internal/api/handler.go:27:9: undefined: NewRouter", "build", 65],
  ["cargo", "error[E0308]: mismatched types", "build", 80],
  ["cargo", "thread 'tests::adds' panicked at src/lib.rs:12:5:", "test", 80],
  ["cargo", "error: could not compile `app` (lib) due to 1 previous error", "build", 40],
  ["maven", "[ERROR] /w/src/main/java/com/acme/Cart.java:[27,16] cannot find symbol", "build", 85],
  [
    "maven",
    "[ERROR] Failed to execute goal on project shop: Could not resolve dependencies for project com.acme:shop:jar:1.0",
    "dependency",
    75,
  ],
  ["maven", "[ERROR] testTotal(com.acme.CartTest)  Time elapsed: 0.01 s  <<< FAILURE!", "test", 80],
  ["maven", "[ERROR]   CartTest.testTotal:42 expected:<90> but was:<100>", "test", 75],
  ["gradle", "CartTest > appliesDiscount() FAILED", "test", 80],
  ["gradle", "FAILURE: Build failed with an exception.", "build", 45],
  ["kotlin", "e: file:///w/app/src/main/kotlin/App.kt:12:5 Unresolved reference: foo", "build", 85],
  [
    "tsc",
    "src/cart.ts(12,5): error TS2322: Type 'string' is not assignable to type 'number'.",
    "types",
    85,
  ],
  [
    "tsc",
    "src/cart.ts:12:5 - error TS2322: Type 'string' is not assignable to type 'number'.",
    "types",
    85,
  ],
  ["eslint", "  12:7  error  'x' is assigned a value but never used  no-unused-vars", "lint", 80],
  ["ruff", "src/app.py:1:8: F401 [*] `os` imported but unused", "lint", 75],
  ["pylint", "models/flows.py:112:0: C0303: Trailing whitespace (trailing-whitespace)", "lint", 75],
  ["mypy", "src/app.py:12: error: Incompatible return value type", "types", 80],
  ["npm", "npm error code ERESOLVE", "dependency", 50],
  ["npm", "npm ERR! code E404", "dependency", 50],
  ["pnpm", " ERR_PNPM_OUTDATED_LOCKFILE  Cannot install with frozen-lockfile", "dependency", 75],
  [
    "yarn",
    'error An unexpected error occurred: "https://registry.yarnpkg.com/x: Not found".',
    "dependency",
    75,
  ],
  [
    "pip",
    "ERROR: Could not find a version that satisfies the requirement foo==9.9",
    "dependency",
    80,
  ],
  [
    "docker",
    'ERROR: failed to solve: process "/bin/sh -c make" did not complete successfully: exit code: 2',
    "build",
    50,
  ],
  ["docker", "Error response from daemon: pull access denied for acme/app", "infrastructure", 70],
  ["gcc", "src/main.c:21:5: error: implicit declaration of function 'parse_args'", "build", 85],
  ["clang", "main.cpp:3:10: fatal error: 'foo.h' file not found", "build", 85],
  [
    "msvc",
    "C:\\src\\hash.h(52): error C2143: syntax error: missing ';' before 'template<'",
    "build",
    85,
  ],
  ["ld", "main.o: in function `main': undefined reference to `parse_args'", "build", 75],
  ["make", "make: *** [Makefile:12: src/main.o] Error 1", "build", 25],
  ["cmake", "CMake Error at tests/CMakeLists.txt:1644 (message):", "build", 80],
  ["swift", "/w/Sources/App/Cart.swift:12:5: error: cannot find 'totl' in scope", "build", 85],
  ["xcode", "** BUILD FAILED **", "build", 35],
  ["dotnet", "  Failed CartTests.AppliesDiscount [12 ms]", "test", 80],
  ["rspec", "     Failure/Error: expect(cart.total).to eq(90)", "test", 80],
  [
    "git",
    "fatal: unable to access 'https://github.com/acme/app/': The requested URL returned error: 403",
    "infrastructure",
    65,
  ],
  ["disk", "System.IO.IOException: No space left on device", "infrastructure", 75],
  [
    "pre-commit",
    "black....................................................................Failed",
    "lint",
    70,
  ],
  [
    "shellcheck",
    "       ^--^ SC2086 (info): Double quote to prevent globbing and word splitting.",
    "lint",
    70,
  ],
  ["runner", "##[error]The action 'Run tests' has timed out after 30 minutes.", "timeout", 45],
  ["runner", "##[error]The operation was canceled.", "cancelled", 25],
  ["runner", "##[error]Process completed with exit code 2.", "exit-code", 5],
  ["annotation", "##[error]Unable to resolve action `actions/chekout@v4`", "error", 70],
];

/** Lines that mention errors or failures without stating one. */
const NOISE = [
  "  ✓ handles the error case when the input is empty (3 ms)",
  "Tests run: 12, Failures: 0, Errors: 0, Skipped: 0",
  "=== 0 failed, 12 passed in 1.2s ===",
  "src/util.c:8:12: warning: unused variable 'err_count' [-Wunused-variable]",
  "npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported",
  "  console.error",
  "+ make || echo 'build failed'",
  "##[warning]Failed to save cache",
  "[ERROR] To see the full stack trace of the errors, re-run Maven with the -e switch.",
  "[ERROR] -> [Help 1]",
  "--- PASS: TestErrorWrapping (0.00s)",
];

describe("classify", () => {
  it.each(CAUSES)("%s: %s", (_tool, line, kind, score) => {
    const match = classify(line);
    expect(match?.kind).toBe(kind);
    expect(match!.score).toBeGreaterThanOrEqual(score);
  });

  it.each(NOISE)("ignores %s", (line) => {
    expect(classify(line)).toBeUndefined();
  });

  it("ranks the generic exit code below any specific statement", () => {
    const exit = classify("##[error]Process completed with exit code 1.")!;
    expect(exit.stepFailure).toBe(true);
    for (const [, line] of CAUSES)
      if (!line.startsWith("##[")) expect(classify(line)!.score).toBeGreaterThan(exit.score);
  });

  it("finds a needle in every cause except those a summary line looks back for", () => {
    // these are classified in the look-back before an exit code, `> Task … FAILED`, `# fail N`…
    const withoutNeedle = CAUSES.filter(
      ([, line]) => !PATTERN_NEEDLES.some((n) => line.includes(n)),
    );
    expect(withoutNeedle.map(([tool]) => tool)).toEqual([
      "node:test",
      "go build",
      "kotlin",
      "ruff",
      "ld",
      "shellcheck",
    ]);
  });
});
