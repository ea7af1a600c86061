import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { failureSignature, normaliseLine, triageLog } from "../../src/triage/index.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-sig-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("normaliseLine", () => {
  it("removes what changes between runs", () => {
    expect(
      normaliseLine(
        "##[error]2025-06-30T21:41:43.3369458Z /tmp/pytest-of-runner/pytest-7/test_x0/out.txt: timeout after 12.5s (pid 4312, port 54321, id 9f8e7d6c5b4a)",
      ),
    ).toBe("<time> <tmp> timeout after <dur> (pid #, port #, id <hex>)");
    expect(normaliseLine("/home/runner/work/app/app/src/a.ts(12,5): error TS2322: x")).toBe(
      "src/a.ts(#,#): error TS2322: x",
    );
    expect(normaliseLine("D:\\a\\app\\app\\src\\a.cs(3,7): error CS1002: ; expected")).toBe(
      "src\\a.cs(#,#): error CS1002: ; expected",
    );
  });
});

describe("failureSignature", () => {
  /** The jest fixture re-run: other timestamps, durations, temp paths and line numbers. */
  function rerun(): string {
    const text = readFileSync(join(fixtures, "jest.log"), "utf8")
      .replace(
        /2025-07-01T10:00:0(\d)\.(\d+)Z/g,
        (_m, s: string, f: string) => `2025-07-09T18:3${s}:11.${f.split("").reverse().join("")}Z`,
      )
      .replace(/\((\d+) ms\)/g, (_m, ms: string) => `(${Number(ms) * 3 + 1} ms)`)
      .replace("src/cart.test.ts:42:24", "src/cart.test.ts:47:24")
      .replace("applies the discount code (7 ms)", "applies the discount code (19 ms)");
    // one more line of output earlier shifts every line number after it
    const shifted = text.replace("  parse\n", "  parse\n  (setup took 3.2 s)\n");
    const path = join(dir, "rerun.log");
    writeFileSync(
      path,
      shifted.replace(
        /\n/,
        "\n2025-07-09T18:30:00.1000000Z Runner temp: /home/runner/work/_temp/8c1f2e\n",
      ),
    );
    return path;
  }

  it("is the same for the same failure on a re-run", async () => {
    const first = await triageLog(join(fixtures, "jest.log"));
    const again = await triageLog(rerun());
    expect(again.candidates[0]!.start_line).not.toBe(first.candidates[0]!.start_line);
    expect(again.signature).toBe(first.signature);
  });

  it("differs for different failures", async () => {
    const signatures = new Set<string>();
    for (const name of [
      "jest.log",
      "vitest.log",
      "pytest.log",
      "cargo.log",
      "tsc.log",
      "gradle.log",
    ])
      signatures.add((await triageLog(join(fixtures, name))).signature);
    expect(signatures.size).toBe(6);
    expect(failureSignature([{ lines: ["Expected: 90"] }])).not.toBe(
      failureSignature([{ lines: ["Expected: status"] }]),
    );
  });

  it("does not depend on the order of the candidates", () => {
    const a = { lines: ["error: one"] };
    const b = { lines: ["error: two"] };
    expect(failureSignature([a, b])).toBe(failureSignature([b, a]));
  });
});
