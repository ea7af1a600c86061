import { mkdir, mkdtemp, realpath, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseSettings } from "../../../src/config/settings.js";
import {
  openUnderRoot,
  OutsideRootError,
  readFileUnderRoot,
  splitRelative,
  type WalkStrategy,
} from "../../../src/context/files/open-under-root.js";
import { userLayerFromSettings } from "../../../src/context/for-run.js";
import { readUserFile } from "../../../src/context/instructions/user-layer.js";

const SECRET = "runner secret: do not show";

let top: string;
let root: string;
let outside: string;
beforeEach(async () => {
  top = await realpath(await mkdtemp(path.join(tmpdir(), "rivumi-under-root-")));
  root = path.join(top, "checkout");
  outside = path.join(top, "outside");
  await mkdir(path.join(root, ".github", "rivumi"), { recursive: true });
  await writeFile(path.join(root, ".github", "rivumi", "RIVUMI.md"), "inside rules\n");
  await mkdir(outside);
  await writeFile(path.join(outside, "RIVUMI.md"), SECRET);
});
afterEach(async () => {
  await rm(top, { recursive: true, force: true });
});

const write = async (rel: string, text: string) => {
  await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
  await writeFile(path.join(root, rel), text);
};
/** Replaces the directory `rel` of the checkout with a link to `target`. */
const replaceWithLink = async (rel: string, target: string) => {
  await rm(path.join(root, rel), { recursive: true });
  await symlink(target, path.join(root, rel));
};

const strategies: WalkStrategy[] = process.platform === "linux" ? ["procfs", "paths"] : ["paths"];

describe.each(strategies)("openUnderRoot (%s)", (strategy) => {
  const read = (rel: string) => readFileUnderRoot(root, rel, 1000, strategy);

  it("reads a nested regular file", async () => {
    expect(await read(".github/rivumi/RIVUMI.md")).toMatchObject({
      ok: true,
      text: "inside rules\n",
    });
    expect(await read("./.github//rivumi/../rivumi/RIVUMI.md")).toMatchObject({ ok: true });
  });

  it("refuses a parent directory replaced by a link to an outside folder", async () => {
    await replaceWithLink(".github/rivumi", outside);
    const opened = await openUnderRoot(root, ".github/rivumi/RIVUMI.md", strategy);
    expect(opened).toEqual({ kind: "symlink", component: ".github/rivumi" });
    const check = await read(".github/rivumi/RIVUMI.md");
    expect(check).toMatchObject({ ok: false, reason: "symlinked-directory" });
    expect(JSON.stringify(check)).not.toContain("runner secret");
  });

  it("refuses a link in the middle of the path, even one that stays inside", async () => {
    await write("real/c/RIVUMI.md", "x");
    await mkdir(path.join(root, "a"));
    await symlink("../real", path.join(root, "a", "b"));
    expect(await openUnderRoot(root, "a/b/c/RIVUMI.md", strategy)).toEqual({
      kind: "symlink",
      component: "a/b",
    });
  });

  it("refuses a linked file, as before", async () => {
    await symlink(path.join(outside, "RIVUMI.md"), path.join(root, "RIVUMI.md"));
    expect(await openUnderRoot(root, "RIVUMI.md", strategy)).toEqual({
      kind: "symlink",
      component: "RIVUMI.md",
    });
    expect(await read("RIVUMI.md")).toMatchObject({ ok: false, reason: "symlink" });
  });

  it("refuses `..` leaving the root and absolute paths", async () => {
    expect(await openUnderRoot(root, "../outside/RIVUMI.md", strategy)).toEqual({
      kind: "outside",
    });
    expect(await openUnderRoot(root, "a/../../outside/RIVUMI.md", strategy)).toEqual({
      kind: "outside",
    });
    expect(await openUnderRoot(root, path.join(outside, "RIVUMI.md"), strategy)).toEqual({
      kind: "outside",
    });
    await expect(read("../outside/RIVUMI.md")).rejects.toThrow(OutsideRootError);
  });

  it("does not hang on a FIFO, as the file or on the way", async () => {
    await execa("mkfifo", [path.join(root, "fifo")]);
    // The open does not wait for a writer; the handle then says what the file is.
    const opened = await openUnderRoot(root, "fifo", strategy);
    if (opened.kind === "open") {
      expect((await opened.handle.stat()).isFIFO()).toBe(true);
      await opened.handle.close();
    } else expect.unreachable(`opened as ${opened.kind}`);
    expect(await read("fifo")).toMatchObject({ ok: false, reason: "not-regular" });
    expect(await read("fifo/RIVUMI.md")).toBeNull();
  });

  it("says missing for a missing file, a missing directory and a file on the way", async () => {
    await write("plain.md", "x");
    expect(await read("none.md")).toBeNull();
    expect(await read("no/such/dir.md")).toBeNull();
    expect(await read("plain.md/inner.md")).toBeNull();
  });

  it("refuses a directory where the file should be", async () => {
    expect(await read(".github")).toMatchObject({ ok: false, reason: "not-regular" });
    expect(await openUnderRoot(root, ".", strategy)).toEqual({ kind: "not-regular" });
  });

  it("follows links in the root itself (the caller's choice, trusted)", async () => {
    const alias = path.join(top, "alias");
    await symlink(root, alias);
    expect(
      await readFileUnderRoot(alias, ".github/rivumi/RIVUMI.md", 1000, strategy),
    ).toMatchObject({ ok: true, text: "inside rules\n" });
  });
});

