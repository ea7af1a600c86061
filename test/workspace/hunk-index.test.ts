import { chmod, mkdir, mkdtemp, readFile, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DiffFile } from "../../src/workspace/diff-parse.js";
import {
  buildHunkIndex,
  findHunk,
  loadHunkIndex,
  locateLine,
  readHunk,
  readHunks,
  type HunkIndex,
} from "../../src/workspace/hunk-index.js";
import { hunkParts, MIN_PAGE_CHARS, pageHunks } from "../../src/workspace/hunk-pages.js";
import { parseHunks } from "../support/diff-hunks.js";
import { alive, slowToDieGit, until } from "../support/slow-git.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

const numbered = (n: number, tag = "line") =>
  Array.from({ length: n }, (_, i) => `${tag} ${i + 1}`).join("\n") + "\n";

/** Lines 1..n with every `every`-th one edited: one hunk per edit. */
const edited = (n: number, every: number, tag = "line") =>
  numbered(n, tag)
    .split("\n")
    .map((l, i) => ((i + 1) % every === 0 ? `${l} edited` : l))
    .join("\n");

let repo: TempGit;
let runs: string;
beforeAll(async () => {
  runs = await mkdtemp(join(tmpdir(), "rivumi-hunk-runs-"));
});
afterAll(() => rm(runs, { recursive: true, force: true }));

let runCount = 0;
async function indexOf(
  from: string,
  to: string,
  extra: Partial<Parameters<typeof buildHunkIndex>[0]> = {},
): Promise<HunkIndex> {
  return buildHunkIndex({
    root: repo.root,
    from,
    to,
    runDir: join(runs, `run${++runCount}`),
    ...extra,
  });
}

async function move(from: string, to: string): Promise<void> {
  await mkdir(dirname(join(repo.root, to)), { recursive: true });
  await rename(join(repo.root, from), join(repo.root, to));
}

const byPath = (index: HunkIndex) => new Map(index.files.map((f) => [f.path, f]));

