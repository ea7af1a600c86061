// The gates only skip regexes that cannot match: the literals gateOf reads from a regex are in
// every line it matches, and a line holding a literal always passes its gate in the pair index.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { cleanLine } from "../../src/triage/clean-line.js";
import { gateOf, type Gate } from "../../src/triage/rule-gate.js";
import { branchesOf } from "../../src/triage/rule-index.js";
import { GateIndex, LinePairs } from "../../src/triage/rule-pairs.js";
import { INFRA_RULES } from "../../src/triage/rules-infra.js";
import { JS_RULES } from "../../src/triage/rules-js.js";
import { JVM_RULES } from "../../src/triage/rules-jvm.js";
import { NATIVE_RULES } from "../../src/triage/rules-native.js";
import { PROSE_RULES } from "../../src/triage/rules-prose.js";
import { PYTHON_RULES } from "../../src/triage/rules-python.js";
import { RESOLVE_RULES } from "../../src/triage/rules-resolve.js";
import { loadDevCases } from "./dev-cases.js";
import { realLogPaths } from "./dev-sets.js";

const holds = (gate: Gate, line: string) => {
  const text = gate.caseless ? line.toLowerCase() : line;
  return gate.literals.some((l) => text.includes(l));
};

describe("gateOf", () => {
  it.each([
    [/^\s*npm (?:ERR!|error) /, ["npm ERR! ", "npm error "]],
    [/^\[ERROR\] Failed to execute goal /, ["[ERROR] Failed to execut"]],
    [/^# fail [1-3]/, ["# fail 1", "# fail 2", "# fail 3"]],
    [/colou?r: \d+/, ["color: ", "colour: "]],
    [
      /\bdo(?:es)?(?: not|n't) match\b/,
      ["do not match", "don't match", "does not match", "doesn't match"],
    ],
    [/a+bc/, ["bc"]],
    [/x{2}yz/, ["xxyz"]],
    [/(?=abc)abcd/, ["abcd"]],
    [/ERROR/i, ["error"]],
    [/\u00e9t\x41/, ["étA"]],
  ])("%s needs one of %j", (re, literals) => {
    expect([...(gateOf(re)?.literals ?? [])].sort()).toEqual([...literals].sort());
  });

  it.each([
    /.*/,
    /\d+/,
    /a|.*/, // one branch needs nothing
    /(?:abc)?d/, // one character is no pair: the index keeps such a gate open (tested below)
    /[^x]yz*/,
    /(a)\1/,
    /é/iu, // the u flag folds letters in ways the analysis does not list
  ])("%s rules out nothing worth a gate", (re) => {
    const gate = gateOf(re);
    expect(gate === undefined || gate.literals.some((l) => l.length < 2)).toBe(true);
  });

  it("keeps non-ASCII letters out of a case-insensitive literal", () => {
    const gate = gateOf(/Fehler: Ä/i);
    expect(gate).toEqual({ literals: ["fehler: "], caseless: true });
  });

  const regexes = [
    RESOLVE_RULES,
    PYTHON_RULES,
    JS_RULES,
    NATIVE_RULES,
    JVM_RULES,
    INFRA_RULES,
    PROSE_RULES,
  ]
    .flat()
    .flatMap((r) => [r.re, ...branchesOf(r.re)]);

  it("finds its literals in every line a rule matches: fixtures, cases and real logs", () => {
    const fixtures = join(dirname(fileURLToPath(import.meta.url)), "fixtures");
    const lines = new Set(
      [
        ...readdirSync(fixtures).flatMap((f) =>
          readFileSync(join(fixtures, f), "utf8").split("\n"),
        ),
        ...loadDevCases().flatMap((c) => c.lines),
        ...realLogPaths().flatMap((p) => readFileSync(p, "utf8").split("\n")),
      ].map((raw) => cleanLine(raw).replace(/^##\[error\]/, "")),
    );
    let matched = 0;
    for (const re of regexes) {
      const gate = gateOf(re);
      for (const line of lines)
        if (re.test(line)) {
          matched++;
          if (gate && !holds(gate, line)) expect.fail(`${re} matches ${JSON.stringify(line)}`);
        }
    }
    expect(matched).toBeGreaterThan(1000);
  }, 60_000);
});

describe("GateIndex", () => {
  const gates: Gate[] = [
    { literals: ["npm ERR! ", "npm error "], caseless: false },
    { literals: ["econnreset"], caseless: true },
    { literals: ["●"], caseless: false },
    { literals: ["[ERROR] "], caseless: false },
  ];
  const open = (index: GateIndex, line: string, lead = -1) => {
    const count = index.open(new LinePairs().read(line), lead);
    return [...index.found.subarray(0, count)];
  };

  it("opens the gates whose literal a line holds, in order, and those it cannot judge", () => {
    const index = new GateIndex(gates);
    expect(open(index, "npm error code 1")).toEqual([0, 2]);
    expect(open(index, "read ECONNRESET from [ERROR] x")).toEqual([1, 2, 3]);
    expect(open(index, "read EConnReset")).toEqual([1, 2]);
    expect(open(index, "nothing here")).toEqual([2]);
  });

  it("keeps a gate closed when the line does not start with its character", () => {
    const index = new GateIndex(gates, Int32Array.from([110, -1, -1, 91]));
    expect(open(index, "x npm ERR! ", 120)).toEqual([2]);
    expect(open(index, "npm ERR! ", 110)).toEqual([0, 2]);
  });

  it("never closes a gate whose literal is in the line, whatever surrounds it", () => {
    const literals = ["npm ERR! ", "Segmentation fault", "::error ", "✘ [ERROR] ", "ld: symbol"];
    const index = new GateIndex(literals.map((l) => ({ literals: [l], caseless: false })));
    const filler = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJ0123456789 .:[]✓é";
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let round = 0; round < 2000; round++) {
      const k = random(literals.length);
      const around = (n: number) =>
        Array.from({ length: n }, () => filler[random(filler.length)]).join("");
      const line = around(random(80)) + literals[k] + around(random(80));
      expect(open(index, line), line).toContain(k);
    }
  });
});
