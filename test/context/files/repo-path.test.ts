import { describe, expect, it } from "vitest";
import {
  compareRepoPaths,
  normalizeRepoPath,
  parentDir,
  showPath,
  walkDown,
} from "../../../src/context/files/repo-path.js";

describe("repository paths", () => {
  it("normalises the root and redundant separators", () => {
    expect(["", ".", "./", "./."].map(normalizeRepoPath)).toEqual([".", ".", ".", "."]);
    expect(normalizeRepoPath("./src//api/")).toBe("src/api");
  });

  it("refuses paths that leave the repository", () => {
    expect(() => normalizeRepoPath("src/../../x")).toThrow(/leaves/);
    expect(() => normalizeRepoPath("/abs")).toThrow(/not relative/);
    expect(() => normalizeRepoPath("a\0b")).toThrow(/NUL/);
  });

  it("walks from the root down", () => {
    expect(walkDown(".")).toEqual(["."]);
    expect(walkDown("src/api/v1")).toEqual([".", "src", "src/api", "src/api/v1"]);
    expect(parentDir("README.md")).toBe(".");
    expect(parentDir("src/api/x.ts")).toBe("src/api");
  });

  it("orders the root first, parents before children, by code unit", () => {
    const dirs = ["src/api", "src-old", "src", ".", "Docs", "docs"];
    expect([...dirs].sort(compareRepoPaths)).toEqual([
      ".",
      "Docs",
      "docs",
      "src",
      "src/api",
      "src-old",
    ]);
  });

  it("shows control characters escaped, so a path is one line", () => {
    expect(showPath("a\nb\\c")).toBe("a\\u000ab\\\\c");
  });
});
