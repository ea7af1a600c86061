// The rules that put the cause first (#25): a tool's specific explanation outranks its own code,
// headline and closing lines; a dependency resolver's explanation outranks its error line; a
// test's assertion outranks its header; a validation step's prose is found without a keyword.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { triageLog } from "../../src/triage/index.js";
import { classify, PATTERN_NEEDLES } from "../../src/triage/patterns.js";

/** [tool, the line that says why, a line of the same tool that only sums it up] */
const SPECIFIC_OVER_SUMMARY: ReadonlyArray<readonly [string, string, string]> = [
  ["npm", "npm error Could not resolve dependency:", "npm error code ERESOLVE"],
  [
    "npm",
    "npm ERR! Conflicting peer dependency: react@18.3.1",
    "npm ERR! ERESOLVE could not resolve",
  ],
  ["npm", "npm error notarget No matching version found for zod@^9.", "npm error code ETARGET"],
  ["npm", "npm error Missing: zod@3.25.67 from lock file", "npm error code EUSAGE"],
  [
    "pip",
    "The conflict is caused by:",
    "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/",
  ],
  [
    "pip",
    "The conflict is caused by:",
    "ERROR: Cannot install -r requirements.txt (line 1) and urllib3==2.2.1 because these package versions have conflicting dependencies.",
  ],
  [
    "pip",
    "    Error: pg_config executable not found.",
    "ERROR: Failed building wheel for psycopg2",
  ],
  ["pip", "    Error: pg_config executable not found.", "error: metadata-generation-failed"],
  [
    "pip",
    "    Error: pg_config executable not found.",
    "× Encountered error while generating package metadata.",
  ],
  [
    "cargo",
    "the package `openssl-sys` links to the native library `openssl`, but it conflicts with a previous package which links to `openssl` as well:",
    "error: failed to select a version for `openssl-sys`.",
  ],
  [
    "maven",
    "Dependency convergence error for com.fasterxml.jackson.core:jackson-databind:jar:2.15.2 paths to dependency are:",
    "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.4.1:enforce (enforce) on project shop:",
  ],
  [
    "helm",
    "[ERROR] templates/deployment.yaml: unable to parse YAML",
    "Error: 1 chart(s) linted, 1 chart(s) failed",
  ],
  [
    "bazel",
    "src/a.cc:5:10: fatal error: a.h: No such file or directory",
    "ERROR: Build did NOT complete successfully",
  ],
  [
    "sbt",
    "[error] -- [E006] Not Found Error: /w/src/Posting.scala:27:11",
    "[error] Total time: 38 s, completed Jul 1, 2025",
  ],
  ["dotnet", "  Error Message:", "  Failed Shop.Tests.CartTests.AppliesDiscount [12 ms]"],
  ["gtest", "/w/tests/parser_test.cc:41: Failure", "[  FAILED  ] ParserTest.Nested (0 ms)"],
  ["catch2", "/w/tests/test_vec.cpp:22: FAILED:", "[  FAILED  ] vector grows"],
  ["terraform", "│ Error: Unsupported argument", "##[error]Terraform exited with code 1."],
  [
    "curl",
    "curl: (22) The requested URL returned error: 404",
    "Error: fixture download failed, aborting",
  ],
  ["karma", "\tExpected 20 to equal 18.", "TOTAL: 1 FAILED, 30 SUCCESS"],
  ["minitest", "Failure:", "10 runs, 17 assertions, 1 failures, 0 errors, 0 skips"],
  [
    "node",
    "[Error: ENOENT: no such file or directory, open '/w/config/seed.json'] {",
    "    triggerUncaughtException(err, true /* fromPromise */);",
  ],
  [
    "yarn",
    "➤ YN0082: │ react-dom@npm:^19.9.0: No candidates found",
    "➤ YN0000: · Failed with errors in 0s 620ms",
  ],
];

/** Validation and resolver prose, most of it without any needle: found in the look-back. */
const PROSE: ReadonlyArray<readonly [string, "lint" | "dependency"]> = [
  ["Detected uncommitted changes after build. See status below:", "lint"],
  ["The following files are not formatted:", "lint"],
  ["Diff in /w/src/parser.rs at line 41:", "lint"],
  ["Would reformat: src/shop/models.py", "lint"],
  ["✖   subject may not end with full stop [subject-full-stop]", "lint"],
  ["./docs/setup.md:14: recieve ==> receive", "lint"],
  [
    "README.md:12 MD022/blanks-around-headings Headings should be surrounded by blank lines",
    "lint",
  ],
  ["Missing license header in:", "lint"],
  ["No changeset found for @acme/ui. Add one with `npx changeset`.", "lint"],
  ["openapi.yaml does not match the routes in src/routes.", "lint"],
  ["stdin - Deployment api is invalid: problem validating schema", "lint"],
  ["Your branch is not up to date with origin/main (4 commits behind).", "lint"],
  ["package.json version 4.2.0 has already been published. Bump the version.", "lint"],
  ["diff --git a/src/schema.d.ts b/src/schema.d.ts", "lint"],
  ["Package size limit has exceeded by 2.1 kB", "lint"],
  ['Package "left-pad@1.3.0" is licensed under "WTFPL" which is not permitted.', "lint"],
  ["The following dependencies have licenses that are not allowed", "lint"],
  ["go: updates to go.mod needed; to update it:", "dependency"],
  ["pyproject.toml changed significantly since poetry.lock was last generated.", "dependency"],
  [
    "➤ YN0028: │ The lockfile would have been modified by this install, which is explicitly forbidden.",
    "dependency",
  ],
  ["Because rails >= 7.1.0 depends on activesupport = 7.1.x", "dependency"],
  [
    "  ╰─▶ Because only numpy<2.0.0 is available and your project depends on numpy>=2.0.0, we can conclude that your project's requirements are unsatisfiable.",
    "dependency",
  ],
  [
    "    - laravel/framework v11.9.2 requires php ^8.2 -> your php version (8.1.29) does not satisfy that requirement.",
    "dependency",
  ],
  ["    └── ✕ unmet peer react@^18.0.0: found 19.1.0", "dependency"],
];

