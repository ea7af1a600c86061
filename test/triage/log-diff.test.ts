import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { diffLogs } from "../../src/triage/index.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const failed = readFileSync(join(fixtures, "diff-fail.log"), "utf8");
const passing = readFileSync(join(fixtures, "diff-pass.log"), "utf8");
const lineOf = (text: string, part: string) =>
  text.split("\n").findIndex((l) => l.includes(part)) + 1;

describe("diffLogs", () => {
  it("returns the failed log's lines that the passing run never printed", () => {
    const { lines, truncated } = diffLogs(failed, passing);
    expect(truncated).toBe(false);
    const expected = [
      " FAIL  src/cart.test.ts",
      "● cart › applies the discount code",
      "Expected: 90",
      "Received: 100",
      "Tests:       1 failed, 4 passed",
      "##[error]Process completed with exit code 1.",
    ].map((part) => lineOf(failed, part));
    expect(lines).toEqual(expected);
  });

  it("ignores timestamps, durations and other run-to-run noise", () => {
    // the two runs differ in every timestamp and in their test durations
    const { lines } = diffLogs(failed, passing);
    expect(lines).not.toContain(lineOf(failed, "PASS  src/parse.test.ts"));
    expect(lines).not.toContain(lineOf(failed, "Time:"));
  });

  it("can be restricted to one step and bounded", () => {
    expect(diffLogs(failed, passing, { step: "Run npm ci" }).lines).toEqual([]);
    const bounded = diffLogs(failed, passing, { step: "Run npm test -- --ci", maxLines: 2 });
    expect(bounded).toEqual({
      lines: [lineOf(failed, " FAIL  src/cart.test.ts"), lineOf(failed, "● cart")],
      truncated: true,
    });
    expect(diffLogs(failed, "", { maxLines: 10 })).toMatchObject({ truncated: true });
    expect(diffLogs(failed, "", { maxLines: 10 }).lines).toHaveLength(10);
  });
});
