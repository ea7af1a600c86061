import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/outcome/review.js";
import {
  fingerprint,
  MAX_DISMISSED,
  MAX_FINGERPRINTS,
  MAX_POSTED,
  postedFinding,
  quoteHash,
  readState,
  renderState,
} from "../../src/review/state.js";

const f = (over: Partial<Finding> = {}): Finding => ({
  path: "a.ts",
  line: 3,
  severity: "major",
  title: "T",
  body: "B",
  quote: "const x = 1;",
  ...over,
});
const HEAD = "a".repeat(40);
const BASE = "b".repeat(40);

describe("review state in the sticky comment", () => {
  it("fingerprints path, side, quoted line and severity, not the title or the line number", () => {
    expect(fingerprint(f({ title: "Other", body: "words", line: 9 }))).toBe(fingerprint(f()));
    expect(fingerprint(f({ quote: "  const   x = 1; " }))).toBe(fingerprint(f()));
    expect(fingerprint(f({ severity: "minor" }))).not.toBe(fingerprint(f()));
    expect(fingerprint(f({ path: "b.ts" }))).not.toBe(fingerprint(f()));
    expect(fingerprint(f({ quote: "const x = 2;" }))).not.toBe(fingerprint(f()));
  });

  it("round-trips, keeping only the newest fingerprints past the bound", () => {
    const many = Array.from({ length: MAX_FINGERPRINTS + 5 }, (_, i) =>
      i.toString(16).padStart(16, "0"),
    );
    const posted = Array.from({ length: MAX_POSTED + 3 }, (_, i) =>
      postedFinding(f({ path: `f${i}.ts` })),
    ).filter((p) => p !== undefined);
    const line = renderState({ v: 2, head: HEAD, base: BASE, fingerprints: many, posted });
    expect(line).toMatch(/^<!-- rivumi:state [\w-]+ -->$/);
    const { state } = readState(`text\n${line}\nmore`);
    expect(state?.head).toBe(HEAD);
    expect(state?.base).toBe(BASE);
    expect(state?.fingerprints).toEqual(many.slice(-MAX_FINGERPRINTS));
    expect(state?.posted.map((p) => p.p)).toEqual(posted.slice(-MAX_POSTED).map((p) => p.p));
  });

  it("stays readable at its fullest: long non-ASCII paths and titles give way, oldest first", () => {
    const hex = (i: number) => i.toString(16).padStart(16, "0");
    const posted = Array.from({ length: MAX_POSTED }, (_, i) => ({
      f: hex(i),
      p: `${i}-${"é".repeat(190)}`,
      l: 999_999,
      t: "😀".repeat(40),
      q: hex(i),
    }));
    const full = {
      v: 2 as const,
      head: HEAD,
      base: BASE,
      fingerprints: Array.from({ length: MAX_FINGERPRINTS }, (_, i) => hex(i)),
      posted,
      dismissed: Array.from({ length: MAX_DISMISSED }, (_, i) => hex(i + 5000)),
    };
    const { state, notice } = readState(renderState(full));
    expect(notice).toBeUndefined();
    // Everything that matters for repeats is kept; only the oldest places went.
    expect(state?.fingerprints).toEqual(full.fingerprints);
    expect(state?.dismissed).toEqual(full.dismissed);
    expect(state!.posted.length).toBeGreaterThan(0);
    expect(state!.posted.length).toBeLessThan(MAX_POSTED);
    expect(state!.posted.at(-1)).toEqual(posted.at(-1));
  });

  it("keeps a posted finding's place and a hash of its quote, never the quote itself", () => {
    const kept = postedFinding(f({ title: "Leaks the token", quote: "  const x =  1;" }))!;
    expect(kept).toEqual({
      f: fingerprint(f()),
      p: "a.ts",
      l: 3,
      t: "Leaks the token",
      q: quoteHash("const x = 1;"),
    });
    expect(JSON.stringify(kept)).not.toContain("const x");
    expect(postedFinding(f({ side: "LEFT" }))).toBeUndefined();
    expect(postedFinding(f({ path: "p/".repeat(120) }))).toBeUndefined();
  });

  it("reads a first-version state as fingerprints with no reviewed head", () => {
    const v1 = Buffer.from(JSON.stringify({ v: 1, head: HEAD, fingerprints: ["0".repeat(16)] }));
    const { state, notice } = readState(`<!-- rivumi:state ${v1.toString("base64url")} -->`);
    expect(notice).toBeUndefined();
    expect(state).toEqual({ v: 2, fingerprints: ["0".repeat(16)], posted: [] });
  });

  it("ignores, with a reason, a state that is not JSON or does not validate", () => {
    expect(readState("no state here")).toEqual({});
    expect(readState("<!-- rivumi:state !!! -->").notice).toMatch(/expected form/);
    expect(readState("<!-- rivumi:state bm90IGpzb24 -->").notice).toMatch(/not JSON/);
    const wrong = Buffer.from(
      JSON.stringify({ v: 2, head: HEAD, fingerprints: ["x"], posted: [] }),
    );
    expect(readState(`<!-- rivumi:state ${wrong.toString("base64url")} -->`).notice).toMatch(
      /does not validate/,
    );
  });
});
