// The REPL input's block index, built by the host while Python starts (#28): where each block
// ends, and the newlines and characters in it. The counts run in WebAssembly SIMD (byte-count.ts),
// several times faster than CPython's `bytes.count`, and Node tells ASCII and valid UTF-8 apart in
// C++ (simdutf), so the driver's load is left with mapping the file. The driver checks the ends
// against its own and counts itself when they differ or none arrive (driver.py, `_Input`).
import { isAscii, isUtf8 } from "node:buffer";
import { constants } from "node:fs";
import { open } from "node:fs/promises";
import { byteCounter } from "./byte-count.js";

/** The driver's block: 64 KiB, as `BLOCK` in driver.py. */
export const INPUT_BLOCK = 1 << 16;
/** Blocks read at a time. */
const READ_BLOCKS = 16;

export interface InputIndex {
  /** Where each block ends, in bytes: on the grid of `block` bytes, moved back to a character start. */
  ends: number[];
  newlines: number[];
  /** Characters (code points) in each block; -1 where it is not valid UTF-8 (the driver decodes it). */
  chars: number[];
}

const isContinuation = (byte: number) => byte >= 0x80 && byte < 0xc0;

/**
 * `grid` (a block's grid line), or up to 3 bytes before it where a character starts, as driver.py's
 * `_boundary`: continuation bytes never start one, and past 3 of them each is a character of its own.
 */
function boundary(buffer: Buffer, base: number, grid: number, size: number): number {
  for (let back = 0; back < 4; back++)
    if (grid - back >= size || !isContinuation(buffer[grid - back - base]!)) return grid - back;
  return grid;
}

/** The block index of the file at `path` (an empty file has no blocks). */
export async function indexInput(path: string, block = INPUT_BLOCK): Promise<InputIndex> {
  // Not through a link: the file sits in the REPL user's folder, and the host may run as root.
  const file = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW);
  try {
    const size = (await file.stat()).size;
    // A read starts where the last block ended (up to 3 bytes before its grid line) and takes the
    // byte at the last grid line too, which tells whether a character starts there.
    const counter = byteCounter(block * READ_BLOCKS + 4);
    const buffer = counter.bytes;
    const index: InputIndex = { ends: [], newlines: [], chars: [] };
    let start = 0;
    let k = 0;
    while (start < size) {
      const until = Math.min(size, (k + READ_BLOCKS) * block + 1);
      let filled = 0;
      while (filled < until - start) {
        const { bytesRead } = await file.read(
          buffer,
          filled,
          until - start - filled,
          start + filled,
        );
        if (bytesRead === 0) throw new Error(`${path} shrank while it was indexed`);
        filled += bytesRead;
      }
      const base = start;
      for (let n = 0; n < READ_BLOCKS && start < size; n++) {
        k++;
        const end = boundary(buffer, base, Math.min(k * block, size), size);
        const [from, to] = [start - base, end - base];
        const bytes = buffer.subarray(from, to);
        index.ends.push(end);
        index.newlines.push(counter.newlines(from, to));
        // valid UTF-8 has a character for each byte but its continuation bytes
        const utf8 = () => (isUtf8(bytes) ? bytes.length - counter.continuations(from, to) : -1);
        index.chars.push(isAscii(bytes) ? bytes.length : utf8());
        start = end;
      }
    }
    return index;
  } finally {
    await file.close();
  }
}
