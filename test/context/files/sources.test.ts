import { createHash } from "node:crypto";
import { mkdir, rename } from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareBaseSource } from "../../../src/context/base-source.js";
import { gitFileSource } from "../../../src/context/files/git-source.js";
import { worktreeFileSource } from "../../../src/context/files/worktree-source.js";
import { alive, slowToDieGit, until, type SlowGit } from "../../support/slow-git.js";
import {
  commitTree,
  makeTempGit,
  sourceFor,
  SOURCE_KINDS,
  type TempGit,
} from "../../support/temp-git.js";

const sha = (bytes: string | Uint8Array) => createHash("sha256").update(bytes).digest("hex");

let repo: TempGit;
beforeEach(async () => {
  repo = await makeTempGit();
});
afterEach(async () => {
  await repo.remove();
});

describe.each(SOURCE_KINDS)("%s source", (kind) => {
  it("reads a regular file with its size and hash, and says nothing of a missing one", async () => {
    await commitTree(repo, { "a/AGENTS.md": "rules ✓\n" });
    const source = await sourceFor(repo, kind);
    expect(await source.read("a/AGENTS.md", 100)).toEqual({
      ok: true,
      text: "rules ✓\n",
      bytes: 10,
      sha256: sha("rules ✓\n"),
    });
    expect(await source.read("a/RIVUMI.md", 100)).toBeNull();
    expect(await source.read("b/AGENTS.md", 100)).toBeNull();
  });

  it("accepts exactly the cap and refuses one byte more, with the size", async () => {
    await commitTree(repo, { "ok.md": "x".repeat(16), "big.md": "x".repeat(17) });
    const source = await sourceFor(repo, kind);
    expect(await source.read("ok.md", 16)).toMatchObject({ ok: true, bytes: 16 });
    expect(await source.read("big.md", 16)).toEqual({
      ok: false,
      reason: "too-large",
      bytes: 17,
      sha256: null,
    });
  });

  it("refuses invalid UTF-8 and NUL bytes, keeping their hash", async () => {
    const latin1 = Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x0a]);
    await commitTree(repo, { "latin1.md": latin1, "nul.md": "a\0b" });
    const source = await sourceFor(repo, kind);
    expect(await source.read("latin1.md", 100)).toEqual({
      ok: false,
      reason: "not-utf8",
      bytes: 5,
      sha256: sha(latin1),
    });
    expect(await source.read("nul.md", 100)).toMatchObject({ ok: false, reason: "nul-byte" });
  });

  it("refuses a symlinked file, even to a valid file", async () => {
    await commitTree(repo, { "real.md": "rules\n", "AGENTS.md": { link: "real.md" } });
    const source = await sourceFor(repo, kind);
    expect(await source.read("AGENTS.md", 100)).toMatchObject({ ok: false, reason: "symlink" });
  });

  it("refuses a file reached through a symlinked directory", async () => {
    await commitTree(repo, { "real/AGENTS.md": "rules\n", docs: { link: "real" } });
    const source = await sourceFor(repo, kind);
    expect(await source.read("real/AGENTS.md", 100)).toMatchObject({ ok: true });
    expect(await source.read("docs/AGENTS.md", 100)).toMatchObject({
      ok: false,
      reason: "symlinked-directory",
    });
    expect(await source.read("docs/RIVUMI.md", 100)).toBeNull();
  });

  it("refuses a directory named like a document", async () => {
    await repo.write("AGENTS.md/inner.txt", "x");
    await repo.commit();
    const source = await sourceFor(repo, kind);
    expect(await source.read("AGENTS.md", 100)).toMatchObject({ ok: false, reason: "not-regular" });
  });

  it("lists a directory, and refuses to list through a symlinked one", async () => {
    await commitTree(repo, {
      "skills/a/SKILL.md": "x",
      "skills/f.md": "x",
      "skills/l": { link: "a" },
      alias: { link: "skills" },
    });
    const source = await sourceFor(repo, kind);
    const listing = await source.list("skills");
    expect(
      listing.kind === "ok" && [...listing.entries].sort((x, y) => (x.name < y.name ? -1 : 1)),
    ).toEqual([
      { name: "a", kind: "dir" },
      { name: "f.md", kind: "file" },
      { name: "l", kind: "symlink" },
    ]);
    expect(await source.list("alias")).toEqual({ kind: "rejected", reason: "symlinked-directory" });
    expect(await source.list("nope")).toEqual({ kind: "missing" });
    expect(await source.list("skills/f.md")).toEqual({ kind: "missing" });
  });

  it("keeps paths inside the repository", async () => {
    await commitTree(repo, { "a.md": "x" });
    const source = await sourceFor(repo, kind);
    await expect(source.read("../a.md", 100)).rejects.toThrow(/leaves the repository/);
    await expect(source.read("/etc/passwd", 100)).rejects.toThrow(/not relative/);
  });
});

