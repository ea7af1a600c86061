import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { indexInput, type InputIndex } from "../../src/rlm/input-index.js";

const dir = mkdtempSync(join(tmpdir(), "rivumi-input-index-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** The index one byte at a time, as driver.py builds it when the host sends none. */
function slowly(data: Buffer, block: number): InputIndex {
  const out: InputIndex = { ends: [], newlines: [], chars: [] };
  const startsChar = (at: number) => at >= data.length || (data[at]! & 0xc0) !== 0x80;
  for (let start = 0; start < data.length;) {
    const grid = Math.min((out.ends.length + 1) * block, data.length);
    let end = grid;
    for (let back = 0; back < 4; back++)
      if (startsChar(grid - back)) {
        end = grid - back;
        break;
      }
    const bytes = data.subarray(start, end);
    out.ends.push(end);
    out.newlines.push(bytes.filter((b) => b === 10).length);
    let chars = -1;
    try {
      chars = [...strict.decode(bytes)].length; // code points, a BOM included
    } catch {
      // not valid UTF-8: the driver decodes it
    }
    out.chars.push(chars);
    start = end;
  }
  return out;
}

function written(name: string, data: Buffer): string {
  const path = join(dir, name);
  writeFileSync(path, data);
  return path;
}

describe("indexInput", () => {
  it("counts each block's newlines and characters, across its reads", async () => {
    const words = ["plain line", "café ✓", "\ufeffbom", "🚀 launch", "ǅ", "x".repeat(37), ""];
    const data = Buffer.from(
      Array.from(
        { length: 3000 },
        (_, i) => words[i % words.length]! + (i % 5 ? "\n" : "\n\n"),
      ).join(""),
    );
    const path = written("mixed.txt", data);
    for (const block of [8, 61, 64, 1000, 1 << 16])
      expect(await indexInput(path, block), `block ${block}`).toEqual(slowly(data, block));
  });

  it("moves each end back to where a character starts, and leaves invalid UTF-8 to the driver", async () => {
    // stray continuation bytes, a lone lead byte and split characters at every offset
    const pieces = [
      [0x80],
      [0x80, 0x80, 0x80, 0x80],
      [0xff],
      [0xc3],
      [0xe2, 0x9c, 0x93],
      [0xf0, 0x9f, 0x9a, 0x80],
    ];
    const parts: Buffer[] = [];
    for (let i = 0; i < 4000; i++) {
      parts.push(Buffer.from("ab\n".slice(0, i % 4)));
      if (i % 3 === 0) parts.push(Buffer.from(pieces[i % pieces.length]!));
      if (i % 11 === 0) parts.push(Buffer.from("é"));
    }
    const data = Buffer.concat(parts);
    const path = written("invalid.txt", data);
    for (const block of [8, 13, 64, 4096]) {
      const index = await indexInput(path, block);
      expect(index, `block ${block}`).toEqual(slowly(data, block));
      expect(index.chars, `block ${block}`).toContain(-1);
    }
  });

  it("does not read through a link put where the input was", async () => {
    const real = written("real.txt", Buffer.from("a\n"));
    symlinkSync(real, join(dir, "link.txt"));
    await expect(indexInput(join(dir, "link.txt"))).rejects.toThrow(/ELOOP/);
  });

  it("gives no blocks for an empty file", async () => {
    expect(await indexInput(written("empty.txt", Buffer.alloc(0)))).toEqual({
      ends: [],
      newlines: [],
      chars: [],
    });
  });
});
