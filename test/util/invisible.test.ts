import { describe, expect, it } from "vitest";
import { marker, revealInvisible } from "../../src/util/invisible.js";

const reveal = (text: string) => revealInvisible(text);

describe("revealInvisible", () => {
  it("returns the same string and nothing found when there is nothing to reveal", () => {
    const text = "const x = 1;\n\tif (a) b();\r\nplain ümlaut 中文 😀\n";
    const revealed = reveal(text);
    expect(revealed.text).toBe(text);
    expect(Object.is(revealed.text, text)).toBe(true);
    expect(revealed.found).toEqual([]);
  });

  it("returns the same string when every candidate is kept (an emoji sequence)", () => {
    const text = "family 👨‍👩‍👧";
    expect(Object.is(reveal(text).text, text)).toBe(true);
  });

  it("reveals tag characters (smuggled ASCII)", () => {
    const hidden = [..."hi"].map((c) => String.fromCodePoint(0xe0000 + c.charCodeAt(0))).join("");
    expect(reveal(`ok${hidden}`)).toEqual({
      text: "ok⟦U+E0068⟧⟦U+E0069⟧",
      found: [
        { kind: "tag", codePoint: 0xe0068, count: 1 },
        { kind: "tag", codePoint: 0xe0069, count: 1 },
      ],
    });
  });

  it("reveals every bidi control (Trojan Source)", () => {
    const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069];
    const all = [...controls, 0x200e, 0x200f, 0x061c];
    const revealed = reveal(`x${String.fromCodePoint(...all)}y`);
    expect(revealed.text).toBe(`x${all.map(marker).join("")}y`);
    expect(revealed.found.every((f) => f.kind === "bidi" && f.count === 1)).toBe(true);
    expect(revealed.found).toHaveLength(all.length);
  });

  it("reveals zero-width and other format characters, counting repeats", () => {
    const revealed = reveal("a\u200Bb\u200Bc\u2060d\uFEFFe\u00ADf\u180Eg\u2063h");
    expect(revealed.text).toBe("a⟦U+200B⟧b⟦U+200B⟧c⟦U+2060⟧d⟦U+FEFF⟧e⟦U+00AD⟧f⟦U+180E⟧g⟦U+2063⟧h");
    expect(revealed.found).toEqual([
      { kind: "format", codePoint: 0x00ad, count: 1 },
      { kind: "format", codePoint: 0x180e, count: 1 },
      { kind: "zero-width", codePoint: 0x200b, count: 2 },
      { kind: "zero-width", codePoint: 0x2060, count: 1 },
      { kind: "zero-width", codePoint: 0x2063, count: 1 },
      { kind: "zero-width", codePoint: 0xfeff, count: 1 },
    ]);
  });

  it("reveals default-ignorable letters and marks: CGJ and the Hangul filler", () => {
    expect(reveal("ad\u034Fmin ㅤ=1").text).toBe("ad⟦U+034F⟧min ⟦U+3164⟧=1");
  });

  it("reveals controls but tab, newline and the \\r of CRLF", () => {
    const revealed = reveal("a\tb\r\nc\rd\x1b[31me\x00f\x7f\x85");
    expect(revealed.text).toBe("a\tb\r\nc⟦U+000D⟧d⟦U+001B⟧[31me⟦U+0000⟧f⟦U+007F⟧⟦U+0085⟧");
    expect(revealed.found.every((f) => f.kind === "control")).toBe(true);
  });

  it("reveals the Unicode line and paragraph separators", () => {
    expect(reveal("a\u2028b\u2029c").found.map((f) => f.kind)).toEqual([
      "line-separator",
      "line-separator",
    ]);
  });

  it("keeps emoji sequences: ZWJ between pictographs, skin tones, U+FE0F", () => {
    const emoji = ["👨‍👩‍👧", "🏳️‍🌈", "🏃🏽‍♀️", "🧑🏻‍🦰", "❤️‍🔥", "🫱🏻‍🫲🏼", "🏴‍☠️", "1️⃣", "☺︎"];
    for (const text of emoji) expect(reveal(text), text).toEqual({ text, found: [] });
  });

  it("reveals joiners that join nothing visible, or stack", () => {
    expect(reveal("a\u200Db").text).toBe("a⟦U+200D⟧b");
    expect(reveal("👨\u200D\u200D👩").text).toBe("👨⟦U+200D⟧⟦U+200D⟧👩");
    expect(reveal("\u200D👩").text).toBe("⟦U+200D⟧👩");
    expect(reveal("👩\u200D").text).toBe("👩⟦U+200D⟧");
  });

  it("keeps ZWNJ and ZWJ inside words of scripts they shape, not in Latin identifiers", () => {
    // Persian, a Devanagari half form, an old-style Malayalam chillu ending a word.
    for (const text of ["می\u200Cخواهم", "क्\u200Dष", "ന്\u200D പോയി"]) {
      expect(reveal(text), text).toEqual({ text, found: [] });
    }
    expect(reveal("is\u200CAdmin").text).toBe("is⟦U+200C⟧Admin");
    expect(reveal("می\u200C\u200Cخواهم").found).toEqual([
      { kind: "zero-width", codePoint: 0x200c, count: 2 },
    ]);
  });

  it("reveals variation selectors but a single emoji or text presentation selector", () => {
    expect(reveal("☺\uFE0F ☺\uFE0E").found).toEqual([]);
    expect(reveal("a\uFE0F").text).toBe("a⟦U+FE0F⟧");
    expect(reveal("☺\uFE0F\uFE0F").text).toBe("☺\uFE0F⟦U+FE0F⟧");
    // Bytes hidden as selectors after a letter: every one shows.
    expect(reveal("a\uFE01\u{E0100}\u{E01EF}").found).toEqual([
      { kind: "variation-selector", codePoint: 0xfe01, count: 1 },
      { kind: "variation-selector", codePoint: 0xe0100, count: 1 },
      { kind: "variation-selector", codePoint: 0xe01ef, count: 1 },
    ]);
  });

  it("reveals the tags of a subdivision flag too (they are the smuggling channel)", () => {
    const scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    expect(reveal(scotland).text).toBe("🏴⟦U+E0067⟧⟦U+E0062⟧⟦U+E0073⟧⟦U+E0063⟧⟦U+E0074⟧⟦U+E007F⟧");
  });

  it("changes the length by a fixed amount per character revealed", () => {
    const text = "x\u202Ey\u{E0041}z";
    const revealed = reveal(text);
    expect(revealed.text.length).toBe(
      text.length - 1 - 2 + marker(0x202e).length + marker(0xe0041).length,
    );
  });

  it("is linear on long inputs", () => {
    const text = "a\u200B👨\u200D👩 ".repeat(50_000);
    const started = performance.now();
    expect(reveal(text).found).toEqual([{ kind: "zero-width", codePoint: 0x200b, count: 50_000 }]);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
