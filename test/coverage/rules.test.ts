import { readdir, readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { linguistValue, parseGitattributes } from "../../src/coverage/gitattributes.js";
import { decideFiles, type RuleFile } from "../../src/coverage/rules.js";

const file = (path: string, over: Partial<RuleFile> = {}): RuleFile => ({
  path,
  binary: false,
  bytes: 100,
  ...over,
});

const ruleOf = (files: RuleFile[], options: Parameters<typeof decideFiles>[1] = {}) =>
  decideFiles(files, options).decisions.map((d) => (d.reviewed ? "reviewed" : d.rule));

describe("decideFiles", () => {
  it("applies each built-in rule, and reviews everything else, deletions included", () => {
    const files = [
      file("src/a.ts"),
      file("img/logo.png", { binary: true }),
      file("web/package-lock.json"),
      file("go.sum"),
      file("Cargo.lock"),
      file("vendor/lib/x.go"),
      file("app/node_modules/left-pad/index.js"),
      file("third_party/zlib/z.c"),
      file("dist/app.min.js"),
      file("api/service.pb.go"),
      file("py/model_pb2.py"),
      file("gen/types.generated.ts"),
      file("src/big.ts", { bytes: 5000 }),
      file("src/flagged.ts", { tooLarge: true }),
      file("dist/index.js"),
      file("src/removed.ts"),
      file("vendored.ts"),
    ];
    const result = decideFiles(files, { maxFileBytes: 1000 });
    expect(result.decisions.map((d) => (d.reviewed ? "reviewed" : d.rule))).toEqual([
      "reviewed",
      "binary",
      "lock-file",
      "lock-file",
      "lock-file",
      "vendored",
      "vendored",
      "vendored",
      "generated",
      "generated",
      "generated",
      "generated",
      "too-large",
      "too-large",
      "reviewed",
      "reviewed",
      "reviewed",
    ]);
    expect(result.reviewed).toBe(4);
    expect(result.counts).toEqual({
      "outside-pull-request": 0,
      "not-included": 0,
      "excluded-path": 0,
      binary: 1,
      "lock-file": 3,
      vendored: 3,
      generated: 4,
      "too-large": 2,
    });
    expect(result.decisions[8]).toMatchObject({ reason: "name matches *.min.js" });
  });

  it("reviews only include-paths when set, and never exclude-paths", () => {
    const files = [file("src/a.ts"), file("src/a.test.ts"), file("docs/x.md"), file("b.ts")];
    expect(ruleOf(files, { includePaths: ["src/**"] })).toEqual([
      "reviewed",
      "reviewed",
      "not-included",
      "not-included",
    ]);
    expect(ruleOf(files, { excludePaths: ["**/*.test.ts", "docs/"] })).toEqual([
      "reviewed",
      "excluded-path",
      "excluded-path",
      "reviewed",
    ]);
    expect(
      ruleOf(files, { includePaths: ["src/**", "*.ts"], excludePaths: ["src/*.test.*"] }),
    ).toEqual(["reviewed", "excluded-path", "not-included", "reviewed"]);
    expect(decideFiles([file("x/y.ts")], { excludePaths: ["x/**"] }).decisions[0]).toMatchObject({
      reason: 'matches exclude-paths "x/**"',
    });
    // A user's exclusion names the rule even for a file another rule would catch.
    expect(ruleOf([file("yarn.lock")], { excludePaths: ["*.lock"] })).toEqual(["excluded-path"]);
  });

  it("takes linguist attributes from the base's .gitattributes, overriding the defaults", () => {
    const attributes = [
      ...parseGitattributes(
        [
          "# generated clients",
          "api/client/** linguist-generated",
          "*.min.js -linguist-generated",
          "vendor/ours/** linguist-vendored=false",
          "external/** linguist-vendored",
          '"odd name.ts" linguist-generated=true',
          "docs/ linguist-generated",
        ].join("\n"),
      ),
      ...parseGitattributes("*.ts linguist-generated\nkeep.ts !linguist-generated\n", "sub"),
    ];
    expect(
      ruleOf(
        [
          file("api/client/x.ts"),
          file("web/app.min.js"),
          file("vendor/ours/a.go"),
          file("vendor/theirs/a.go"),
          file("external/lib.c"),
          file("odd name.ts"),
          file("docs/readme.md"),
          file("sub/deep/a.ts"),
          file("sub/keep.ts"),
          file("other/a.ts"),
        ],
        { attributes },
      ),
    ).toEqual([
      "generated",
      "reviewed",
      "reviewed",
      "vendored",
      "vendored",
      "generated",
      "reviewed",
      "generated",
      "reviewed",
      "reviewed",
    ]);
    expect(decideFiles([file("api/client/x.ts")], { attributes }).decisions[0]).toMatchObject({
      reason: "linguist-generated (.gitattributes: api/client/**)",
    });
  });

  it("never reads the head: a .gitattributes the pull request adds changes nothing", () => {
    // The pull request adds an attributes file that would exempt everything; the caller passes
    // only the base's rules (none here), so the new file and every other file are reviewed.
    const files = [file(".gitattributes"), file("src/a.ts"), file("src/b.ts")];
    expect(ruleOf(files, { attributes: [] })).toEqual(["reviewed", "reviewed", "reviewed"]);
  });

  it("cannot read the head: nothing in src/coverage imports more than types from elsewhere", async () => {
    const dir = new URL("../../src/coverage/", import.meta.url);
    for (const name of await readdir(dir)) {
      const source = await readFile(new URL(name, dir), "utf8");
      for (const [, spec] of source.matchAll(/^import (?!type )[^;]*from "([^"]+)";/gm))
        expect(spec, `${name} imports ${spec}`).toMatch(/^\.\/|^\.\.\/util\//);
    }
  });
});

describe("parseGitattributes", () => {
  it("keeps the Linguist attributes, with set, unset and unspecified values", () => {
    const rules = parseGitattributes(
      "* text=auto\n*.pb.go linguist-generated=true -diff\nx/** -linguist-vendored\ny !linguist-generated\n!neg linguist-generated\n",
    );
    expect(rules).toEqual([
      { dir: "", pattern: "*.pb.go", generated: true },
      { dir: "", pattern: "x/**", vendored: false },
      { dir: "", pattern: "y", generated: null },
    ]);
    expect(linguistValue(rules, "a/b/c.pb.go", "generated")?.value).toBe(true);
    expect(linguistValue(rules, "y", "generated")).toBeUndefined();
    expect(linguistValue(rules, "x/deep/f", "vendored")?.value).toBe(false);
  });
});
