import { describe, expect, it } from "vitest";
import { ModelGuard } from "../../src/model/guard.js";

describe("ModelGuard", () => {
  it("redacts a text resent by a conversation once, and masks it every time", () => {
    let calls = 0;
    const guard = new ModelGuard((text) => {
      calls++;
      return text.replaceAll("hunter22", "***");
    });
    const turn = "the key is hunter22\u200b";
    for (let i = 0; i < 3; i++) expect(guard.text(turn)).toBe("the key is ***⟦U+200B⟧");
    expect(calls).toBe(1);
  });

  it("keeps masking texts too large for the cache, and lets them go", () => {
    let calls = 0;
    const guard = new ModelGuard((text) => {
      calls++;
      return text.replaceAll("hunter22", "***");
    });
    const batch = (k: number) => `${k} hunter22 ${"x".repeat(3_000_000)}`;
    for (let k = 0; k < 6; k++) expect(guard.text(batch(k)).startsWith(`${k} *** x`)).toBe(true);
    // Six texts of 6 MB each (with their safe forms) outgrow the cache: the first is redacted again.
    expect(guard.text(batch(0)).startsWith("0 *** x")).toBe(true);
    expect(calls).toBe(7);
    expect(guard.text(batch(0)).startsWith("0 *** x")).toBe(true);
    expect(calls).toBe(7); // kept again: the cache was cleared to make room for it
  });
});
