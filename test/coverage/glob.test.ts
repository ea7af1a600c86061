import { describe, expect, it } from "vitest";
import { matchesGlob } from "../../src/coverage/glob.js";

describe("globs", () => {
  it.each([
    ["src/a.ts", "src/*.ts", true],
    ["src/deep/a.ts", "src/*.ts", false],
    ["src/deep/a.ts", "src/**/*.ts", true],
    ["src/a.ts", "src/**/*.ts", true],
    ["a.ts", "**/*.ts", true],
    ["x/y/z.ts", "**/*.ts", true],
    ["x/y/z.ts", "**.ts", true],
    ["docs/a/b.md", "docs/**", true],
    ["docs/a/b.md", "docs/", true],
    ["docsx/a.md", "docs/**", false],
    ["./a.ts", "./a.ts", false],
    ["a.ts", "./a.ts", true],
    ["a.ts", "/a.ts", true],
    ["a1.ts", "a?.ts", true],
    ["a/.ts", "a?.ts", false],
    ["a.js", "*.{js,ts}", true],
    ["a.ts", "*.{js,ts}", true],
    ["a.md", "*.{js,ts}", false],
    ["lib/x.test.ts", "{src,lib}/**/*.{test,spec}.ts", true],
    ["lib/x.spec.ts", "{src,lib}/**/*.{test,spec}.{ts,{m,c}js}", true],
    ["lib/x.spec.mjs", "{src,lib}/**/*.{test,spec}.{ts,{m,c}js}", true],
    ["a{b}.ts", "a{b}.ts", true],
    ["fa.ts", "[ef]a.ts", true],
    ["ga.ts", "[!ef]a.ts", true],
    ["ea.ts", "[!ef]a.ts", false],
    ["a/b", "a[/]b", false],
    ["a+b(c).ts", "a+b(c).ts", true],
    ["a*b", "a\\*b", true],
    ["axb", "a\\*b", false],
  ])("%s against %s is %s", (path, glob, expected) => {
    expect(matchesGlob(path, glob)).toBe(expected);
  });

  it("follows git for .gitattributes: no braces, ** only as a whole segment", () => {
    const git = { braces: false, gitDoubleStar: true };
    expect(matchesGlob("a{b,c}", "a{b,c}", git)).toBe(true);
    expect(matchesGlob("ab", "a{b,c}", git)).toBe(false);
    expect(matchesGlob("x/y.ts", "**.ts", git)).toBe(false);
    expect(matchesGlob("x/y/z.ts", "x/**/z.ts", git)).toBe(true);
    expect(matchesGlob("x/z.ts", "x/**/z.ts", git)).toBe(true);
  });
});