describe("buildHunkIndex on a real repository", () => {
  let index: HunkIndex;
  const odd = "dir with space/ü ñ.txt";
  const newline = "new\nline.txt";

  beforeAll(async () => {
    repo = await makeTempGit();
    await repo.write("src/app.ts", numbered(60));
    await repo.write("old/name.ts", numbered(40, "moved"));
    await repo.write("same.ts", numbered(20, "same"));
    await repo.write("copysrc.ts", numbered(30, "copy"));
    await repo.write("gone.md", "bye\n");
    await repo.write("run.sh", "echo hi\n");
    await repo.write("logo.bin", Buffer.from([0, 1, 2, 3]));
    await repo.write("tc", "plain file\n");
    await repo.write(odd, "a\nb");
    const base = await repo.commit("base");
    await repo.write("src/app.ts", edited(60, 20));
    await move("old/name.ts", "new-name.ts");
    await repo.write(
      "new-name.ts",
      numbered(40, "moved").replace("moved 20\n", "moved 20 changed\n"),
    );
    await move("same.ts", "moved/same.ts");
    await repo.write("copysrc.ts", numbered(30, "copy") + "more\n");
    await repo.write("copy.ts", numbered(30, "copy") + "other\n");
    await repo.git("rm", "-q", "gone.md");
    await chmod(join(repo.root, "run.sh"), 0o755);
    await repo.write("logo.bin", Buffer.from([0, 1, 2, 4]));
    await repo.git("rm", "-q", "tc");
    await repo.link("tc", "src/app.ts");
    await repo.write(odd, "a\nc");
    await repo.write(newline, "hello\n");
    const head = await repo.commit("head");
    index = await indexOf(base, head, { findCopies: true });
  });
  afterAll(() => repo.remove());

  it("gives every changed file its status and paths", () => {
    const files = byPath(index);
    const status = (p: string) => [files.get(p)?.status, files.get(p)?.oldPath];
    expect(status("src/app.ts")).toEqual(["modified", undefined]);
    expect(status("new-name.ts")).toEqual(["renamed", "old/name.ts"]);
    expect(status("moved/same.ts")).toEqual(["renamed", "same.ts"]);
    expect(status("copy.ts")).toEqual(["copied", "copysrc.ts"]);
    expect(status("gone.md")).toEqual(["deleted", undefined]);
    expect(status("run.sh")).toEqual(["mode-changed", undefined]);
    expect(status("tc")).toEqual(["type-changed", undefined]);
    expect(status(odd)).toEqual(["modified", undefined]);
    expect(status(newline)).toEqual(["added", undefined]);
    expect(files.get("logo.bin")).toMatchObject({ status: "modified", binary: true, hunks: [] });
    expect(files.get("moved/same.ts")!.hunks).toEqual([]);
    expect(files.get("src/app.ts")!.hunks).toHaveLength(3);
    expect(index.totals).toMatchObject({ files: index.files.length, hunks: 11 });
    expect(index.renameLimitHit).toBe(false);
  });

  it("reads any hunk back by its offset, exactly as it stands in the diff", async () => {
    const diff = await readFile(index.diffPath);
    const ids = index.files.flatMap((f) => f.hunks.map((h) => h.id));
    const texts = await readHunks(index, ids);
    index.files
      .flatMap((f) => f.hunks)
      .forEach((hunk, i) => {
        expect(texts[i]).toBe(diff.toString("utf8", hunk.offset, hunk.offset + hunk.length));
        expect(texts[i]!.startsWith(hunk.header)).toBe(true);
      });
    const oddHunk = byPath(index).get(odd)!.hunks[0]!;
    expect(await readHunk(index, oddHunk.id)).toBe(
      "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
    );
    await expect(readHunk(index, "99:0")).rejects.toThrow(/no hunk "99:0"/);
  });

  it("finds a hunk only by an id of two whole numbers", () => {
    const first = index.files[0]!;
    expect(findHunk(index, "0:0")).toEqual({ file: first, hunk: first.hunks[0] });
    expect(findHunk(index, "00:0")?.hunk).toBe(first.hunks[0]);
    for (const id of [
      "",
      ":",
      "0:",
      ":0",
      "0:0:0",
      "a:0",
      "0:0 ",
      " 0:0",
      "-0:0",
      "0.0:0",
      "0:1e0",
    ])
      expect(findHunk(index, id), id).toBeUndefined();
  });

  it("keeps the index on disk next to the diff and loads it back", async () => {
    expect(index.diffPath).toMatch(/diff\.patch$/);
    expect(await loadHunkIndex(join(index.indexPath, ".."))).toEqual(index);
  });

  it("anchors a line on either side with its GitHub position and text", async () => {
    const file = byPath(index).get("src/app.ts")!;
    const diff = await readFile(index.diffPath, "utf8");
    const patch = diff.slice(
      diff.indexOf("@@", diff.indexOf("diff --git a/src/app.ts")),
      diff.indexOf("diff --git", diff.indexOf("diff --git a/src/app.ts") + 1),
    );
    const github = parseHunks(patch).flatMap((h) => h.lines);
    const right = await locateLine(index, { path: file.path, line: 40, side: "RIGHT" });
    expect(right).toMatchObject({ kind: "added", text: "line 40 edited", newLine: 40 });
    expect(right!.position).toBe(
      github.find((l) => l.newLine === 40 && l.kind === "added")!.position,
    );
    const left = await locateLine(index, { path: file.path, line: 40, side: "LEFT" });
    expect(left).toMatchObject({ kind: "removed", text: "line 40", oldLine: 40 });
    expect(left!.position).toBe(
      github.find((l) => l.oldLine === 40 && l.kind === "removed")!.position,
    );
    expect(await locateLine(index, { path: file.path, line: 38, side: "RIGHT" })).toMatchObject({
      kind: "context",
      text: "line 38",
    });
    expect(await locateLine(index, { path: file.path, line: 30, side: "RIGHT" })).toBeUndefined();
    expect(await locateLine(index, { path: "nope.ts", line: 1, side: "RIGHT" })).toBeUndefined();
  });

  it("marks files over maxFileBytes as too large and still indexes their hunks", async () => {
    const small = await indexOf(index.from, index.to, { maxFileBytes: 300 });
    const app = byPath(small).get("src/app.ts")!;
    expect(app.tooLarge).toBe(true);
    expect(app.hunks.every((h) => h.tooLarge)).toBe(true);
    expect(byPath(small).get("gone.md")!.tooLarge).toBeUndefined();
  });
});