describe("git source", () => {
  it("refuses a submodule entry", async () => {
    await commitTree(repo, { "README.md": "x" });
    await repo.gitlink("vendor/AGENTS.md");
    await repo.git("commit", "-q", "-m", "gitlink");
    const source = await gitFileSource(repo.root, "HEAD");
    expect(await source.read("vendor/AGENTS.md", 100)).toMatchObject({
      ok: false,
      reason: "not-regular",
    });
  });

  it("stays pinned to the commit the revision named when it was opened", async () => {
    const first = await commitTree(repo, { "AGENTS.md": "old\n" });
    const source = await gitFileSource(repo.root, "main");
    await commitTree(repo, { "AGENTS.md": "new\n" });
    expect(source.commit).toBe(first);
    expect(await source.read("AGENTS.md", 100)).toMatchObject({ text: "old\n" });
  });

  it("reads committed objects, not the working tree", async () => {
    await commitTree(repo, { "AGENTS.md": "committed\n" });
    await repo.write("AGENTS.md", "edited\n");
    const source = await gitFileSource(repo.root, "HEAD");
    expect(await source.read("AGENTS.md", 100)).toMatchObject({ text: "committed\n" });
  });

  it("does not treat a link leaving the repository as a way to a candidate", async () => {
    await commitTree(repo, { out: { link: "../elsewhere" }, abs: { link: "/etc" } });
    const source = await gitFileSource(repo.root, "HEAD");
    expect(await source.read("out/AGENTS.md", 100)).toBeNull();
    expect(await source.read("abs/passwd", 100)).toBeNull();
  });

  it("fails clearly on an unknown revision", async () => {
    await commitTree(repo, { "a.md": "x" });
    await expect(gitFileSource(repo.root, "no-such-ref")).rejects.toThrow(/rev-parse/);
  });
});

describe("working tree source", () => {
  it("refuses a FIFO without hanging on it", async () => {
    await repo.fifo("AGENTS.md");
    const source = worktreeFileSource(repo.root);
    expect(await source.read("AGENTS.md", 100)).toEqual({
      ok: false,
      reason: "not-regular",
      bytes: null,
      sha256: null,
    });
  });

  it("refuses a submodule checkout (a directory where a document would be)", async () => {
    await commitTree(repo, { "README.md": "x" });
    await repo.gitlink("vendor/AGENTS.md");
    await repo.git("commit", "-q", "-m", "gitlink");
    await mkdir(path.join(repo.root, "vendor/AGENTS.md"), { recursive: true });
    const source = worktreeFileSource(repo.root);
    expect(await source.read("vendor/AGENTS.md", 100)).toMatchObject({ reason: "not-regular" });
  });

  it("sees uncommitted edits, which is what reload needs", async () => {
    await commitTree(repo, { "AGENTS.md": "committed\n" });
    await repo.write("AGENTS.md", "edited\n");
    const source = worktreeFileSource(repo.root);
    expect(await source.read("AGENTS.md", 100)).toMatchObject({ text: "edited\n" });
  });
});

