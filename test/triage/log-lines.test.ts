import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { scanLog, type LogLine } from "../../src/triage/log-lines.js";

const dir = mkdtempSync(join(tmpdir(), "rivumi-triage-lines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function file(text: string): string {
  const path = join(dir, `log-${n++}.txt`);
  writeFileSync(path, text);
  return path;
}

/** A deterministic pseudo-random log: varied line lengths, needles anywhere, `\r` inside lines. */
function randomLog(lines: number, seed: number): string {
  let x = seed;
  const rnd = (k: number) => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x % k;
  };
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    const filler = "abcdefghij klmnop ".repeat(rnd(12));
    const kind = rnd(10);
    if (kind === 0) out.push(`${filler}NEEDLE at line ${i + 1}`);
    else if (kind === 1) out.push(`progress 10%\rprogress 100%\r NEEDLE ${i + 1}`);
    else if (kind === 2) out.push("");
    else out.push(`${filler}${i + 1} ü€`);
  }
  return out.join("\n");
}

async function hits(
  path: string,
  options: { chunkBytes?: number; contextBytes?: number; maxBytes?: number } = {},
) {
  const seen: { line: LogLine; before: LogLine[]; after: LogLine[] }[] = [];
  const end = await scanLog(path, { needles: ["NEEDLE"], ...options }, (line, window) =>
    seen.push({ line, before: window.before(2), after: window.after(2) }),
  );
  return { seen, end };
}

describe("scanLog", () => {
  it("reports every line holding a needle once, with `\\n`-only line numbers, across chunk boundaries", async () => {
    const text = randomLog(3000, 7);
    const path = file(text);
    const lines = text.split("\n");
    const expected = lines.flatMap((raw, i) =>
      raw.includes("NEEDLE") ? [{ no: i + 1, raw }] : [],
    );
    for (const chunkBytes of [1024, 1500, 4096, 1 << 20]) {
      const { seen, end } = await hits(path, { chunkBytes, contextBytes: 300 });
      expect(seen.map((s) => s.line)).toEqual(expected);
      expect(end.lines).toBe(lines.length);
      for (const s of seen) {
        const i = s.line.no - 1;
        // the window may be cut short at the edge of the buffered history, never wrong
        for (const b of s.before) expect(b.raw).toBe(lines[b.no - 1]);
        for (const a of s.after) expect(a.raw).toBe(lines[a.no - 1]);
        if (s.before.length > 0) expect(s.before[s.before.length - 1]!.no).toBe(i);
        if (s.after.length > 0) expect(s.after[0]!.no).toBe(i + 2);
      }
    }
  });

  it("keeps `\\r` as content: a progress line is one line", async () => {
    const path = file("a\r\nb\rc NEEDLE\nd\n");
    const { seen, end } = await hits(path);
    expect(seen.map((s) => s.line)).toEqual([{ no: 2, raw: "b\rc NEEDLE" }]);
    expect(seen[0]!.before).toEqual([{ no: 1, raw: "a\r" }]);
    expect(seen[0]!.after).toEqual([{ no: 3, raw: "d" }]);
    expect(end.lines).toBe(3);
  });

  it("handles a file without a final newline and reports its tail", async () => {
    const path = file("one\ntwo\nthree NEEDLE");
    const { seen, end } = await hits(path);
    expect(seen.map((s) => s.line.no)).toEqual([3]);
    expect(end.lines).toBe(3);
    expect(end.tail(2)).toEqual([
      { no: 2, raw: "two" },
      { no: 3, raw: "three NEEDLE" },
    ]);
  });

  it("with maxBytes searches only the end but keeps the file's line numbers", async () => {
    const text = randomLog(2000, 3);
    const lines = text.split("\n");
    const path = file(text);
    const maxBytes = Math.floor(text.length / 3);
    const { seen, end } = await hits(path, { chunkBytes: 2048, contextBytes: 512, maxBytes });
    expect(end.truncated).toBe(true);
    expect(seen.length).toBeGreaterThan(10);
    for (const s of seen) expect(lines[s.line.no - 1]).toBe(s.line.raw);
    expect(seen[seen.length - 1]!.line.no).toBe(
      lines.findLastIndex((l) => l.includes("NEEDLE")) + 1,
    );
  });

  // (A needle in the part of such a line that no longer fits is not reported: in real use the
  // buffer holds megabytes, so only a line of that size could hide one.)
  it("keeps counting lines past a line longer than the whole buffer", async () => {
    const long = "x".repeat(20_000);
    const path = file(`first NEEDLE\n${long}\n${long} NEEDLE\nlast NEEDLE\n`);
    const { seen, end } = await hits(path, { chunkBytes: 1024, contextBytes: 256 });
    expect(seen.map((s) => s.line.no)).toEqual([1, 4]);
    expect(seen[1]!.line.raw).toBe("last NEEDLE");
    expect(end.lines).toBe(4);
  });
});