describe.runIf(process.platform === "linux")("openUnderRoot against a racing swap", () => {
  it("never reads through a directory swapped for a link during the walk", async () => {
    const dir = path.join(root, ".github", "rivumi");
    await symlink(outside, path.join(root, ".github", "link"));
    // Swaps the directory and a link to the outside folder back and forth, as fast as it can.
    const worker = new Worker(
      `const fs = require("node:fs");
       const { parentPort, workerData: w } = require("node:worker_threads");
       parentPort.postMessage("swapping");
       const stop = Date.now() + 10000;
       while (Date.now() < stop && !fs.existsSync(w.done)) {
         fs.renameSync(w.dir, w.parked);
         fs.renameSync(w.link, w.dir);
         fs.renameSync(w.dir, w.link);
         fs.renameSync(w.parked, w.dir);
       }`,
      {
        eval: true,
        workerData: {
          dir,
          link: path.join(root, ".github", "link"),
          parked: path.join(root, ".github", "parked"),
          done: path.join(top, "done"),
        },
      },
    );
    const exited = new Promise((resolve) => worker.once("exit", resolve));
    const seen = new Set<string>();
    try {
      await new Promise((resolve) => worker.once("message", resolve));
      // At least 200 reads, and on until one has met the link (with a bound).
      for (let i = 0; i < 200 || (i < 3000 && !seen.has("symlinked-directory")); i++) {
        const check = await readFileUnderRoot(root, ".github/rivumi/RIVUMI.md", 1000, "procfs");
        expect(JSON.stringify(check)).not.toContain("runner secret");
        seen.add(check === null ? "missing" : check.ok ? "ok" : check.reason);
      }
    } finally {
      await writeFile(path.join(top, "done"), "");
      await exited;
    }
    // The reads did meet the link (the old open by path read the secret here about one time in four).
    expect(seen).toContain("symlinked-directory");
    expect([...seen].every((s) => ["ok", "missing", "symlinked-directory"].includes(s))).toBe(true);
  });
});

describe("splitRelative", () => {
  it("resolves `.`, empty segments and an inner `..`, and refuses leaving", () => {
    expect(splitRelative("./a//b/../c")).toEqual(["a", "c"]);
    expect(splitRelative("")).toEqual([]);
    expect(splitRelative("..")).toBeNull();
    expect(splitRelative("/etc/passwd")).toBeNull();
    expect(splitRelative("a\0b")).toBeNull();
  });
});

describe("readUserFile", () => {
  it("reads a root-relative file, and refuses one behind a linked parent", async () => {
    const at = { root, relative: ".github/rivumi/RIVUMI.md" };
    expect(await readUserFile(at, at.relative, 1000)).toMatchObject({
      path: ".github/rivumi/RIVUMI.md",
      ok: true,
    });
    await replaceWithLink(".github", outside);
    const entry = await readUserFile(at, at.relative, 1000);
    expect(entry).toMatchObject({ ok: false, reason: "symlinked-directory" });
    expect(JSON.stringify(entry)).not.toContain("runner secret");
  });

  it("still reads the CLI user's file through a linked dotfiles directory", async () => {
    const dotfiles = path.join(top, "dotfiles", "rivumi");
    await mkdir(dotfiles, { recursive: true });
    await writeFile(path.join(dotfiles, "RIVUMI.md"), "my own rules\n");
    await mkdir(path.join(top, "home", ".config"), { recursive: true });
    await symlink(dotfiles, path.join(top, "home", ".config", "rivumi"));
    const file = path.join(top, "home", ".config", "rivumi", "RIVUMI.md");
    expect(await readUserFile(file, "~/.config/rivumi/RIVUMI.md", 1000)).toMatchObject({
      ok: true,
      text: "my own rules\n",
    });
  });
});

describe("userLayerFromSettings", () => {
  const settings = (file: string) =>
    parseSettings(
      (n) =>
        ({ "github-token": "ghs_token_value", model: "m", "instructions-file": file })[n] ?? "",
    );

  it("reads instructions-file relative to the checkout", async () => {
    expect(await userLayerFromSettings(settings(".github/rivumi/RIVUMI.md"), root)).toMatchObject([
      { path: ".github/rivumi/RIVUMI.md", ok: true, text: "inside rules\n" },
    ]);
  });

  it("refuses a path leaving the checkout, naming the input", async () => {
    for (const file of ["../outside/RIVUMI.md", path.join(outside, "RIVUMI.md")]) {
      await expect(userLayerFromSettings(settings(file), root)).rejects.toThrow(
        /input 'instructions-file'.*not inside the checkout/,
      );
    }
  });

  it("keeps a file behind a linked parent as a refused entry, without its text", async () => {
    await replaceWithLink(".github/rivumi", outside);
    const layer = await userLayerFromSettings(settings(".github/rivumi/RIVUMI.md"), root);
    expect(layer).toMatchObject([{ ok: false, reason: "symlinked-directory" }]);
    expect(JSON.stringify(layer)).not.toContain("runner secret");
  });
});
