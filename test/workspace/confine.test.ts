import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolError } from "../../src/util/errors.js";
import { lexicalSegments, repoPath, resolveInside } from "../../src/workspace/confine.js";
import { makeTempRepo, type TempRepo } from "../agent/tools/temp-repo.js";

let repo: TempRepo;

beforeEach(async () => {
  repo = await makeTempRepo();
  await repo.write("src/a.ts", "export const a = 1;\n");
  await repo.write("README.md", "hello\n");
  await repo.link("inside-link.md", "README.md");
  await repo.link("outside-link", "/etc/passwd");
  await repo.link("linked-src", "src");
  await repo.link("outside-dir", "/etc");
});

afterEach(async () => {
  await repo.remove();
});

async function refusal(rel: string, options?: { allowMissing?: boolean }): Promise<string> {
  const error: unknown = await resolveInside(repo.root, rel, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${JSON.stringify(rel)} to be refused`).toBeInstanceOf(ToolError);
  return (error as ToolError).message;
}

describe("resolveInside", () => {
  it("resolves paths inside the root to absolute paths", async () => {
    expect(await resolveInside(repo.root, "src/a.ts")).toBe(path.join(repo.root, "src/a.ts"));
    expect(await resolveInside(repo.root, "./src//a.ts")).toBe(path.join(repo.root, "src/a.ts"));
    expect(await resolveInside(repo.root, "src/../README.md")).toBe(
      path.join(repo.root, "README.md"),
    );
    expect(await resolveInside(repo.root, ".")).toBe(repo.root);
    expect(await resolveInside(repo.root, "src")).toBe(path.join(repo.root, "src"));
  });

  it("refuses escapes with a message that names the problem", async () => {
    expect(await refusal("../x")).toMatch(/outside the repository/);
    expect(await refusal("src/../../x")).toMatch(/outside the repository/);
    expect(await refusal("..\\x")).toMatch(/outside the repository/);
    expect(await refusal("/etc/passwd")).toMatch(/absolute.*relative to the repository root/);
    expect(await refusal("\\etc\\passwd")).toMatch(/absolute/);
    expect(await refusal("src/a.ts\0.png")).toMatch(/NUL/);
  });

  it("refuses .git at any depth and in any case", async () => {
    expect(await refusal(".git/config")).toMatch(/\.git/);
    expect(await refusal(".git")).toMatch(/\.git/);
    expect(await refusal("src/../.git/HEAD")).toMatch(/\.git/);
    expect(await refusal("vendor/lib/.GIT/config")).toMatch(/\.git/);
  });

  it("refuses any symlink on the way, even one pointing inside", async () => {
    expect(await refusal("outside-link")).toMatch(/"outside-link" is a symbolic link/);
    expect(await refusal("outside-dir/passwd")).toMatch(/"outside-dir" is a symbolic link/);
    expect(await refusal("inside-link.md")).toMatch(/symbolic link/);
    expect(await refusal("linked-src/a.ts")).toMatch(/"linked-src" is a symbolic link/);
  });

  it("says when a path does not exist, unless missing paths are allowed", async () => {
    expect(await refusal("src/nope.ts")).toMatch(/No such file.*list_files/);
    expect(await refusal("src/a.ts/below")).toMatch(/No such file/);
    expect(await resolveInside(repo.root, "gone/file.ts", { allowMissing: true })).toBe(
      path.join(repo.root, "gone/file.ts"),
    );
    // A missing tail does not excuse a symlinked directory above it.
    expect(await refusal("linked-src/gone.ts", { allowMissing: true })).toMatch(/symbolic link/);
  });
});

describe("lexicalSegments and repoPath", () => {
  it("normalises without touching the disk", () => {
    expect(lexicalSegments("a/./b/../c")).toEqual(["a", "c"]);
    expect(lexicalSegments(".")).toEqual([]);
    expect(() => lexicalSegments("a/../../b")).toThrow(ToolError);
  });

  it("gives slash-separated repository paths", () => {
    expect(repoPath("/r", "/r")).toBe(".");
    expect(repoPath("/r", "/r/src/a.ts")).toBe("src/a.ts");
  });
});
