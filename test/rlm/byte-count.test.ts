import { describe, expect, it } from "vitest";
import { byteCounter } from "../../src/rlm/byte-count.js";

/** One byte at a time, as the counter must count. */
const slowly = (bytes: Uint8Array, test: (b: number) => boolean) => bytes.filter(test).length;
const isNewline = (b: number) => b === 0x0a;
const isContinuation = (b: number) => (b & 0xc0) === 0x80;

describe("byteCounter", () => {
  it("counts newlines and continuation bytes at every start and length, whole vectors and tails", () => {
    const counter = byteCounter(4096);
    // every byte value, newlines and continuation bytes dense, in a fixed pseudo-random order
    let seed = 7;
    for (let i = 0; i < 4096; i++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      counter.bytes[i] = i % 5 === 0 ? 0x0a : i % 7 === 0 ? 0x80 | (seed & 0x3f) : seed >>> 24;
    }
    for (let start = 0; start < 40; start++)
      for (const length of [0, 1, 15, 16, 17, 31, 32, 33, 100, 1000, 4096 - start]) {
        const end = start + length;
        const range = counter.bytes.subarray(start, end);
        expect(counter.newlines(start, end), `newlines ${start}+${length}`).toBe(
          slowly(range, isNewline),
        );
        expect(counter.continuations(start, end), `continuations ${start}+${length}`).toBe(
          slowly(range, isContinuation),
        );
      }
  });

  it("tells each byte value apart", () => {
    const counter = byteCounter(256 * 17);
    for (let value = 0; value < 256; value++) {
      // 16 in a vector and one in the tail
      counter.bytes.fill(value, 0, 17);
      expect(counter.newlines(0, 17), `0x${value.toString(16)}`).toBe(value === 0x0a ? 17 : 0);
      expect(counter.continuations(0, 17), `0x${value.toString(16)}`).toBe(
        isContinuation(value) ? 17 : 0,
      );
    }
  });

  it("holds at least what it is asked to, past one page of WebAssembly memory", () => {
    const counter = byteCounter(3 * 65536 + 5);
    expect(counter.bytes.length).toBe(3 * 65536 + 5);
    counter.bytes.fill(0x0a);
    expect(counter.newlines(0, counter.bytes.length)).toBe(3 * 65536 + 5);
  });
});
