import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createReadFile, readFileTool } from "../../../src/agent/tools/read-file.js";
import { ToolError } from "../../../src/util/errors.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;

beforeEach(async () => {
  repo = await makeTempRepo();
});

afterEach(async () => {
  await repo.remove();
});

const numbered = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}`);

async function read(args: unknown, tool = readFileTool): Promise<string> {
  return tool.execute(tool.parameters.parse(args), repo.ctx());
}

async function refusal(args: unknown): Promise<string> {
  const error: unknown = await read(args).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as Error).message;
}

describe("read_file", () => {
  it("returns numbered lines of a whole small file", async () => {
    await repo.write("src/a.ts", "const a = 1;\nconst b = 2;\n");
    expect(await read({ path: "src/a.ts" })).toBe(
      "src/a.ts — lines 1-2 of 2:\n1\tconst a = 1;\n2\tconst b = 2;",
    );
  });

  it("returns a requested range", async () => {
    await repo.write("f.txt", numbered(1, 20).join("\n") + "\n");
    const out = await read({ path: "f.txt", start_line: 9, end_line: 11 });
    expect(out).toBe("f.txt — lines 9-11 of 20:\n 9\tline 9\n10\tline 10\n11\tline 11");
  });

  it("pages a long file and says exactly how to read on", async () => {
    await repo.write("long.txt", numbered(1, 1000).join("\n"));
    const first = await read({ path: "long.txt" });
    expect(first).toContain("lines 1-400 of 1000");
    expect(first).toContain("\n 400\tline 400\n");
    expect(first).not.toContain("line 401");
    expect(first).toMatch(
      /showed lines 1-400 of 1000\. Call read_file with path="long.txt" start_line=401 to read on\.\]$/,
    );
    const second = await read({ path: "long.txt", start_line: 401 });
    expect(second).toContain("\n 401\tline 401\n");
    expect(second).toContain("start_line=801");
    const last = await read({ path: "long.txt", start_line: 801 });
    expect(last).toContain("lines 801-1000 of 1000");
    expect(last).not.toContain("Call read_file");
  });

  it("keeps end_line in the paging hint and cuts by characters too", async () => {
    const tool = createReadFile({
      maxLines: 400,
      maxChars: 100,
      maxLineChars: 50,
      maxFileBytes: 1024 * 1024,
    });
    await repo.write("f.txt", numbered(1, 50).join("\n"));
    const out = await read({ path: "f.txt", start_line: 5, end_line: 30 }, tool);
    const shown = out.split("\n").filter((l) => /^\s*\d+\t/.test(l));
    expect(shown.join("\n").length).toBeLessThanOrEqual(100);
    const last = 5 + shown.length - 1;
    expect(out).toContain(`showed lines 5-${last} of 50`);
    expect(out).toContain(`start_line=${last + 1} end_line=30 to read on`);
  });

  it("cuts one very long line instead of letting it fill the budget", async () => {
    await repo.write("min.js", "x".repeat(10_000) + "\nnext\n");
    const out = await read({ path: "min.js" });
    expect(out).toMatch(/1\tx+ … \[cut: \d+ more chars\]\n2\tnext$/);
    expect(out.length).toBeLessThan(2_200);
  });

  it("refuses binary files, directories and FIFOs with a clear message", async () => {
    await repo.write("img.png", new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]));
    await repo.write("src/a.ts", "a\n");
    await execa("mkfifo", [`${repo.root}/pipe`]);
    expect(await refusal({ path: "img.png" })).toMatch(/binary file/);
    expect(await refusal({ path: "src" })).toMatch(/directory; call list_files with path="src"/);
    expect(await refusal({ path: "pipe" })).toMatch(/not a regular file/);
  });

  it("refuses escapes, symlinks and .git", async () => {
    await repo.write("README.md", "hi\n");
    await repo.link("passwd", "/etc/passwd");
    await repo.link("docs", ".");
    await repo.commit("init");
    expect(await refusal({ path: "../x" })).toMatch(/outside the repository/);
    expect(await refusal({ path: "/etc/passwd" })).toMatch(/absolute/);
    expect(await refusal({ path: "passwd" })).toMatch(/symbolic link/);
    expect(await refusal({ path: "docs/README.md" })).toMatch(/symbolic link/);
    expect(await refusal({ path: ".git/config" })).toMatch(/\.git/);
  });

  it("explains bad line ranges", async () => {
    await repo.write("f.txt", "a\nb\n");
    await repo.write("empty.txt", "");
    expect(await refusal({ path: "f.txt", start_line: 5 })).toMatch(/past the end: f.txt has 2/);
    expect(await refusal({ path: "f.txt", start_line: 2, end_line: 1 })).toMatch(/before/);
    expect(await read({ path: "empty.txt" })).toBe("empty.txt is empty.");
    expect(readFileTool.parameters.safeParse({ path: "f.txt", start_line: 0 }).success).toBe(false);
  });
});