describe("rename limit", () => {
  let base: string;
  let head: string;
  beforeAll(async () => {
    repo = await makeTempGit();
    for (let i = 0; i < 6; i++) await repo.write(`a/f${i}.ts`, numbered(30, `file${i}`));
    base = await repo.commit("base");
    for (let i = 0; i < 6; i++) {
      await move(`a/f${i}.ts`, `b/g${i}.ts`);
      await repo.write(`b/g${i}.ts`, numbered(30, `file${i}`) + "extra\n");
    }
    head = await repo.commit("head");
  });
  afterAll(() => repo.remove());

  it("reports git giving up inexact renames past -l, with its warning", async () => {
    const limited = await indexOf(base, head, { renameLimit: 2 });
    expect(limited.renameLimitHit).toBe(true);
    expect(limited.renameLimitMessage).toMatch(/rename detection was skipped/);
    expect(limited.renameLimitMessage).toMatch(/renameLimit/);
    expect(limited.files.filter((f) => f.status === "renamed")).toHaveLength(0);
    expect(limited.files).toHaveLength(12);
    // By default git runs with no limit (-l0): every rename is found.
    const full = await indexOf(base, head);
    expect(full.renameLimit).toBe(0);
    expect(full.renameLimitHit).toBe(false);
    expect(full.files.map((f) => f.status)).toEqual(Array(6).fill("renamed"));
  });

  it("fails with git's message on a bad revision and refuses option-like revisions", async () => {
    await expect(indexOf(base, "0".repeat(40), { renameLimit: 10 })).rejects.toThrow(
      /git diff failed \(exit 128\)/,
    );
    await expect(indexOf("--output=/tmp/x", head)).rejects.toThrow(/not a revision/);
  });
});

