import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { originalLine, saveLog } from "../../src/triage/log-file.js";

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), "rivumi-log-file-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The text as the storage would send it: in chunks of `size` bytes. */
async function* chunks(text: string, size: number): AsyncIterable<Uint8Array> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length; at += size) {
    await Promise.resolve();
    yield new Uint8Array(bytes.subarray(at, at + size));
  }
}

const numbered = (n: number) =>
  Array.from({ length: n }, (_, i) => `line ${i + 1} ${"x".repeat(i % 50)}`).join("\n") + "\n";

describe("saveLog", () => {
  it("keeps a log under the limit byte for byte", async () => {
    const text = numbered(500);
    const saved = await saveLog(chunks(text, 777), join(dir, "a.log"), 1_000_000);
    expect(saved).toEqual({
      path: join(dir, "a.log"),
      bytes: Buffer.byteLength(text),
      cut: undefined,
    });
    expect(readFileSync(saved.path, "utf8")).toBe(text);
    expect(readdirSync(dir)).toEqual(["a.log"]);
  });

  it("keeps the head and the tail of a longer log, lines numbered as in the original", async () => {
    const text = numbered(20_000);
    const original = text.split("\n");
    const max = 100_000;
    const saved = await saveLog(chunks(text, 4093), join(dir, "b.log"), max);
    expect(saved.bytes).toBe(Buffer.byteLength(text));
    const cut = saved.cut!;
    expect(cut.afterLine).toBeGreaterThan(0);
    const kept = readFileSync(saved.path, "utf8").split("\n");
    // about the limit on disk, and never much more
    expect(Buffer.byteLength(kept.join("\n"))).toBeLessThan(max + 200);
    expect(kept[cut.afterLine]).toMatch(
      new RegExp(
        `^\\[rivumi\\] ${cut.droppedLines} lines \\(${cut.droppedBytes} bytes\\) of this log are left out here`,
      ),
    );
    // every kept line is the original line its mapped number says
    for (let line = 1; line < kept.length; line++) {
      const from = originalLine(line, cut);
      if (from === undefined) expect(line).toBe(cut.afterLine + 1);
      else expect(kept[line - 1]).toBe(original[from - 1]);
    }
    expect(originalLine(kept.length - 1, cut)).toBe(20_000);
    // the tail's segment files are gone
    expect(readdirSync(dir)).toEqual(["b.log"]);
  });

  it("cuts a log with no newline in its middle without losing count", async () => {
    const text = `head\n${"y".repeat(50_000)}\ntail 1\ntail 2\n`;
    const saved = await saveLog(chunks(text, 1000), join(dir, "c.log"), 8_000);
    const kept = readFileSync(saved.path, "utf8").split("\n");
    expect(kept[0]).toBe("head");
    expect(kept.slice(-3)).toEqual(["tail 1", "tail 2", ""]);
    expect(originalLine(kept.length - 1, saved.cut)).toBe(4);
  });
});
