import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { run, USAGE } from "../../src/cli/triage-command.js";
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
    });
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
    const out = await cli([
      "--log",
      join(fixtures, "jest.log"),
      "--step",
      "Run npm ci",
      "--max-bytes",
      "400",
      "--json",
    ]);
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout).truncated).toBe(true);
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
    [["--log", join(fixtures, "jest.log"), "--colour"], "Unknown option '--colour'"],
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