describe("pageHunks", () => {
  let index: HunkIndex;
  let all: string[];
  let long: DiffFile;
  beforeAll(async () => {
    repo = await makeTempGit();
    for (let i = 0; i < 12; i++) await repo.write(`d${i % 3}/f${i}.ts`, numbered(80, `f${i}`));
    await repo.write("long.txt", "start\n");
    const base = await repo.commit("base");
    for (let i = 0; i < 12; i++) await repo.write(`d${i % 3}/f${i}.ts`, edited(80, 9 + i, `f${i}`));
    const huge = ["x".repeat(5000), "é".repeat(2500), "😀".repeat(1800), "short", "y".repeat(999)];
    await repo.write("long.txt", `start\n${huge.join("\n")}`);
    const head = await repo.commit("head");
    index = await indexOf(base, head);
    all = index.files.flatMap((f) => f.hunks.map((h) => h.id));
    long = byPath(index).get("long.txt")!;
  });
  afterAll(() => repo.remove());

  /** Every page from the first, following `next`. */
  async function everyPage(maxChars: number, file?: string) {
    const pages = [];
    let startHunk: string | undefined;
    do {
      const page = await pageHunks(index, {
        maxChars,
        ...(file !== undefined ? { file } : {}),
        ...(startHunk !== undefined ? { startHunk } : {}),
      });
      pages.push(page);
      startHunk = page.next;
      expect(pages.length).toBeLessThan(500);
    } while (startHunk !== undefined);
    return pages;
  }

  it("pages whole hunks in order, each page within maxChars, the way on always on it", async () => {
    for (const maxChars of [MIN_PAGE_CHARS, 1700, 4000, 1_000_000]) {
      const pages = await everyPage(maxChars);
      const texts = await readHunks(index, all);
      for (const page of pages) {
        expect(page.text.length).toBeLessThanOrEqual(maxChars);
        const last = page.text.split("\n").at(-1);
        expect(last).toBe(
          page.next
            ? `[continue at hunk ${page.next}: call again with startHunk "${page.next}"]`
            : "[end of hunks]",
        );
        for (const id of page.hunks) expect(page.text).toContain(texts[all.indexOf(id)]);
      }
      const whole = pages.flatMap((p) => p.hunks);
      const parted = [...new Set(pages.flatMap((p) => (p.part ? [p.part.id] : [])))];
      expect([...whole, ...parted].sort()).toEqual([...all].sort());
      expect(whole.filter((id) => !parted.includes(id))).toEqual(whole);
    }
  });

  it("splits a hunk of very long lines into marked parts that lose nothing", async () => {
    const maxChars = 1200;
    const pages = await everyPage(maxChars, "long.txt");
    const hunk = long.hunks[0]!;
    const parts = pages.filter((p) => p.part);
    expect(parts.length).toBe(pages.length);
    const n = parts[0]!.part!.n;
    expect(parts.map((p) => p.part)).toEqual(
      Array.from({ length: n }, (_, i) => ({ id: hunk.id, k: i + 1, n })),
    );
    let rebuilt = "";
    for (const page of parts) {
      expect(page.text.length).toBeLessThanOrEqual(maxChars);
      const lines = page.text.split("\n");
      const { k } = page.part!;
      expect(lines[0]).toBe(`### part ${k}/${n} of hunk ${hunk.id} modified long.txt`);
      const body = lines.slice(1, -1);
      const note = body.at(-1)?.startsWith("[hunk ") ? body.pop() : undefined;
      if (k < n)
        expect(note).toMatch(new RegExp(`^\\[hunk ${hunk.id} continues in part ${k + 1}/${n}`));
      else expect(note).toBeUndefined();
      const piece = `${body.join("\n")}\n`;
      rebuilt += note?.includes("mid-line") ? piece.slice(0, -1) : piece;
    }
    expect(rebuilt).toBe(await readHunk(index, hunk.id));
    const alone = await hunkParts(index, hunk.id, maxChars);
    expect(alone.length).toBeLessThanOrEqual(n);
    expect(alone.every((t) => t.length <= maxChars)).toBe(true);
    expect(alone[0]).toMatch(new RegExp(`^### part 1/${alone.length} of hunk ${hunk.id} `));
  });

  it("restricts pages to one file and rejects cursors it cannot follow", async () => {
    const file = index.files[1]!;
    const pages = await everyPage(MIN_PAGE_CHARS * 4, file.path);
    expect(pages.flatMap((p) => p.hunks)).toEqual(file.hunks.map((h) => h.id));
    await expect(pageHunks(index, { maxChars: 500 })).rejects.toThrow(/at least 1000/);
    await expect(pageHunks(index, { maxChars: 2000, startHunk: "x" })).rejects.toThrow(
      /not a hunk id/,
    );
    await expect(
      pageHunks(index, {
        maxChars: 2000,
        startHunk: index.files[0]!.hunks[0]!.id,
        file: file.path,
      }),
    ).rejects.toThrow(/is not in/);
    await expect(
      pageHunks(index, { maxChars: 2000, startHunk: `${long.hunks[0]!.id}#999` }),
    ).rejects.toThrow(/parts, not 999/);
  });
});

describe("an aborted buildHunkIndex", () => {
  it("rejects only once git has exited", async () => {
    const dir = await mkdtemp(join(tmpdir(), "rivumi-slow-git-"));
    const fake = slowToDieGit(dir);
    const saved = process.env.PATH;
    process.env.PATH = fake.path; // the index's git takes the PATH of the moment
    try {
      const stop = new AbortController();
      const built = buildHunkIndex({
        root: dir,
        from: "a",
        to: "b",
        runDir: join(dir, "run"),
        signal: stop.signal,
      });
      built.catch(() => undefined);
      await until(() => fake.pid() !== undefined);
      stop.abort();
      await expect(built).rejects.toThrow();
      expect(alive(fake.pid()!)).toBe(false);
    } finally {
      process.env.PATH = saved;
      await rm(dir, { recursive: true, force: true });
    }
  });
});
