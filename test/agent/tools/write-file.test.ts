import { constants } from "node:fs";
import { link, lstat, mkdtemp, open, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ToolError } from "../../../src/util/errors.js";
import { createWriteFile, writeFileTool } from "../../../src/agent/tools/write-file.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;
let outside: string;

beforeEach(async () => {
  repo = await makeTempRepo();
  outside = await mkdtemp(path.join(tmpdir(), "rivumi-outside-"));
});

afterEach(async () => {
  await repo.remove();
  await rm(outside, { recursive: true, force: true });
});

async function write(args: unknown, tool = writeFileTool): Promise<string> {
  return tool.execute(tool.parameters.parse(args), repo.ctx());
}

async function refusal(args: unknown, tool = writeFileTool): Promise<string> {
  const error: unknown = await write(args, tool).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as Error).message;
}

const read = (rel: string) => readFile(path.join(repo.root, rel), "utf8");
const exists = (absolute: string) =>
  lstat(absolute).then(
    () => true,
    () => false,
  );

describe("write_file", () => {
  it("is marked as a tool that writes", () => {
    expect(writeFileTool.writes).toBe(true);
  });

  it("creates a file and its parent directories, counting bytes and lines", async () => {
    const out = await write({ path: "src/new/deep/a.ts", content: "const é = 1;\nexport {};\n" });
    expect(out).toBe("Created src/new/deep/a.ts: 25 bytes, 2 lines.");
    expect(await read("src/new/deep/a.ts")).toBe("const é = 1;\nexport {};\n");
  });

  it("overwrites an existing file, dropping its old tail", async () => {
    await repo.write("a.txt", "a long original content\nwith two lines\n");
    expect(await write({ path: "./a.txt", content: "short" })).toBe(
      "Overwrote a.txt: 5 bytes, 1 line.",
    );
    expect(await read("a.txt")).toBe("short");
  });

  it("writes an empty file", async () => {
    expect(await write({ path: "empty", content: "" })).toBe("Created empty: 0 bytes, 0 lines.");
    expect(await read("empty")).toBe("");
  });

  it("refuses paths that leave the repository", async () => {
    // The repository's parent is the shared temp folder, where an unrelated "x" may exist.
    const beside = path.join(path.dirname(repo.root), "x");
    const besideBefore = await exists(beside);
    expect(await refusal({ path: "../x", content: "x" })).toContain("leads outside");
    expect(await refusal({ path: "a/../../x", content: "x" })).toContain("leads outside");
    expect(await refusal({ path: path.join(outside, "x"), content: "x" })).toContain("absolute");
    expect(await exists(path.join(outside, "x"))).toBe(false);
    expect(await exists(beside)).toBe(besideBefore);
  });

  it("refuses .git anywhere on the path, in any case", async () => {
    const config = await readFile(path.join(repo.root, ".git/config"), "utf8");
    expect(await refusal({ path: ".git/config", content: "x" })).toContain(".git");
    expect(await refusal({ path: "sub/.GIT/hooks/pre-commit", content: "x" })).toContain(".git");
    expect(await readFile(path.join(repo.root, ".git/config"), "utf8")).toBe(config);
    expect(await exists(path.join(repo.root, "sub"))).toBe(false);
  });

  it("refuses the repository root itself", async () => {
    expect(await refusal({ path: ".", content: "x" })).toContain("repository root");
  });

  it("refuses a file that is a symbolic link, leaving its target alone", async () => {
    await repo.write("real.txt", "original");
    await repo.link("alias.txt", "real.txt");
    expect(await refusal({ path: "alias.txt", content: "changed" })).toContain("symbolic link");
    expect(await read("real.txt")).toBe("original");
    expect(await readlink(path.join(repo.root, "alias.txt"))).toBe("real.txt");
  });

  it("refuses a dangling symbolic link, which would otherwise create its target", async () => {
    await repo.link("dangling", path.join(outside, "created"));
    expect(await refusal({ path: "dangling", content: "x" })).toContain("symbolic link");
    expect(await exists(path.join(outside, "created"))).toBe(false);
  });

  it("refuses a path through a symlinked parent directory", async () => {
    await repo.link("docs", outside);
    expect(await refusal({ path: "docs/x.md", content: "x" })).toContain("symbolic link");
    expect(await refusal({ path: "docs/new/x.md", content: "x" })).toContain("symbolic link");
    expect(await exists(path.join(outside, "x.md"))).toBe(false);
    expect(await exists(path.join(outside, "new"))).toBe(false);
  });

  it("refuses a directory as the target", async () => {
    await repo.write("src/a.ts", "x");
    expect(await refusal({ path: "src", content: "x" })).toContain("is a directory");
  });

  it("refuses a path whose parent is a file", async () => {
    await repo.write("a.txt", "x");
    expect(await refusal({ path: "a.txt/b.txt", content: "y" })).toContain("is a file");
    expect(await read("a.txt")).toBe("x");
  });

  it("refuses a FIFO without hanging", async () => {
    await execa("mkfifo", [path.join(repo.root, "pipe")]);
    expect(await refusal({ path: "pipe", content: "x" })).toContain("not a regular file");
    // With a reader the open succeeds; the descriptor is checked before anything is written.
    const reader = await open(
      path.join(repo.root, "pipe"),
      constants.O_RDONLY | constants.O_NONBLOCK,
    );
    try {
      expect(await refusal({ path: "pipe", content: "x" })).toContain("not a regular file");
    } finally {
      await reader.close();
    }
  });

  it("refuses a hard link, whose content is shared with a file outside", async () => {
    await writeFile(path.join(outside, "secret"), "outside");
    await link(path.join(outside, "secret"), path.join(repo.root, "hard"));
    expect(await refusal({ path: "hard", content: "changed" })).toContain("hard link");
    expect(await readFile(path.join(outside, "secret"), "utf8")).toBe("outside");
  });

  it("refuses NUL bytes in the content", async () => {
    expect(await refusal({ path: "bin", content: "a\0b" })).toContain("NUL");
    expect(await exists(path.join(repo.root, "bin"))).toBe(false);
  });

  it("refuses content over the size limit, counted in UTF-8 bytes", async () => {
    const tool = createWriteFile({ maxBytes: 10 });
    expect(await write({ path: "ok", content: "0123456789" }, tool)).toContain("10 bytes");
    expect(await refusal({ path: "big", content: "0123456789a" }, tool)).toContain(
      "11 bytes, over the 10-byte limit",
    );
    // Six characters but eleven bytes.
    expect(await refusal({ path: "big", content: "ééééé0" }, tool)).toContain("11 bytes");
    expect(await exists(path.join(repo.root, "big"))).toBe(false);
  });

  it("refuses the default limit of 1 MiB plus one byte", async () => {
    expect(await refusal({ path: "big", content: "x".repeat(1024 * 1024 + 1) })).toContain(
      "over the 1048576-byte limit",
    );
  });
});
