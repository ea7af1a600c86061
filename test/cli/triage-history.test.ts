// `rivumi triage --history` on real git: the action's memory branch pushed to an origin, fetched
// into a clone, read from the clone's remote-tracking branch with nothing fetched by Rivumi.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/triage-command.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { serializeHistoryRow, type HistoryRow } from "../../src/triage/history.js";
import { sh } from "../support/git-fixture.js";

const FLAKY = "0123456789abcdef";
const FORKED = "fedcba9876543210";
const ago = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();

const row = (over: Partial<HistoryRow>): HistoryRow => ({
  v: 1,
  signature: FLAKY,
  at: ago(1),
  workflow: "CI",
  path: ".github/workflows/ci.yml",
  workflow_id: 42,
  job: "test",
  job_id: 1,
  run: 100,
  attempt: 1,
  branch: "main",
  sha: "a".repeat(40),
  event: "push",
  on_default: true,
  pulls: [],
  ...over,
});

const ROWS: HistoryRow[] = [
  row({ run: 90, at: ago(45) }), // past the 30 days: not shown
  row({ run: 100, at: ago(12), passed: { how: "rerun", run: 100, attempt: 2 } }),
  row({ run: 120, at: ago(3), branch: "feature", on_default: false, pulls: [7] }),
  row({
    signature: FORKED,
    run: 130,
    at: ago(2),
    branch: "evil\u001b[31mred",
    fork: "mallory/widgets",
    on_default: false,
    pulls: [9],
    job: "lint",
  }),
];

let dir = "";
let origin = "";
let clone = "";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-history-cli-"));
  origin = join(dir, "origin");
  clone = join(dir, "clone");
  await sh(dir, "init", "-q", "-b", "main", origin);
  writeFileSync(join(origin, "README.md"), "widgets\n");
  await sh(origin, "add", "-A");
  await sh(origin, "commit", "-q", "-m", "first");
  await sh(dir, "clone", "-q", origin, clone);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.restoreAllMocks());

/** Runs the command as `rivumi` does: a usage error becomes exit 2 and one line on stderr. */
async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = "";
  vi.spyOn(process.stdout, "write").mockImplementation((chunk) => {
    stdout += String(chunk);
    return true;
  });
  try {
    return { code: await run(argv), stdout, stderr: "" };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    return { code: 2, stdout, stderr: error.message.split("\n")[0]! };
  }
}

describe("rivumi triage --history", () => {
  it("asks for a fetch while the clone has no copy of the memory branch", async () => {
    const out = await cli(["--history", "--repo", clone]);
    expect(out).toMatchObject({ code: 2, stdout: "" });
    expect(out.stderr).toBe(
      "no branch rivumi-memory in this clone (looked for origin/rivumi-memory and rivumi-memory); run `git fetch origin rivumi-memory` first, or name the memory branch with --branch",
    );
  });

  it("prints the history of the fetched branch, most recent first, with hidden characters shown", async () => {
    // The action's branch: an orphan holding the history, as the git data API writes it.
    await sh(origin, "checkout", "-q", "--orphan", "rivumi-memory");
    await sh(origin, "rm", "-rfq", ".");
    const text = `${ROWS.map(serializeHistoryRow).join("\n")}\nnot a row\n`;
    writeFileSync(join(origin, "triage-history.jsonl"), text);
    await sh(origin, "add", "triage-history.jsonl");
    await sh(origin, "commit", "-q", "-m", "rivumi: triage history");
    await sh(origin, "checkout", "-q", "main");
    await sh(clone, "fetch", "-q");

    const out = await cli(["--history", "--repo", join(clone, ".")]);
    expect(out.code).toBe(0);
    const lines = out.stdout.split("\n");
    expect(lines[0]).toBe(
      "Failure history in origin/rivumi-memory:triage-history.jsonl: 3 failed jobs in the last 30 days (1 line that is not a row skipped)",
    );
    expect(lines.slice(2, 7)).toEqual([
      `${FORKED}  seen once: failed once in 30 days`,
      expect.stringMatching(
        /^ {2}first seen \S+ \S+ on mallory:evil⟦U\+001B⟧\[31mred \(run 130 attempt 1\)$/,
      ),
      expect.stringMatching(/^ {2}last seen {2}\S+ \S+ on mallory:evil⟦U\+001B⟧\[31mred/),
      "  branches   mallory:evil⟦U+001B⟧[31mred",
      "  workflow   CI · job lint",
    ]);
    expect(lines.slice(8, 13)).toEqual([
      `${FLAKY}  known flaky: failed 2 times in 30 days, passed on re-run once`,
      expect.stringMatching(/^ {2}first seen .* on main \(run 100 attempt 1\)$/),
      expect.stringMatching(/^ {2}last seen {2}.* on feature \(run 120 attempt 1\)$/),
      "  branches   feature, main",
      "  workflow   CI · job test",
    ]);
    expect(out.stdout).not.toContain("\u001b");
  });

  it("prints JSON and keeps the signatures asked for", async () => {
    const out = await cli(["--history", "--repo", clone, "--signature", "0123", "--json"]);
    expect(out.code).toBe(0);
    const json = JSON.parse(out.stdout);
    expect(json).toMatchObject({ source: "origin/rivumi-memory:triage-history.jsonl", rows: 2 });
    expect(json.signatures).toEqual([
      expect.objectContaining({
        signature: FLAKY,
        failures: 2,
        passedOnRerun: 1,
        flaky: true,
        branches: [{ name: "feature" }, { name: "main" }],
      }),
    ]);
  });

  it("refuses --log with --history, and --repo without it", async () => {
    expect((await cli(["--history", "--log", "x.log"])).stderr).toBe(
      "--history and --log do not go together",
    );
    expect((await cli(["--log", "x.log", "--repo", clone])).stderr).toBe(
      "--repo goes with --history",
    );
  });
});
