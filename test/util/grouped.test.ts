import { describe, expect, it } from "vitest";
import { grouped } from "../../src/util/grouped.js";

describe("grouped", () => {
  it("writes whole numbers as toLocaleString('en-US') does", () => {
    const samples = [0, 1, 12, 999, 1000, 1234, 99_999, 100_000, 1_234_567, 12_345_678_901];
    for (const n of [...samples, ...samples.map((s) => -s), Number.MAX_SAFE_INTEGER])
      expect(grouped(n)).toBe(n.toLocaleString("en-US"));
  });

  it("leaves fractions and numbers past the safe range to toLocaleString", () => {
    for (const n of [1234.5678, -0.5, 2 ** 60, Number.NaN, Infinity])
      expect(grouped(n)).toBe(n.toLocaleString("en-US"));
  });
});
