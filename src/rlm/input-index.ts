// The REPL input's block index, built by the host while Python hashes the input (#28): where each
// block ends, and the newlines and characters in it. Node finds newlines several times faster than
// CPython's `bytes.count`, and tells ASCII and valid UTF-8 apart in C++ (simdutf), so Python's
// load is left with the hash. The driver checks the ends against its own and counts itself when
// they differ or none arrive (driver.py, `_Input`).
import { isAscii, isUtf8 } from "node:buffer";
import { open } from "node:fs/promises";

/** The driver's block: 64 KiB, as `BLOCK` in driver.py. */
export const INPUT_BLOCK = 1 << 16;
/** Blocks read at a time. */
const READ_BLOCKS = 16;
const NL = 0x0a;

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

function countNewlines(buffer: Buffer, start: number, end: number): number {
  let count = 0;
  for (let p = buffer.indexOf(NL, start); p !== -1 && p < end; p = buffer.indexOf(NL, p + 1))
    count++;
  return count;
}

/**
 * Code points in valid UTF-8: one per byte that is not a continuation byte (10xxxxxx). Counted four
 * bytes at a time (decoding to count measured 5x slower): in each byte lane, bit 7 set and bit 6
 * clear; each lane's sum stays under 256 for 255 words.
 */
function codePoints(bytes: Buffer): number {
  let continuation = 0;
  let i = 0;
  const head = Math.min(bytes.length, (4 - (bytes.byteOffset & 3)) & 3);
  for (; i < head; i++) if (isContinuation(bytes[i]!)) continuation++;
  const words = new Int32Array(bytes.buffer, bytes.byteOffset + i, (bytes.length - i) >> 2);
  for (let w = 0; w < words.length;) {
    const stop = Math.min(words.length, w + 255);
    let lanes = 0;
    for (; w < stop; w++) {
      const x = words[w]!;
      lanes = (lanes + (((x & ~(x << 1)) >>> 7) & 0x01010101)) | 0;
    }
    continuation +=
      (lanes & 0xff) + ((lanes >>> 8) & 0xff) + ((lanes >>> 16) & 0xff) + (lanes >>> 24);
  }
  for (i += words.length * 4; i < bytes.length; i++) if (isContinuation(bytes[i]!)) continuation++;
  return bytes.length - continuation;
}

/** The block index of the file at `path` (an empty file has no blocks). */
export async function indexInput(path: string, block = INPUT_BLOCK): Promise<InputIndex> {
  const file = await open(path, "r");
  try {
    const size = (await file.stat()).size;
    // A read starts where the last block ended (up to 3 bytes before its grid line) and takes the
    // byte at the last grid line too, which tells whether a character starts there.
    const buffer = Buffer.allocUnsafe(block * READ_BLOCKS + 4);
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
        const bytes = buffer.subarray(start - base, end - base);
        index.ends.push(end);
        index.newlines.push(countNewlines(buffer, start - base, end - base));
        index.chars.push(isAscii(bytes) ? bytes.length : isUtf8(bytes) ? codePoints(bytes) : -1);
        start = end;
      }
    }
    return index;
  } finally {
    await file.close();
  }
}
