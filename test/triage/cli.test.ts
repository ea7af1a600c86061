import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { run, USAGE } from "../../src/cli/triage-command.js";
import { rankCandidates } from "../../src/triage/candidates.js";
import type { Signal } from "../../src/triage/signals.js";
import { UsageError } from "../../src/cli/usage-error.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Runs the command as `rivumi` does: a usage error becomes exit 2 and one line on stderr. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  // A run's journal goes to .rivumi/runs/ in the current folder: the temporary one, not the clone.
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    return { code: await run(argv), stdout, stderr: "" };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: 2, stdout, stderr: error.message.split("\n")[0]! };
  } finally {
    process.chdir(cwd);
  }
}

describe("rivumi triage", () => {
  it("prints the JSON result with --json", async () => {
    const out = await cli(["--log", join(fixtures, "cargo.log"), "--json"]);
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(Object.keys(json)).toEqual(["candidates", "signature", "steps", "journal"]);
    expect(json.journal).toContain(join(dir, ".rivumi", "runs"));
    expect(json.candidates[0]).toEqual({
      start_line: 45,
      end_line: 46,
      step: "Run cargo test --locked",
      kind: "build",
      score: expect.any(Number),
      lines: expect.any(Array),
    });
    expect(json.candidates[0].lines[0]).toMatch(/^error/);
  });

  it("shows a long line whole, wrapped, and cuts only past 2,000 characters", async () => {
    const cause = `Error: ENOSPC ${"x".repeat(300)} (No space left on device)`;
    const huge = `Error: ${"y".repeat(2500)}`;
    const path = join(dir, "long-lines.log");
    writeFileSync(
      path,
      ["start", cause, "Process completed with exit code 1", huge, ""].join("\n"),
    );
    const text = (await cli(["--log", path])).stdout;
    expect(text.replace(/\n {3} +\| /g, "")).toContain("(No space left on device)");
    expect(text).toContain("… [line cut at 2,000 characters]");
    for (const row of text.split("\n")) expect(row.length).toBeLessThan(140);
    const json = JSON.parse((await cli(["--log", path, "--json"])).stdout);
    const lines = json.candidates.flatMap((c: { lines: string[] }) => c.lines);
    expect(lines).toContain(cause);
    expect(lines).toContain(`${huge.slice(0, 2000)}… [line cut at 2,000 characters]`);
  });

  it("finds the runner's own timeout and cancellation lines, with or without ##[error]", async () => {
    const body = [
      "##[group]Run ./long.sh",
      "./long.sh",
      "##[endgroup]",
      "working",
      "The job running on runner GitHub Actions 12 has exceeded the maximum execution time of 360 minutes.",
      "The operation was canceled.",
      "Post job cleanup.",
    ];
    for (const prefix of ["", "##[error]"]) {
      const path = join(dir, `runner${prefix ? "-annotated" : ""}.log`);
      writeFileSync(path, body.map((l) => (/^The /.test(l) ? prefix + l : l)).join("\n"));
      const json = JSON.parse((await cli(["--log", path, "--json"])).stdout);
      expect(json.candidates[0]).toMatchObject({ start_line: 5, kind: "timeout" });
    }
  });

  it("ranks a specific error above the runner's timeout line of its step", async () => {
    const path = join(dir, "timeout-after-error.log");
    writeFileSync(
      path,
      [
        "##[group]Run npm test",
        "npm test",
        "##[endgroup]",
        "FAIL src/db.test.ts",
        "  ● db › connects",
        "    TypeError: Cannot read properties of undefined (reading 'query')",
        // more specific evidence than the candidates hold: the timeout still takes the last place
        ...Array.from({ length: 12 }, (_, i) => [
          `src/m${i}.ts:${i + 1}:5 - error TS2304: Cannot find name 'v${i}'.`,
          ...["compiling", "compiling", "compiling", "compiling"],
        ]).flat(),
        ...Array.from({ length: 60 }, (_, i) => `waiting ${i}`),
        "##[error]The action 'Run npm test' has timed out after 30 minutes.",
      ].join("\n"),
    );
    const json = JSON.parse((await cli(["--log", path, "--json"])).stdout);
    expect(json.candidates[0].kind).not.toBe("timeout");
    expect(json.candidates).toContainEqual(
      expect.objectContaining({ kind: "timeout", start_line: 127 }),
    );
  });

  it("prints candidates with their quoted lines, the signature and the steps", async () => {
    const out = await cli(["--log", join(fixtures, "pytest.log")]);
    expect(out.code).toBe(0);
    expect(out.stdout).toMatch(/^1\. lines 67-70 · test · step "Run pytest -q" · score \d+\n/);
    expect(out.stdout).toContain("   70 | tests/test_prices.py:31: AssertionError");
    expect(out.stdout).toMatch(/\nsignature: [0-9a-f]{16}\n/);
    expect(out.stdout).toMatch(/\n {2}\d+-\d+ +Run pytest -q {2}\(failed\)\n/);
  });

  it("passes --step and --max-bytes on", async () => {
    const jest = join(fixtures, "jest.log");
    const cut = await cli(["--log", jest, "--max-bytes", "400", "--json"]);
    expect(cut.code).toBe(0);
    expect(JSON.parse(cut.stdout).truncated).toBe(true);
    const stepped = await cli(["--log", jest, "--step", "npm ci", "--json"]);
    expect(stepped.code).toBe(0);
    expect(JSON.parse(stepped.stdout).candidates.length).toBeGreaterThan(0);
  });

  it("exits 2 for a --step the log does not have, naming the steps it has", async () => {
    const out = await cli(["--log", join(fixtures, "jest.log"), "--step", "Run npm tset"]);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      '--step "Run npm tset": the log has no such step; its steps: "Set up job", ' +
        '"Run actions/checkout@v4", "Run actions/setup-node@v4", "Run npm ci", ' +
        '"Run npm test -- --ci", "Post job cleanup", "Complete job"',
    );
  });

  it("refuses a binary file and reads a log with a stray NUL", async () => {
    const binary = join(dir, "core.bin");
    writeFileSync(binary, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256)));
    const out = await cli(["--log", binary]);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^--log .*core\.bin: a binary file \(\d+\.\d% control bytes/);
    const text = join(dir, "nul.log");
    writeFileSync(text, `${"ok\n".repeat(100)}\0\0 padding\nError: the real failure\n`);
    expect((await cli(["--log", text, "--json"])).code).toBe(0);
  });

  it("prints its usage with --help", async () => {
    const out = await cli(["--help"]);
    expect(out).toEqual({ code: 0, stdout: `${USAGE}\n`, stderr: "" });
  });

  it.each([
    [[], "--log FILE is required"],
    [["--log", join(dir, "missing.log")], "--log"],
    [["--log", dir], "--log"],
    [["--log", join(fixtures, "jest.log"), "--max-bytes", "lots"], "--max-bytes lots"],
    [
      ["--log", join(fixtures, "jest.log"), "--colour"],
      "unknown option '--colour' for 'rivumi triage'",
    ],
  ])("exits 2 naming the flag: %j", async (argv, message) => {
    const out = await cli(argv);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(message);
    expect(out.stdout).toBe("");
  });

  it.runIf(process.getuid?.() !== 0)("exits 2 for a file it cannot read", async () => {
    const path = join(dir, "secret.log");
    writeFileSync(path, "x\n");
    chmodSync(path, 0o000);
    expect((await cli(["--log", path])).code).toBe(2);
  });
});

