import { describe, expect, it } from "vitest";
import type { Finding } from "../../src/outcome/review.js";
import {
  fingerprint,
  MAX_FINGERPRINTS,
  readState,
  renderState,
} from "../../src/publish/review-state.js";

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
    const line = renderState({ v: 1, head: HEAD, fingerprints: many });
    expect(line).toMatch(/^<!-- rivumi:state [\w-]+ -->$/);
    const { state } = readState(`text\n${line}\nmore`);
    expect(state?.head).toBe(HEAD);
    expect(state?.fingerprints).toEqual(many.slice(-MAX_FINGERPRINTS));
  });

  it("ignores, with a reason, a state that is not JSON or does not validate", () => {
    expect(readState("no state here")).toEqual({});
    expect(readState("<!-- rivumi:state !!! -->").notice).toMatch(/expected form/);
    expect(readState("<!-- rivumi:state bm90IGpzb24 -->").notice).toMatch(/not JSON/);
    const wrong = Buffer.from(JSON.stringify({ v: 1, head: HEAD, fingerprints: ["x"] }));
    expect(readState(`<!-- rivumi:state ${wrong.toString("base64url")} -->`).notice).toMatch(
      /does not validate/,
    );
  });
});
