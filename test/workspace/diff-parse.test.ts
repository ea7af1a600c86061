import { describe, expect, it } from "vitest";
import {
  DiffParser,
  hunkContains,
  hunkLines,
  parseDiff,
  readQuoted,
  splitOnLines,
  unquote,
} from "../../src/workspace/diff-parse.js";
import { parseHunks } from "../support/diff-hunks.js";

const Z = "0".repeat(40);
const A = "a".repeat(40);
const B = "b".repeat(40);

/** A diff as git prints it with --full-index and a/ b/ prefixes, every kind of file in it. */
const DIFF = [
  "diff --git a/src/app.ts b/src/app.ts",
  `index ${A}..${B} 100644`,
  "--- a/src/app.ts",
  "+++ b/src/app.ts",
  "@@ -1,3 +1,3 @@ export function main() {",
  " keep",
  "--- a/not-a-header",
  "+++ b/not-a-header",
  " keep",
  "@@ -10,2 +10,3 @@",
  "-diff --git a/x b/x",
  "+@@ -1 +1 @@",
  "+",
  "",
  "diff --git a/new file.txt b/new file.txt",
  "new file mode 100644",
  `index ${Z}..${B}`,
  "--- /dev/null",
  "+++ b/new file.txt\t",
  "@@ -0,0 +1 @@",
  "+no newline",
  "\\ No newline at end of file",
  "diff --git a/gone.md b/gone.md",
  "deleted file mode 100644",
  `index ${A}..${Z}`,
  "--- a/gone.md",
  "+++ /dev/null",
  "@@ -1,2 +0,0 @@",
  "-one",
  "-two",
  "diff --git a/old name.ts b/new name.ts",
  "similarity index 100%",
  "rename from old name.ts",
  "rename to new name.ts",
  "diff --git a/lib/a.ts b/lib/b.ts",
  "similarity index 90%",
  "rename from lib/a.ts",
  "rename to lib/b.ts",
  `index ${A}..${B} 100644`,
  "--- a/lib/a.ts",
  "+++ b/lib/b.ts",
  "@@ -5,2 +5,2 @@",
  "-x",
  "+y",
  " z",
  "diff --git a/base.ts b/copy.ts",
  "similarity index 95%",
  "copy from base.ts",
  "copy to copy.ts",
  `index ${A}..${B} 100644`,
  "--- a/base.ts",
  "+++ b/copy.ts",
  "@@ -1 +1 @@",
  "-p",
  "+q",
  "diff --git a/logo.png b/logo.png",
  `index ${A}..${B} 100644`,
  "Binary files a/logo.png and b/logo.png differ",
  "diff --git a/run.sh b/run.sh",
  "old mode 100644",
  "new mode 100755",
  'diff --git "a/\\303\\274ber \\"q\\"\\n.txt" "b/\\303\\274ber \\"q\\"\\n.txt"',
  `index ${A}..${B} 100644`,
  '--- "a/\\303\\274ber \\"q\\"\\n.txt"\t',
  '+++ "b/\\303\\274ber \\"q\\"\\n.txt"\t',
  "@@ -1 +1 @@",
  "-u",
  "+v",
  "diff --git a/link b/link",
  "deleted file mode 100644",
  `index ${A}..${Z}`,
  "--- a/link",
  "+++ /dev/null",
  "@@ -1 +0,0 @@",
  "-text",
  "diff --git a/link b/link",
  "new file mode 120000",
  `index ${Z}..${B}`,
  "--- /dev/null",
  "+++ b/link",
  "@@ -0,0 +1 @@",
  "+target",
  "\\ No newline at end of file",
  "",
].join("\n");