/** Prose that reports success or progress: never a cause. */
const QUIET = [
  "Your branch is up to date with 'origin/main'.",
  "Already up to date.",
  "Lockfile is up to date, resolution step is skipped",
  "All matched files use Prettier code style!",
  "41 files left unchanged",
  "Checking formatting...",
  "Resolving dependencies...",
];

describe("classify: the specific line outranks the summary", () => {
  it.each(SPECIFIC_OVER_SUMMARY)("%s: %s", (_tool, specific, summary) => {
    const cause = classify(specific);
    expect(cause, specific).toBeDefined();
    expect(cause!.score).toBeGreaterThan(classify(summary)?.score ?? 0);
  });
});

describe("classify: prose without an error keyword", () => {
  it.each(PROSE)("%s", (line, kind) => {
    const match = classify(line);
    expect(match?.kind).toBe(kind);
    // above a step's "last words" (25) and the generic closing lines (20–35)
    expect(match!.score).toBeGreaterThanOrEqual(45);
  });

  it.each(QUIET)("ignores %s", (line) => {
    expect(classify(line)).toBeUndefined();
  });

  it("most of it holds no needle, so only the look-back before a failure sees it", () => {
    const seen = PROSE.filter(([line]) => PATTERN_NEEDLES.some((n) => line.includes(n)));
    expect(seen.length).toBeLessThan(PROSE.length / 4);
  });
});

const dir = mkdtempSync(join(tmpdir(), "rivumi-cause-first-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function firstOf(name: string, output: string[]) {
  const path = join(dir, name);
  const lines = ["##[group]Run check", "check", "##[endgroup]", ...output];
  writeFileSync(path, [...lines, "##[error]Process completed with exit code 1.", ""].join("\n"));
  const first = (await triageLog(path)).candidates[0]!;
  return { ...first, text: first.lines.join("\n") };
}

describe("triageLog: the first candidate quotes the explanation", () => {
  it("pip: the block under 'The conflict is caused by:'", async () => {
    const first = await firstOf("pip.log", [
      "ERROR: Cannot install -r requirements.txt (line 1) and urllib3==2.2.1 because these package versions have conflicting dependencies.",
      "",
      "The conflict is caused by:",
      "    The user requested urllib3==2.2.1",
      "    botocore 1.31.85 depends on urllib3<2.1 and >=1.25.4",
      "",
      "ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/",
    ]);
    expect(first).toMatchObject({ start_line: 6, end_line: 8, kind: "dependency" });
  });

  it("Gradle: the deepest of its nested reasons", async () => {
    const first = await firstOf("gradle.log", [
      "FAILURE: Build failed with an exception.",
      "",
      "* What went wrong:",
      "Execution failed for task ':app:checkDebugAarMetadata'.",
      "> Could not resolve all files for configuration ':app:debugRuntimeClasspath'.",
      "   > Could not find com.squareup.okhttp3:okhttp:5.0.0-alpha.99.",
      "     Required by:",
      "",
      "BUILD FAILED in 27s",
    ]);
    expect(first.kind).toBe("dependency");
    expect(first.text).toContain("Could not find com.squareup.okhttp3:okhttp");
  });

  it("Gradle: a reason that only points at the compiler output yields to the compiler's error", async () => {
    const first = await firstOf("kotlin.log", [
      "e: file:///w/app/src/main/kotlin/App.kt:48:21 Unresolved reference 'archive'.",
      "",
      "FAILURE: Build failed with an exception.",
      "",
      "* What went wrong:",
      "Execution failed for task ':app:compileDebugKotlin'.",
      "> A failure occurred while executing GradleKotlinCompilerWorkAction",
      "   > Compilation error. See log for more details",
    ]);
    expect(first.start_line).toBe(4);
  });

  it("a formatter's list under its heading, though no line has an error keyword", async () => {
    const first = await firstOf("gofmt.log", [
      "The following files are not formatted:",
      "internal/store/db.go",
      "cmd/relay/main.go",
    ]);
    expect(first).toMatchObject({ start_line: 4, end_line: 6, kind: "lint" });
  });

  it("webpack: the message on the line under 'ERROR in'", async () => {
    const first = await firstOf("webpack.log", [
      "ERROR in ./src/pages/Reports.tsx 9:0-46",
      "Module not found: Error: Can't resolve './ReportTable' in '/w/src/pages'",
      "webpack 5.99.9 compiled with 1 error in 8123 ms",
    ]);
    expect(first).toMatchObject({ start_line: 4, end_line: 5 });
  });
});
