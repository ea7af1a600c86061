import { lstat, mkdtemp, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { applyPatchTool, createApplyPatch } from "../../../src/agent/tools/apply-patch.js";
import { ToolError } from "../../../src/util/errors.js";
import { makeTempRepo, type TempRepo } from "./temp-repo.js";

let repo: TempRepo;
let outside: string;

beforeEach(async () => {
  repo = await makeTempRepo();
  outside = await mkdtemp(path.join(tmpdir(), "rivumi-outside-"));
  await repo.write("AGENTS.md", "Be kind.\n");
  await repo.write("docs/rules.md", "Be brief.\n");
  await repo.write("src/a.ts", "one\ntwo\nthree\nfour\nfive\n");
  await repo.write("src/old.ts", "old\n");
  await repo.commit("init");
});

afterEach(async () => {
  await repo.remove();
  await rm(outside, { recursive: true, force: true });
});

async function apply(patch: string, tool = applyPatchTool): Promise<string> {
  return tool.execute(tool.parameters.parse({ patch }), repo.ctx());
}

async function refusal(patch: string, tool = applyPatchTool): Promise<string> {
  const error: unknown = await apply(patch, tool).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolError);
  return (error as Error).message;
}

/** The patch `git diff` prints for a change made by `edit`; the tree is reset afterwards. */
async function diffOf(edit: () => Promise<void>): Promise<string> {
  await edit();
  await repo.git("add", "-A");
  const patch = await repo.git("diff", "--cached", "--binary");
  await repo.git("reset", "-q", "--hard");
  return `${patch}\n`;
}

const read = (rel: string) => readFile(path.join(repo.root, rel), "utf8");
const exists = (absolute: string) =>
  lstat(absolute).then(
    () => true,
    () => false,
  );
/** Everything in the working tree and index, to prove a refused patch changed nothing. */
const snapshot = () => repo.git("status", "--porcelain", "--untracked-files=all", "--ignored");

