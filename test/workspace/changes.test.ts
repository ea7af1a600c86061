import { createHash } from "node:crypto";
import { lstat, mkdtemp, readFile, readlink, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readBlob, saveChanges } from "../../src/workspace/changes.js";
import { chmod, symlink } from "node:fs/promises";
import { makeTempRepo, type TempRepo } from "../agent/tools/temp-repo.js";

let repo: TempRepo;
let scratch: string;
let head: string;
let outFile: string;

beforeEach(async () => {
  repo = await makeTempRepo();
  scratch = await mkdtemp(path.join(tmpdir(), "rivumi-changes-test-"));
  outFile = path.join(scratch, "artifacts", "changes.patch");
  await repo.write(".gitignore", "node_modules/\n*.log\n");
  await repo.write("src/a.ts", "one\ntwo\nthree\n");
  await repo.write("src/gone.ts", "bye\n");
  await repo.write("AGENTS.md", "Be kind.\n");
  await repo.write("vendor.log", "tracked although ignored\n");
  await repo.git("add", "-f", "vendor.log");
  head = await repo.commit("init");
});

afterEach(async () => {
  await repo.remove();
  await rm(scratch, { recursive: true, force: true });
});

const exists = (absolute: string) =>
  lstat(absolute).then(
    () => true,
    () => false,
  );
const digest = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

/** A fresh clone checked out at `head`, where the saved patch must apply. */
async function freshCheckout(): Promise<string> {
  const fresh = path.join(scratch, "fresh");
  await execa("git", ["clone", "-q", repo.root, fresh], {
    env: { GIT_CONFIG_GLOBAL: "/dev/null" },
  });
  await execa("git", ["checkout", "-q", "--detach", head], { cwd: fresh });
  return fresh;
}

async function makeChanges(): Promise<void> {
  await repo.write("src/a.ts", "one\n2\nthree\n");
  await rm(path.join(repo.root, "src/gone.ts"));
  await repo.write("src/new/b.ts", "export const b = 1;\n");
  await repo.write("logo.bin", new Uint8Array([0, 1, 2, 255, 0, 10]));
  await repo.write("debug.log", "ignored\n");
  await repo.write("node_modules/x/index.js", "ignored\n");
  await repo.write("vendor.log", "vendor changed\n");
}

describe("saveChanges", () => {
  it("saves modifications, deletions and new files, not ignored ones", async () => {
    await makeChanges();
    const saved = await saveChanges(repo.root, head, outFile);
    const patch = await readFile(outFile, "utf8");
    expect(saved).toMatchObject({ files: 5, bytes: (await stat(outFile)).size });
    expect(patch).toContain("diff --git a/src/a.ts b/src/a.ts");
    expect(patch).toContain("-two\n+2\n");
    expect(patch).toContain("deleted file mode 100644");
    expect(patch).toContain("--- a/src/gone.ts");
    expect(patch).toContain("+++ b/src/new/b.ts");
    expect(patch).toContain("GIT binary patch");
    expect(patch).not.toContain("debug.log");
    expect(patch).toContain("+vendor changed");
    expect(patch).not.toContain("node_modules");
  });

  it("writes a patch that applies back to a fresh checkout of head", async () => {
    await makeChanges();
    await repo.link("AGENTS.md.link", "AGENTS.md");
    await saveChanges(repo.root, head, outFile);
    const fresh = await freshCheckout();
    await execa("git", ["apply", "--check", outFile], { cwd: fresh });
    await execa("git", ["apply", outFile], { cwd: fresh });
    expect(await readFile(path.join(fresh, "src/a.ts"), "utf8")).toBe("one\n2\nthree\n");
    expect(await exists(path.join(fresh, "src/gone.ts"))).toBe(false);
    expect(await readFile(path.join(fresh, "src/new/b.ts"), "utf8")).toBe("export const b = 1;\n");
    expect(await digest(path.join(fresh, "logo.bin"))).toBe(
      await digest(path.join(repo.root, "logo.bin")),
    );
    expect(await readlink(path.join(fresh, "AGENTS.md.link"))).toBe("AGENTS.md");
    expect(await readFile(path.join(fresh, "vendor.log"), "utf8")).toBe("vendor changed\n");
  });

  it("sees an edit of the same size made in the second the working tree was written", async () => {
    // As the action's workspace does it: a clone without a working tree, checked out when a tool
    // needs it, then edited at once. Started just past a second boundary so that all of it falls
    // within one second, where file times alone cannot tell the edit from the checkout; git
    // compares the contents of such entries only while its index file is no newer than they are.
    const fresh = path.join(scratch, "racy");
    await execa("git", ["clone", "-q", "--no-checkout", repo.root, fresh], {
      env: { GIT_CONFIG_GLOBAL: "/dev/null" },
    });
    while (Date.now() % 1000 > 100) await new Promise((resolve) => setTimeout(resolve, 5));
    await execa("git", ["checkout", "-q", "--detach", head], { cwd: fresh });
    await writeFile(path.join(fresh, "src/a.ts"), "one\ntwo\nTHREE\n");
    // The patch is saved in a later second, as after the model's next turn.
    const second = Math.floor(Date.now() / 1000);
    while (Math.floor(Date.now() / 1000) === second)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await saveChanges(fresh, head, outFile)).toMatchObject({ files: 1 });
    expect(await readFile(outFile, "utf8")).toContain("+THREE");
  });

  it("returns undefined and writes nothing without changes", async () => {
    expect(await saveChanges(repo.root, head, outFile)).toBeUndefined();
    await repo.write("debug.log", "ignored only\n");
    expect(await saveChanges(repo.root, head, outFile)).toBeUndefined();
    expect(await exists(outFile)).toBe(false);
  });

  it("counts a change back to head's content as none", async () => {
    await repo.write("src/a.ts", "changed\n");
    await repo.write("src/a.ts", "one\ntwo\nthree\n");
    expect(await saveChanges(repo.root, head, outFile)).toBeUndefined();
  });

  it("leaves the workspace's index untouched", async () => {
    const index = path.join(repo.root, ".git", "index");
    const before = await digest(index);
    await makeChanges();
    await saveChanges(repo.root, head, outFile);
    expect(await digest(index)).toBe(before);
    expect(await repo.git("diff", "--cached", "--name-only")).toBe("");
    expect(await repo.git("status", "--porcelain", "--", "src/new")).toBe("?? src/new/");
  });

  it("diffs against the pinned head, not whatever HEAD is now", async () => {
    await repo.write("later.ts", "committed after head\n");
    await repo.commit("later");
    const saved = await saveChanges(repo.root, head, outFile);
    expect(saved?.files).toBe(1);
    expect(await readFile(outFile, "utf8")).toContain("+++ b/later.ts");
  });

  it("works when the workspace has no index yet", async () => {
    await rm(path.join(repo.root, ".git", "index"));
    await repo.write("src/a.ts", "one\n2\nthree\n");
    const saved = await saveChanges(repo.root, head, outFile);
    // A tracked file that .gitignore matches is still tracked, not deleted.
    expect(await readFile(outFile, "utf8")).not.toContain("vendor.log");
    expect(saved?.files).toBe(1);
    expect(await exists(path.join(repo.root, ".git", "index"))).toBe(false);
  });

  it("refuses a head that is not a commit or looks like an option", async () => {
    await repo.write("src/a.ts", "x\n");
    await expect(saveChanges(repo.root, "--output=/tmp/x", outFile)).rejects.toThrow();
    await expect(saveChanges(repo.root, "0".repeat(40), outFile)).rejects.toThrow();
    expect(await exists(outFile)).toBe(false);
  });
});

