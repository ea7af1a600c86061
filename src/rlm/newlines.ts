// The newlines of the REPL's input, counted per block of a fixed grid while the REPL starts and
// loads: Node finds them several times faster than CPython's `bytes.count`, and on another core
// (#28). The driver moves each count to where its own blocks start (driver.py, `_count_lines`).
import { open } from "node:fs/promises";

/** The driver's block: 64 KiB, as `BLOCK` in driver.py. */
export const INPUT_BLOCK = 1 << 16;
/** Blocks read at a time. */
const READ_BLOCKS = 16;
const NL = 0x0a;

/** The count of `\n` bytes in each `block` bytes of the file at `path` (the last block may be short). */
export async function newlinesPerBlock(path: string, block = INPUT_BLOCK): Promise<number[]> {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(block * READ_BLOCKS);
    const counts: number[] = [];
    for (let at = 0; ;) {
      // whole blocks only, but for the file's end: a short read is read on
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await file.read(buffer, filled, buffer.length - filled, at + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      if (filled === 0) return counts;
      for (let start = 0; start < filled; start += block) {
        const end = Math.min(start + block, filled);
        let count = 0;
        for (let p = buffer.indexOf(NL, start); p !== -1 && p < end; p = buffer.indexOf(NL, p + 1))
          count++;
        counts.push(count);
      }
      at += filled;
    }
  } finally {
    await file.close();
  }
}