describe("apply_patch", () => {
  it("is marked as a tool that writes", () => {
    expect(applyPatchTool.writes).toBe(true);
  });

  it("applies a git diff that modifies, adds and deletes, and says which", async () => {
    const patch = await diffOf(async () => {
      await repo.write("src/a.ts", "one\ntwo\n3\nfour\nfive\n");
      await repo.write("src/new/b.ts", "export const b = 2;\n");
      await rm(path.join(repo.root, "src/old.ts"));
    });
    expect(await apply(patch)).toBe(
      "Applied the patch to 3 files:\nmodified src/a.ts\nadded src/new/b.ts\ndeleted src/old.ts",
    );
    expect(await read("src/a.ts")).toBe("one\ntwo\n3\nfour\nfive\n");
    expect(await read("src/new/b.ts")).toBe("export const b = 2;\n");
    expect(await exists(path.join(repo.root, "src/old.ts"))).toBe(false);
    // The working tree only: nothing is staged.
    expect(await repo.git("diff", "--cached", "--name-only")).toBe("");
  });

  it("applies a plain ---/+++ diff with miscounted hunks and no final newline", async () => {
    const patch = [
      "--- a/src/a.ts",
      "+++ b/src/a.ts",
      "@@ -2,9 +2,9 @@",
      " two",
      "-three",
      "+3",
      " four",
    ];
    expect(await apply(patch.join("\n"))).toBe("Applied the patch to 1 file:\nmodified src/a.ts");
    expect(await read("src/a.ts")).toBe("one\ntwo\n3\nfour\nfive\n");
  });

  it("lists both sides of a rename", async () => {
    const patch = await diffOf(async () => {
      await rm(path.join(repo.root, "src/old.ts"));
      await repo.write("src/renamed.ts", "old\n");
    });
    expect(patch).toContain("rename from src/old.ts");
    expect(await apply(patch)).toBe(
      "Applied the patch to 2 files:\ndeleted src/old.ts\nadded src/renamed.ts",
    );
  });

  it("changes nothing when one file of the patch does not apply, and quotes git", async () => {
    const before = await snapshot();
    const patch = [
      "--- /dev/null",
      "+++ b/src/new.ts",
      "@@ -0,0 +1 @@",
      "+fresh",
      "--- a/src/a.ts",
      "+++ b/src/a.ts",
      "@@ -1,3 +1,3 @@",
      " one",
      "-TWO",
      "+2",
      " three",
    ].join("\n");
    const message = await refusal(patch);
    expect(message).toContain("nothing was changed");
    expect(message).toContain("error: patch failed: src/a.ts:1");
    expect(message).toContain("src/a.ts: patch does not apply");
    expect(await snapshot()).toBe(before);
    expect(await exists(path.join(repo.root, "src/new.ts"))).toBe(false);
  });

  it("bounds git's message", async () => {
    const tool = createApplyPatch({
      maxPatchBytes: 1024,
      maxErrorChars: 60,
      maxListedPaths: 10,
      timeoutMs: 10_000,
    });
    const patch = "--- a/src/a.ts\n+++ b/src/a.ts\n@@ -1 +1 @@\n-nope\n+yes\n";
    const message = await refusal(patch, tool);
    expect(message).toMatch(/\[cut: \d+ more chars\]$/);
    expect(message.length).toBeLessThan(160);
  });

  it("quotes git when the text is not a patch", async () => {
    expect(await refusal("please make it faster")).toContain("No valid patches in input");
    expect(await refusal("--- a/src/a.ts\n+++ b/src/a.ts\n@@ garbage\n")).toContain(
      "could not read the patch",
    );
  });

  it("refuses a patch over the size limit", async () => {
    const tool = createApplyPatch({
      maxPatchBytes: 64,
      maxErrorChars: 100,
      maxListedPaths: 10,
      timeoutMs: 10_000,
    });
    const patch = `--- /dev/null\n+++ b/big\n@@ -0,0 +1 @@\n+${"x".repeat(64)}\n`;
    expect(await refusal(patch, tool)).toContain("over the 64-byte limit");
    expect(await exists(path.join(repo.root, "big"))).toBe(false);
  });

  it("refuses a path that climbs out of the repository", async () => {
    const escape = path.relative(repo.root, path.join(outside, "evil"));
    const patch = [
      `diff --git a/${escape} b/${escape}`,
      "new file mode 100644",
      "--- /dev/null",
      `+++ b/${escape}`,
      "@@ -0,0 +1 @@",
      "+pwned",
    ].join("\n");
    expect(await refusal(patch)).toContain("leads outside the repository");
    expect(await exists(path.join(outside, "evil"))).toBe(false);
    const dotdot = patch.replaceAll(escape, "../evil");
    expect(await refusal(dotdot)).toContain('"../evil" leads outside the repository');
    expect(await exists(path.join(path.dirname(repo.root), "evil"))).toBe(false);
  });

  it("reads an absolute +++ name as a path inside the repository", async () => {
    const absolute = path.join(outside, "abs.txt");
    const patch = `--- /dev/null\n+++ ${absolute}\n@@ -0,0 +1 @@\n+x\n`;
    const stripped = absolute.split("/").slice(1).join("/");
    expect(await apply(patch)).toBe(`Applied the patch to 1 file:\nadded ${stripped}`);
    expect(await exists(path.join(repo.root, stripped))).toBe(true);
    expect(await exists(absolute)).toBe(false);
  });

  it("refuses to change .git/config or add a hook", async () => {
    const config = await readFile(path.join(repo.root, ".git/config"), "utf8");
    const configPatch = [
      "--- a/.git/config",
      "+++ b/.git/config",
      "@@ -1 +1,2 @@",
      ` ${config.split("\n")[0] ?? ""}`,
      "+\tfsmonitor = ./evil",
    ].join("\n");
    expect(await refusal(configPatch)).toContain("inside .git");
    expect(await readFile(path.join(repo.root, ".git/config"), "utf8")).toBe(config);

    const hook = [
      "diff --git a/.git/hooks/pre-commit b/.git/hooks/pre-commit",
      "new file mode 100755",
      "--- /dev/null",
      "+++ b/.git/hooks/pre-commit",
      "@@ -0,0 +1,2 @@",
      "+#!/bin/sh",
      "+touch /tmp/pwned",
    ].join("\n");
    expect(await refusal(hook)).toContain("inside .git");
    expect(await refusal(hook.replaceAll(".git/", "sub/.GIT/"))).toContain("inside .git");
    expect(await exists(path.join(repo.root, ".git/hooks/pre-commit"))).toBe(false);
  });

  it("refuses a rename whose source is inside .git", async () => {
    const patch = [
      "diff --git a/.git/config b/stolen",
      "similarity index 100%",
      "rename from .git/config",
      "rename to stolen",
    ].join("\n");
    expect(await refusal(patch)).toContain('".git/config" is inside .git');
    expect(await exists(path.join(repo.root, "stolen"))).toBe(false);
  });

  it("refuses a copy from .git or from outside, which git itself would allow", async () => {
    await writeFile(path.join(outside, "secret"), "token\n");
    const copy = (from: string) =>
      [
        `diff --git a/${from} b/stolen`,
        "similarity index 100%",
        `copy from ${from}`,
        "copy to stolen",
      ].join("\n");
    expect(await refusal(copy(".git/config"))).toContain('".git/config" is inside .git');
    const escape = path.relative(repo.root, path.join(outside, "secret"));
    expect(await refusal(copy(escape))).toContain("leads outside the repository");
    expect(await exists(path.join(repo.root, "stolen"))).toBe(false);
  });

  it("refuses a path through a symlinked parent directory", async () => {
    await writeFile(path.join(outside, "victim"), "keep me\n");
    await repo.link("linked", outside);
    const remove = [
      "diff --git a/linked/victim b/linked/victim",
      "deleted file mode 100644",
      "--- a/linked/victim",
      "+++ /dev/null",
      "@@ -1 +0,0 @@",
      "-keep me",
    ].join("\n");
    expect(await refusal(remove)).toContain('"linked" is a symbolic link; links are not followed');
    const create = "--- /dev/null\n+++ b/linked/deeper/new\n@@ -0,0 +1 @@\n+x\n";
    expect(await refusal(create)).toContain('"linked" is a symbolic link; links are not followed');
    expect(await readFile(path.join(outside, "victim"), "utf8")).toBe("keep me\n");
    expect(await exists(path.join(outside, "deeper"))).toBe(false);
  });

  it("replaces AGENTS.md by a symbolic link", async () => {
    const patch = await diffOf(async () => {
      await rm(path.join(repo.root, "AGENTS.md"));
      await repo.link("AGENTS.md", "docs/rules.md");
    });
    expect(patch).toContain("new file mode 120000");
    expect(await apply(patch)).toBe("Applied the patch to 1 file:\nmodified AGENTS.md");
    const stat = await lstat(path.join(repo.root, "AGENTS.md"));
    expect(stat.isSymbolicLink()).toBe(true);
    expect(await readlink(path.join(repo.root, "AGENTS.md"))).toBe("docs/rules.md");
  });

  it("lists at most the configured number of paths", async () => {
    const tool = createApplyPatch({
      maxPatchBytes: 1024 * 1024,
      maxErrorChars: 100,
      maxListedPaths: 2,
      timeoutMs: 10_000,
    });
    const patch = ["f1", "f2", "f3", "f4"]
      .map((name) => `--- /dev/null\n+++ b/${name}\n@@ -0,0 +1 @@\n+${name}\n`)
      .join("");
    expect(await apply(patch, tool)).toBe(
      "Applied the patch to 4 files:\nadded f1\nadded f2\n… and 2 more",
    );
  });
});