describe("git source prefetch", () => {
  it("answers exactly as without it, through symlinked, missing and file-shaped directories", async () => {
    const commit = await commitTree(repo, {
      "AGENTS.md": "root\n",
      "a/b/c/AGENTS.md": "deep\n",
      "real/AGENTS.md": "real\n",
      "real/x/AGENTS.md": "x\n",
      linked: { link: "real" },
      file: "not a directory\n",
    });
    const dirs = [".", "a", "a/b", "a/b/c", "linked", "linked/x", "missing", "missing/y", "file/z"];
    const paths = dirs.flatMap((d) => [`${d}/AGENTS.md`, `${d}/RIVUMI.md`]);
    const ask = async (prefetch: boolean) => {
      const source = await gitFileSource(repo.root, commit);
      if (prefetch) void source.prefetch?.(dirs);
      const reads = await Promise.all(paths.map((p) => source.read(p, 100)));
      const lists = await Promise.all(dirs.map((d) => source.list(d)));
      return { reads, lists };
    };
    const plain = await ask(false);
    expect(await ask(true)).toEqual(plain);
    // The answers themselves: the symlinked directory is refused, not followed into.
    expect(plain.reads[paths.indexOf("a/b/c/AGENTS.md")]).toMatchObject({
      ok: true,
      text: "deep\n",
    });
    expect(plain.reads[paths.indexOf("linked/x/AGENTS.md")]).toMatchObject({
      reason: "symlinked-directory",
    });
    expect(plain.lists[dirs.indexOf("missing/y")]).toEqual({ kind: "missing" });
  });

  it("answers listings it prefetched without asking git again", async () => {
    const commit = await commitTree(repo, { "a/b/c.md": "x\n", "d/e.md": "y\n" });
    const warm = await gitFileSource(repo.root, commit);
    const cold = await gitFileSource(repo.root, commit);
    await warm.prefetch?.([".", "a", "a/b"]);
    // With the object store gone, only what was already listed can still be answered.
    await rename(path.join(repo.root, ".git"), path.join(repo.root, ".git-away"));
    try {
      expect(await warm.list("a/b")).toEqual({
        kind: "ok",
        entries: [{ name: "c.md", kind: "file" }],
      });
      expect(await cold.list("a/b")).toEqual({ kind: "missing" });
    } finally {
      await rename(path.join(repo.root, ".git-away"), path.join(repo.root, ".git"));
    }
  });

  it("lists a whole commit at once for many directories, with the same answers", async () => {
    const files: Record<string, string | { link: string }> = {
      "AGENTS.md": "root\n",
      "real/AGENTS.md": "real\n",
      linked: { link: "real" },
      file: "not a directory\n",
    };
    for (let i = 0; i < 50; i++)
      files[`pkg${i}/src/${i % 3 === 0 ? "AGENTS.md" : "x.ts"}`] = `${i}\n`;
    const commit = await commitTree(repo, files);
    const dirs = [
      ...Array.from({ length: 50 }, (_, i) => [`pkg${i}`, `pkg${i}/src`]).flat(),
      ".",
      "linked",
      "missing",
      "file/z",
    ];
    const paths = dirs.flatMap((d) => [`${d}/AGENTS.md`, `${d}/RIVUMI.md`]);
    const cold = await gitFileSource(repo.root, commit);
    const plain = await Promise.all(paths.map((p) => cold.read(p, 100)));
    const warm = await gitFileSource(repo.root, commit);
    await warm.prefetch?.(dirs);
    expect(await Promise.all(paths.map((p) => warm.read(p, 100)))).toEqual(plain);
    // One listing answered every directory: listings ask nothing more of git.
    await rename(path.join(repo.root, ".git"), path.join(repo.root, ".git-away"));
    try {
      expect(await warm.list("pkg3/src")).toEqual({
        kind: "ok",
        entries: [{ name: "AGENTS.md", kind: "file" }],
      });
      expect(await warm.list("linked")).toEqual({
        kind: "rejected",
        reason: "symlinked-directory",
      });
      expect(await warm.list("missing")).toEqual({ kind: "missing" });
    } finally {
      await rename(path.join(repo.root, ".git-away"), path.join(repo.root, ".git"));
    }
    expect(plain[paths.indexOf("pkg3/src/AGENTS.md")]).toMatchObject({ ok: true, text: "3\n" });
  });
});

describe("a git source's prefetch, aborted", () => {
  const dirs = Array.from({ length: 12 }, (_, i) => `d${i}`);

  /** Runs `fn` with the slow stand-in for git first on PATH (git takes the PATH of the moment). */
  async function withSlowGit(fn: (fake: SlowGit, head: string) => Promise<void>) {
    await commitTree(repo, Object.fromEntries(dirs.map((d) => [`${d}/f`, "x"])));
    const head = await repo.git("rev-parse", "HEAD");
    const fake = slowToDieGit(repo.root);
    const saved = process.env.PATH;
    process.env.PATH = fake.path;
    try {
      await fn(fake, head);
    } finally {
      process.env.PATH = saved;
    }
  }

  it("starts no listing after the abort, and resolves once none runs", async () => {
    await withSlowGit(async (fake, head) => {
      const stop = new AbortController();
      const source = await gitFileSource(repo.root, head, stop.signal);
      const prefetched = source.prefetch!(dirs);
      await until(() => fake.pids().length >= 8); // its eight at a time
      stop.abort();
      await prefetched;
      expect(fake.pids()).toHaveLength(8);
      expect(fake.pids().filter(alive)).toEqual([]);
    });
  });

  it("is waited for through the base source, whose git runs in the clone", async () => {
    await withSlowGit(async (fake, head) => {
      const stop = new AbortController();
      const base = await prepareBaseSource(
        repo.root,
        head,
        dirs.map((d) => `${d}/f`),
        stop.signal,
      );
      await until(() => fake.pids().length >= 8);
      stop.abort();
      await base.prefetched;
      expect(fake.pids().filter(alive)).toEqual([]);
    });
  });
});
