import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { cleanLine } from "../../src/triage/clean-line.js";
import { triageJson, triageLog } from "../../src/triage/index.js";

const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
const labels = JSON.parse(readFileSync(join(fixtures, "labels.json"), "utf8")) as Record<
  string,
  { cause: [number, number]; kind: string; step: string; note: string }
>;
const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, lines: string[]): string {
  const path = join(dir, name);
  writeFileSync(path, lines.join("\n") + "\n");
  return path;
}

describe("triageLog on hand-written job logs", () => {
  it.each(Object.entries(labels))("%s: the first candidate is the cause", async (name, label) => {
    const result = await triageLog(join(fixtures, name));
    const first = result.candidates[0]!;
    expect(first.start_line).toBeLessThanOrEqual(label.cause[1]);
    expect(first.end_line).toBeGreaterThanOrEqual(label.cause[0]);
    expect(first.step).toBe(label.step);
    expect(first.kind).toBe(label.kind);
    // the candidate quotes the file's lines (split on \n only) without timestamps
    const raw = readFileSync(join(fixtures, name), "utf8").split("\n");
    expect(first.lines).toHaveLength(first.end_line - first.start_line + 1);
    expect(cleanLine(raw[first.start_line - 1]!)).toBe(first.lines[0]);
  });

  it("keeps the lines shown short", async () => {
    for (const name of Object.keys(labels)) {
      const { candidates } = await triageLog(join(fixtures, name));
      const shown = candidates.slice(0, 5).reduce((n, c) => n + c.end_line - c.start_line + 1, 0);
      expect(shown, name).toBeLessThanOrEqual(14);
    }
  });
});

describe("triageLog", () => {
  it("counts a \\r inside a line as content, not as a line end", async () => {
    const path = write("cr.log", [
      "Downloading 10%\rDownloading 55%\rDownloading 100%",
      "step output\r",
      "src/main.c:3:1: error: expected ';' before '}' token",
      "make: *** [Makefile:2: main.o] Error 1",
    ]);
    const { candidates } = await triageLog(path);
    expect(candidates[0]).toMatchObject({ start_line: 3, kind: "build", step: "job" });
    expect(candidates[0]!.lines[0]).toBe("src/main.c:3:1: error: expected ';' before '}' token");
  });

  it("ranks the generic exit code first only when nothing more specific exists", async () => {
    const bare = write("bare.log", [
      "##[group]Run ./deploy.sh",
      "./deploy.sh",
      "##[endgroup]",
      "##[error]Process completed with exit code 3.",
    ]);
    expect((await triageLog(bare)).candidates[0]).toMatchObject({
      kind: "exit-code",
      start_line: 4,
    });
    const jest = await triageLog(join(fixtures, "jest.log"));
    expect(jest.candidates[0]!.kind).not.toBe("exit-code");
    expect(jest.candidates.slice(0, 5).map((c) => c.kind)).toContain("exit-code");
  });

  it("prefers the failed step the caller names", async () => {
    const path = write("two-failures.log", [
      "##[group]Run npx eslint .",
      "npx eslint .",
      "##[endgroup]",
      "  3:1  error  Unexpected var  no-var",
      "##[error]Process completed with exit code 1.",
      "##[group]Run npm test",
      "npm test",
      "##[endgroup]",
      "  ● cart › totals",
      "",
      "    expect(received).toBe(expected)",
      "##[error]Process completed with exit code 1.",
    ]);
    const byDefault = await triageLog(path);
    expect(byDefault.candidates[0]!.step).toBe("Run npx eslint .");
    const named = await triageLog(path, { failedStep: "Run npm test" });
    expect(named.candidates[0]).toMatchObject({ step: "Run npm test", start_line: 9 });
    expect(named.steps.filter((s) => s.failed).map((s) => s.name)).toEqual([
      "Run npx eslint .",
      "Run npm test",
    ]);
  });

  it("searches only the end of the log with maxBytes, keeping line numbers", async () => {
    const filler = Array.from({ length: 5000 }, (_, i) => `line ${i} error handling ok`);
    const path = write("long.log", [...filler, "Error: the real failure", "exit 1"]);
    const result = await triageLog(path, { maxBytes: 2000 });
    expect(result.truncated).toBe(true);
    expect(result.candidates[0]).toMatchObject({ start_line: 5001, end_line: 5001 });
  });

  it("has the JSON shape of `rivumi triage --json`", async () => {
    const json = triageJson(await triageLog(join(fixtures, "pytest.log"))) as Record<
      string,
      unknown
    >;
    expect(Object.keys(json)).toEqual(["candidates", "signature", "steps"]);
    const candidates = json.candidates as Record<string, unknown>[];
    expect(candidates.length).toBeGreaterThan(0);
    for (const c of candidates) {
      expect(Object.keys(c)).toEqual(["start_line", "end_line", "step", "kind", "score", "lines"]);
      expect((c.lines as string[]).length).toBe(
        (c.end_line as number) - (c.start_line as number) + 1,
      );
      expect(Number.isInteger(c.start_line) && Number.isInteger(c.end_line)).toBe(true);
      expect(c.end_line as number).toBeGreaterThanOrEqual(c.start_line as number);
    }
    const scores = candidates.map((c) => c.score as number);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(json.signature).toMatch(/^[0-9a-f]{16}$/);
    for (const s of json.steps as Record<string, unknown>[])
      expect(Object.keys(s)).toEqual(["name", "start_line", "end_line", "failed"]);
  });

  it("falls back to the last words of a log that names no failure", async () => {
    const path = write("quiet.log", ["hello", "world"]);
    const result = await triageLog(path);
    expect(result.candidates).toMatchObject([{ start_line: 2, end_line: 2, kind: "error" }]);
    expect(result.steps).toEqual([{ name: "job", start_line: 1, end_line: 2, failed: false }]);
  });
});
