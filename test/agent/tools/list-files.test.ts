import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listFilesTool } from "../../../src/agent/tools/list-files.js";
import { ToolError } from "../../../src/util/errors.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;

beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write(".gitignore", "*.log\nbuild/\n");
  await repo.write("src/b.ts", "b\n");
  await repo.write("src/a.ts", "a\n");
  await repo.write("src/deep/c.ts", "c\n");
  await repo.write("README.md", "r\n");
  await repo.commit("init");
  await repo.write("src/new.ts", "untracked\n");
  await repo.write("src/debug.log", "ignored\n");
  await repo.write("build/out.js", "ignored\n");
});

afterEach(async () => {
  await repo.remove();
});

async function list(args: unknown): Promise<string> {
  return listFilesTool.execute(listFilesTool.parameters.parse(args), repo.ctx());
}

describe("list_files", () => {
  it("lists tracked and untracked files, sorted, leaving out ignored ones", async () => {
    expect(await list({})).toBe(
      [
        '6 files under ".":',
        ".gitignore",
        "README.md",
        "src/a.ts",
        "src/b.ts",
        "src/deep/c.ts",
        "src/new.ts",
      ].join("\n"),
    );
  });

  it("lists under a directory", async () => {
    expect(await list({ path: "src/deep/" })).toBe('1 files under "src/deep":\nsrc/deep/c.ts');
    expect(await list({ path: "./src/../src/deep" })).toContain("src/deep/c.ts");
  });

  it("says how many entries were left out and how to narrow", async () => {
    const out = await list({ max_entries: 2 });
    expect(out).toBe(
      [
        '6 files under ".":',
        ".gitignore",
        "README.md",
        "[Showed the first 2 of 6; 4 left out. Call list_files with a narrower path, " +
          "or with max_entries up to 2000.]",
      ].join("\n"),
    );
  });

  it("treats a path as a literal, not a git pathspec", async () => {
    // As pathspec magic, ":(glob)x" would match a file named "x" and ":!src" everything else.
    await repo.write(":(glob)x/y.ts", "literal\n");
    await repo.write("x", "decoy\n");
    await repo.write(":!src", "literal\n");
    expect(await list({ path: ":(glob)x" })).toBe('1 files under ":(glob)x":\n:(glob)x/y.ts');
    expect(await list({ path: ":!src" })).toBe('1 files under ":!src":\n:!src');
  });

  it("refuses escapes, symlinked directories and .git", async () => {
    await repo.link("linked", "src");
    await repo.link("etc", "/etc");
    for (const [path, message] of [
      ["../", /outside the repository/],
      ["/etc", /absolute/],
      ["etc", /symbolic link/],
      ["linked", /symbolic link/],
      [".git", /\.git/],
      ["nope", /No such file/],
    ] as const) {
      await expect(list({ path })).rejects.toThrow(ToolError);
      await expect(list({ path })).rejects.toThrow(message);
    }
  });
});
