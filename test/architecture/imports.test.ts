// The layering of src/ (docs/ARCHITECTURE.md; the rules as data in rules.ts), checked on the imports
// TypeScript itself sees: static, type-only, re-exports, dynamic import(), import("x").T types and
// require(). planted.test.ts shows that each kind of breach is caught.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkTree, dependenciesOf, unitOf } from "./check.js";
import { readImports } from "./read-imports.js";
import { FOLDERS } from "./rules.js";

const ROOT = resolve(import.meta.dirname, "../..");
const SRC = resolve(ROOT, "src");
const result = checkTree(SRC, dependenciesOf(resolve(ROOT, "package.json")));

describe("architecture of src/", () => {
  it("keeps every folder rule, module rule and guard, with no cycle between files or folders", () => {
    expect(result.violations).toEqual([]);
  });

  it("read the tree it checked", () => {
    expect(result.files.length).toBeGreaterThan(200);
    const kinds = new Set(result.edges.map((e) => e.kind));
    for (const kind of ["static", "type", "re-export", "dynamic", "type-query"]) {
      expect(kinds, kind).toContain(kind);
    }
    const fromMain = result.edges
      .filter((e) => e.from === "main.ts")
      .map((e) => (e.target.kind === "error" ? e.target.reason : e.target.name));
    expect(fromMain).toEqual(
      expect.arrayContaining(["plan/plan.ts", "node:path", "@actions/core"]),
    );
  });

  it("is the layering docs/ARCHITECTURE.md describes: every folder with its rank", () => {
    const doc = readFileSync(resolve(ROOT, "docs/ARCHITECTURE.md"), "utf8");
    const ranks = new Map(
      [...doc.matchAll(/^\|\s*`([\w.-]+?)\/?`\s*\|\s*(\d+)\s*\|/gm)].map((m) => [
        m[1],
        Number(m[2]),
      ]),
    );
    const expected = new Map(Object.entries(FOLDERS).map(([unit, r]) => [unit, r.rank]));
    expect(ranks).toEqual(expected);
    expect(new Set(result.files.map(unitOf))).toEqual(new Set(Object.keys(FOLDERS)));
  });
});

describe("reading imports the way TypeScript does", () => {
  const read = (text: string) =>
    readImports("x.ts", text).imports.map((i) => [i.kind, i.specifier ?? `? ${i.written}`]);

  it.each([
    ['import { a } from "./a.js";', [["static", "./a.js"]]],
    ['import "./side.js";', [["static", "./side.js"]]],
    ['import type { A } from "./a.js";', [["type", "./a.js"]]],
    ['import { type A } from "./a.js";', [["static", "./a.js"]]],
    ['export { a } from "./a.js";', [["re-export", "./a.js"]]],
    ['export type { A } from "./a.js";', [["re-export", "./a.js"]]],
    ['export * as all from "./a.js";', [["re-export", "./a.js"]]],
    ['const m = await import("./a.js");', [["dynamic", "./a.js"]]],
    ["const m = await import(`./${name}.js`);", [["dynamic", "? `./${name}.js`"]]],
    ["const m = await import(`./a.js`);", [["dynamic", "? `./a.js`"]]],
    ["const m = await import(spec);", [["dynamic", "? spec"]]],
    ['type T = import("./a.js").A;', [["type-query", "./a.js"]]],
    ['type C = typeof import("openai");', [["type-query", "openai"]]],
    ['const fs = require("fs");', [["require", "fs"]]],
    ['import fs = require("fs");', [["require", "fs"]]],
    ['declare module "./a.js" { interface A { b: 1 } }', [["augment", "./a.js"]]],
    ['import/**/{ a } from "./a.js";', [["static", "./a.js"]]],
    ['import {\n  // it\'s "here"\n  a,\n} from\n  "./a.js";', [["static", "./a.js"]]],
    ['// import { a } from "./a.js";\nconst s = \'import "./b.js"\';', []],
    ['/// <reference path="./a.ts" />\nexport {};', [["reference", "? ./a.ts"]]],
  ])("%s", (text, expected) => {
    expect(read(text)).toEqual(expected);
  });

  it("reports a file that does not parse (it could hide an import)", () => {
    expect(readImports("x.ts", 'import { a from "./a.js";').errors).not.toEqual([]);
    expect(readImports("x.ts", 'import { a } from "./a.js";').errors).toEqual([]);
  });
});