describe("the files saveChanges lists", () => {
  it("names each file with its status, modes, staged object and line counts", async () => {
    await makeChanges();
    await repo.write("src/a.ts", "one\n2\nthree\nfour\n");
    await chmod(path.join(repo.root, "src/new/b.ts"), 0o755);
    await symlink("src/a.ts", path.join(repo.root, "link"));
    const saved = await saveChanges(repo.root, head, outFile);
    const byPath = new Map(saved?.changed.map((c) => [c.path, c]));
    expect([...byPath.keys()].sort()).toEqual(
      ["link", "logo.bin", "src/a.ts", "src/gone.ts", "src/new/b.ts", "vendor.log"].sort(),
    );
    expect(byPath.get("src/a.ts")).toMatchObject({
      status: "M",
      oldMode: "100644",
      newMode: "100644",
      added: 2,
      removed: 1,
    });
    expect(byPath.get("src/gone.ts")).toMatchObject({
      status: "D",
      newMode: "000000",
      blob: "0".repeat(40),
      added: 0,
      removed: 1,
    });
    expect(byPath.get("src/new/b.ts")).toMatchObject({ status: "A", newMode: "100755", added: 1 });
    expect(byPath.get("link")).toMatchObject({ status: "A", newMode: "120000" });
    expect(byPath.get("logo.bin")).toMatchObject({ added: undefined, removed: undefined });
    const blob = byPath.get("src/a.ts")?.blob ?? "";
    expect((await readBlob(repo.root, blob)).toString()).toBe("one\n2\nthree\nfour\n");
    expect([...(await readBlob(repo.root, byPath.get("logo.bin")?.blob ?? ""))]).toEqual([
      0, 1, 2, 255, 0, 10,
    ]);
  });

  it("gives a renamed file its old path and the lines that changed, not the whole file", async () => {
    const body = Array.from({ length: 40 }, (_, i) => `line ${i}`).join("\n") + "\n";
    await repo.write("src/long.ts", body);
    head = await repo.commit("long");
    await rm(path.join(repo.root, "src/long.ts"));
    await repo.write("src/moved.ts", body.replace("line 3\n", "line three\n"));
    const saved = await saveChanges(repo.root, head, outFile);
    expect(saved?.changed).toEqual([
      expect.objectContaining({
        path: "src/moved.ts",
        from: "src/long.ts",
        status: "R",
        added: 1,
        removed: 1,
      }),
    ]);
  });

  it("reads a path that holds a tab as a text file with its line counts", async () => {
    await repo.write("a\tb.txt", "one\n");
    const saved = await saveChanges(repo.root, head, outFile);
    expect(saved?.changed).toEqual([
      expect.objectContaining({ path: "a\tb.txt", status: "A", added: 1, removed: 0 }),
    ]);
  });
});
