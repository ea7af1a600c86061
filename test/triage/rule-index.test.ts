// The rule index must give exactly what a linear scan of the table gives, only faster.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cleanLine } from "../../src/triage/clean-line.js";
import type { Rule } from "../../src/triage/rule.js";
import { joinedRegexes, leadOf, RuleIndex } from "../../src/triage/rule-index.js";
import { INFRA_RULES } from "../../src/triage/rules-infra.js";
import { JS_RULES } from "../../src/triage/rules-js.js";
import { JVM_RULES } from "../../src/triage/rules-jvm.js";
import { NATIVE_RULES } from "../../src/triage/rules-native.js";
import { PROSE_RULES } from "../../src/triage/rules-prose.js";
import { PYTHON_RULES } from "../../src/triage/rules-python.js";
import { RESOLVE_RULES } from "../../src/triage/rules-resolve.js";
import { loadDevCases } from "./dev-cases.js";

const rule = (re: RegExp): Rule => ({ re, kind: "error", score: 50 });

describe("leadOf", () => {
  it.each([
    [/^\s*npm (?:ERR!|error) /, "n"],
    [/^\[ERROR\] /, "["],
    [/^FAIL\s+\S/, "F"],
    [/^\s+at [\w$.]+\(/, "a"],
    [/^\*\* \(\w+Error\)/, "*"],
    [/^\s*❌ \S/, "❌"],
    [/^\s*\^-*\^? SC\d{4}/, "^"],
  ])("%s needs a line starting with %s", (re, lead) => {
    expect(leadOf(rule(re))).toBe(lead);
  });

  it.each([
    /^\s*(?:×|✗) \S/, // a group
    /^\s*x?y/, // an optional first character
    /^\s*x*y/,
    /^\s*x{0,2}y/,
    /^a|b/, // the anchor covers one branch only
    /^\s*\d+ failing/, // a class
    /^[Ee]rror/,
    /^error/i, // the flag changes what the character matches
    /error: \S/, // not anchored
  ])("%s pins no first character", (re) => {
    expect(leadOf(rule(re))).toBeUndefined();
  });
});

describe("RuleIndex", () => {
  const tables = [
    RESOLVE_RULES,
    PYTHON_RULES,
    JS_RULES,
    NATIVE_RULES,
    JVM_RULES,
    INFRA_RULES,
    PROSE_RULES,
  ].flat();
  const linear = (body: string) =>
    tables.find((r) => (r.has === undefined || body.includes(r.has)) && r.re.test(body));

  it("finds the rule a linear scan finds, on every line of the fixtures and the cases", () => {
    const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
    const lines = [
      ...readdirSync(fixtures).flatMap((f) => readFileSync(join(fixtures, f), "utf8").split("\n")),
      ...loadDevCases().flatMap((c) => c.lines),
    ].map((raw) => cleanLine(raw).replace(/^##\[error\]/, ""));
    const index = new RuleIndex(tables);
    joinedRegexes.after = 0; // the gated scan from the first line
    let matched = 0;
    for (const body of lines) {
      const expected = linear(body);
      if (expected) matched++;
      expect(index.first(body), body).toBe(expected);
    }
    joinedRegexes.after = 2000;
    expect(matched).toBeGreaterThan(300);
  });

  it("keeps the table's order between an anchored and an unanchored rule", () => {
    const loose = rule(/error/);
    const anchored = rule(/^error: /);
    expect(new RuleIndex([loose, anchored]).first("error: x")).toBe(loose);
    expect(new RuleIndex([anchored, loose]).first("error: x")).toBe(anchored);
    expect(new RuleIndex([anchored, loose]).first("  an error")).toBe(loose);
    expect(new RuleIndex([anchored]).first("")).toBeUndefined();
  });
});
