import { describe, expect, it } from "vitest";
import { MAY_HIDE, ModelGuard } from "../../src/model/guard.js";
import { revealInvisible } from "../../src/util/invisible.js";

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

  it("skips the Unicode pass only for texts it could not change", () => {
    // Every UTF-16 code unit the quick test lets through, in every position a reveal depends
    // on (alone, between letters, before and after a newline and a pictograph), is left as it is.
    const passed: string[] = [];
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if (MAY_HIDE.test(ch)) continue;
      passed.push(ch);
      for (const text of [ch, `a${ch}b`, `\n${ch}\n`, `😀${ch}😀`, `${ch}${ch}`])
        expect(revealInvisible(text).text).toBe(text);
    }
    // Tab, newline and the printable Latin-1 characters but the soft hyphen: nothing else.
    expect(passed.length).toBe(2 + 95 + 95);
    // What it stops on still goes through the full pass, as before.
    const guard = new ModelGuard(undefined);
    for (const hidden of ["\r", "\u00ad", "\u0085", "\u200b", "\u202e", "\u{e0041}", "\ufe0f"])
      expect(guard.text(`x${hidden}y`)).toBe(revealInvisible(`x${hidden}y`).text);
    expect(guard.text("a\u202eb")).toBe("a⟦U+202E⟧b");
    expect(guard.text("a\r\nb")).toBe("a\r\nb");
  });
});
