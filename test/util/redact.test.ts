import { describe, expect, it } from "vitest";
import { Redactor } from "../../src/util/redact.js";

const TOKEN = "ghs_16C7e42F292c6912E7710c838347Ae178B4a";

describe("Redactor", () => {
  it("removes the secret in plain, URL-encoded and base64 forms at every alignment", () => {
    const r = new Redactor();
    r.add(TOKEN);
    r.add("sk/key+with=odd&chars");
    for (const prefix of ["", "a", "ab", "abc", "x-access-token:"]) {
      const b64 = Buffer.from(prefix + TOKEN + "tail").toString("base64");
      const out = r.redact(`header ${b64} end`);
      expect(out).toContain("***");
      // What survives cannot be decoded back to the token.
      expect(Buffer.from(out.split(" ")[1] ?? "", "base64").toString("latin1")).not.toContain(
        TOKEN.slice(4, 30),
      );
    }
    expect(r.redact(`plain ${TOKEN}`)).toBe("plain ***");
    expect(r.redact(encodeURIComponent("sk/key+with=odd&chars"))).toBe("***");
    expect(r.redact(Buffer.from(`x-access-token:${TOKEN}`).toString("base64url"))).toContain("***");
  });

  it("leaves text without secrets alone and ignores very short values", () => {
    const r = new Redactor();
    r.add("abc");
    expect(r.redact("abc is fine")).toBe("abc is fine");
    r.add(TOKEN);
    expect(r.redact("nothing here")).toBe("nothing here");
  });

  it("redacts inside structured values", () => {
    const r = new Redactor();
    r.add(TOKEN);
    expect(r.redactValue({ a: [`t=${TOKEN}`], b: 2 })).toEqual({ a: ["t=***"], b: 2 });
  });
});