describe("DiffParser", () => {
  const files = parseDiff(DIFF);

  it("gives each file its path, status and line counts", () => {
    expect(
      files.map((f) => [f.path, f.status, f.oldPath, f.binary, f.additions, f.deletions]),
    ).toEqual([
      ["src/app.ts", "modified", undefined, false, 3, 2],
      ["new file.txt", "added", undefined, false, 1, 0],
      ["gone.md", "deleted", undefined, false, 0, 2],
      ["new name.ts", "renamed", "old name.ts", false, 0, 0],
      ["lib/b.ts", "renamed", "lib/a.ts", false, 1, 1],
      ["copy.ts", "copied", "base.ts", false, 1, 1],
      ["logo.png", "modified", undefined, true, 0, 0],
      ["run.sh", "mode-changed", undefined, false, 0, 0],
      ['über "q"\n.txt', "modified", undefined, false, 1, 1],
      ["link", "type-changed", undefined, false, 1, 1],
    ]);
    expect(files.find((f) => f.path === "run.sh")).toMatchObject({
      oldMode: "100644",
      newMode: "100755",
    });
    expect(files.at(-1)).toMatchObject({ oldMode: "100644", newMode: "120000", index: 9 });
    expect(files.at(-1)!.hunks.map((h) => h.id)).toEqual(["9:0", "9:1"]);
    expect(files.find((f) => f.status === "renamed")!.similarity).toBe(100);
  });

  it("counts hunk bodies by their header, so body lines that look like headers stay in", () => {
    const [first, second] = files[0]!.hunks;
    expect(first).toMatchObject({
      id: "0:0",
      file: "src/app.ts",
      header: "@@ -1,3 +1,3 @@ export function main() {",
      oldStart: 1,
      oldLines: 3,
      newStart: 1,
      newLines: 3,
      lines: 5,
      position: 0,
    });
    // An empty line (diff.suppressBlankEmpty) is a blank context line.
    expect(second).toMatchObject({ oldLines: 2, newLines: 3, lines: 5, position: 5 });
    expect(files[1]!.hunks[0]).toMatchObject({ oldStart: 0, oldLines: 0, newLines: 1 });
  });

  it("records byte offsets that cut each hunk out of the diff exactly", () => {
    const bytes = Buffer.from(DIFF);
    for (const file of files) {
      expect(bytes.toString("utf8", file.offset, file.offset + 11)).toBe("diff --git ");
      for (const hunk of file.hunks) {
        const text = bytes.toString("utf8", hunk.offset, hunk.offset + hunk.length);
        expect(text.startsWith(`${hunk.header}\n`)).toBe(true);
        expect(text.endsWith("\n")).toBe(true);
        expect(text.split("\n").length - 1).toBe(hunk.lines);
      }
    }
    const noNewline = files[1]!.hunks[0]!;
    expect(bytes.toString("utf8", noNewline.offset, noNewline.offset + noNewline.length)).toBe(
      "@@ -0,0 +1 @@\n+no newline\n\\ No newline at end of file\n",
    );
    expect(files.reduce((sum, f) => sum + f.bytes, 0)).toBe(bytes.length);
  });

  it("gives the same result whatever the chunk boundaries", () => {
    const bytes = Buffer.from(DIFF);
    for (const size of [1, 2, 3, 7, 64, 100]) {
      const parser = new DiffParser();
      for (let i = 0; i < bytes.length; i += size) parser.push(bytes.subarray(i, i + size));
      expect(parser.end()).toEqual(files);
    }
  });

  it("marks files whose patch passes maxFileBytes, and their hunks", () => {
    const marked = parseDiff(DIFF, { maxFileBytes: 300 });
    const big = marked.filter((f) => f.tooLarge);
    expect(big.map((f) => f.path)).toEqual(["src/app.ts", "link"]);
    expect(big.flatMap((f) => f.hunks).every((h) => h.tooLarge)).toBe(true);
    expect(marked[1]!.hunks[0]!.tooLarge).toBeUndefined();
  });

  it("handles a diff without a final newline", () => {
    const [file] = parseDiff("diff --git a/f b/f\n--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n+b");
    expect(file!.hunks[0]).toMatchObject({ lines: 3, length: 17, additions: 1, deletions: 1 });
  });
});

describe("hunk lines", () => {
  const files = parseDiff(DIFF);
  const bytes = Buffer.from(DIFF);
  const textOf = (fi: number, hi: number) => {
    const h = files[fi]!.hunks[hi]!;
    return bytes.toString("utf8", h.offset, h.offset + h.length);
  };

  it("numbers lines on both sides with GitHub's positions", () => {
    const file = files[0]!;
    const start = file.hunks[0]!.offset;
    const patch = bytes.toString("utf8", start, file.offset + file.bytes);
    const expected = parseHunks(patch).flatMap((h) => h.lines);
    const ours = file.hunks.flatMap((h, i) => hunkLines(h, textOf(0, i)));
    expect(
      ours.map(({ kind, oldLine, newLine, position }) => ({ kind, oldLine, newLine, position })),
    ).toEqual(
      expected.map(({ kind, oldLine, newLine, position }) => ({
        kind,
        oldLine,
        newLine,
        position,
      })),
    );
    expect(ours[1]).toMatchObject({ kind: "removed", text: "-- a/not-a-header", oldLine: 2 });
    expect(ours.at(-1)).toMatchObject({ kind: "context", text: "", newLine: 12, position: 9 });
  });

  it("skips the no-newline marker but keeps its position", () => {
    const lines = hunkLines(files[9]!.hunks[1]!, textOf(9, 1));
    expect(lines).toEqual([{ kind: "added", text: "target", newLine: 1, position: 3 }]);
  });

  it("says whether a line is in a hunk's range on each side", () => {
    const hunk = files[0]!.hunks[1]!; // -10,2 +10,3
    expect(hunkContains(hunk, 12, "RIGHT")).toBe(true);
    expect(hunkContains(hunk, 12, "LEFT")).toBe(false);
    expect(hunkContains(hunk, 10, "LEFT")).toBe(true);
    const deletion = files[2]!.hunks[0]!; // -1,2 +0,0
    expect(hunkContains(deletion, 0, "RIGHT")).toBe(false);
  });
});

describe("splitOnLines", () => {
  it("cuts on line boundaries into pieces no longer than asked, losing nothing", () => {
    const text = Array.from({ length: 50 }, (_, i) => `line ${i} ${"x".repeat(i)}`).join("\n");
    for (const max of [60, 100, 333]) {
      const pieces = splitOnLines(text, max);
      expect(pieces.join("")).toBe(text);
      expect(pieces.every((p) => p.length <= max)).toBe(true);
      expect(pieces.slice(0, -1).every((p) => p.endsWith("\n"))).toBe(true);
    }
  });

  it("cuts a line longer than a piece, never inside a surrogate pair", () => {
    const line = "😀".repeat(30); // 60 UTF-16 units
    const pieces = splitOnLines(`a\n${line}\nb\n`, 7);
    expect(pieces.join("")).toBe(`a\n${line}\nb\n`);
    expect(pieces.every((p) => p.length <= 7 && !/[\ud800-\udbff]$/.test(p))).toBe(true);
  });
});

describe("quoted names", () => {
  it("decodes C escapes and octal UTF-8 bytes", () => {
    expect(unquote('"a\\tb\\\\c\\"d\\303\\251"')).toBe('a\tb\\c"dé');
    expect(unquote("plain name")).toBe("plain name");
    expect(readQuoted('"x" rest', 0)).toEqual({ value: "x", end: 3 });
    expect(readQuoted('"unterminated', 0)).toBeUndefined();
  });
});
