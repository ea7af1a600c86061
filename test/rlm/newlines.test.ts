import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { newlinesPerBlock } from "../../src/rlm/newlines.js";

const dir = mkdtempSync(join(tmpdir(), "rivumi-newlines-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The count of \n in each `block` bytes of `data`, one byte at a time. */
function slowly(data: Buffer, block: number): number[] {
  const counts: number[] = [];
  for (let s = 0; s < data.length; s += block)
    counts.push([...data.subarray(s, s + block)].filter((b) => b === 10).length);
  return counts;
}

describe("newlinesPerBlock", () => {
  it("counts each block of the grid, the last one short, across its reads", async () => {
    const data = Buffer.from(
      Array.from({ length: 3000 }, (_, i) => "x".repeat(i % 7) + (i % 5 ? "\n" : "\n\n")).join(""),
    );
    const path = join(dir, "input.txt");
    writeFileSync(path, data);
    for (const block of [1, 3, 64, 1000, 1 << 16])
      expect(await newlinesPerBlock(path, block), `block ${block}`).toEqual(slowly(data, block));
  });

  it("gives no blocks for an empty file", async () => {
    const path = join(dir, "empty.txt");
    writeFileSync(path, "");
    expect(await newlinesPerBlock(path)).toEqual([]);
  });
});