describe("the runner's reason for ending a step", () => {
  it("keeps the last place when more specific evidence fills the list", () => {
    const signal = (anchor: number, pattern: string, extra: Partial<Signal> = {}): Signal => ({
      step: 0,
      start: anchor,
      end: anchor,
      anchor,
      kind: "build",
      score: 90,
      lines: [`${pattern}: ${"abcdefghijklmnop".slice(anchor % 7)} went wrong`],
      stepFailure: false,
      pattern,
      ...extra,
    });
    const tools = [
      "tsc",
      "eslint",
      "vitest",
      "cargo",
      "gcc",
      "go",
      "ruff",
      "mypy",
      "javac",
      "swift",
    ];
    const specific = tools.map((tool, i) => signal(10 * (i + 1), tool));
    const timeout = signal(200, "timeout", { kind: "timeout", score: 50, stepFailure: true });
    const ranked = rankCandidates({
      signals: [...specific, timeout],
      stepNames: ["Run npm test"],
      failedSteps: new Set([0]),
      failingStep: 0,
    });
    expect(ranked).toHaveLength(8);
    expect(ranked.slice(0, 7).map((c) => c.kind)).toEqual(Array(7).fill("build"));
    expect(ranked[7]).toMatchObject({ kind: "timeout", start_line: 200 });
    expect(ranked[7]!.score).toBeLessThanOrEqual(ranked[6]!.score);
  });
});
