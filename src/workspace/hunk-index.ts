/**
 * The pull request's diff, computed once: git's patch streamed to `<runDir>/diff.patch` while the
 * parser records where every hunk lies, so any hunk is later one positioned read away.
 */
import { spawn } from "node:child_process";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { pipeline } from "node:stream/promises";
import { setTimeout as delay } from "node:timers/promises";
import {
  DiffParser,
  hunkContains,
  hunkLines,
  splitOnLines,
  type DiffFile,
  type DiffHunk,
  type HunkLine,
  type Side,
} from "./diff-parse.js";
import { GitError, gitEnv, runGitProcess } from "./git.js";

export interface HunkIndex {
  /** The merge base and the head the diff runs between. */
  from: string;
  to: string;
  /** The raw diff, `<runDir>/diff.patch`; hunk offsets point into it. */
  diffPath: string;
  /** Where the index is kept, `<runDir>/hunks.jsonl`: this header, then one file per line. */
  indexPath: string;
  files: DiffFile[];
  totals: { files: number; hunks: number; bytes: number; additions: number; deletions: number };
  /** The `-l` rename limit git ran with. */
  renameLimit: number;
  /** Git gave up inexact rename detection: some renames show as a deletion and an addition. */
  renameLimitHit: boolean;
  /** Git's own warning when it did. */
  renameLimitMessage?: string;
  maxFileBytes?: number;
}

export interface BuildHunkIndexOptions {
  /** The workspace holding both commits. */
  root: string;
  /** The merge base. */
  from: string;
  to: string;
  /** The run folder the diff and the index are written to. */
  runDir: string;
  /** Patches larger than this are marked `tooLarge`. */
  maxFileBytes?: number;
  /** Default max(1000, 2 × changed files), counted with a cheap diff without renames. */
  renameLimit?: number;
  /** Also find copies (`-C`); costs more rename detection, so off by default. */
  findCopies?: boolean;
  signal?: AbortSignal;
}

const RENAME_WARNING = /rename detection was skipped|renameLimit/;
const STDERR_KEEP = 64 * 1024;
const READ_CHUNK = 1 << 20;
const POLL_MS = 5;

/** Runs `git diff` once, streams it to disk and indexes every file and hunk. */
export async function buildHunkIndex(opts: BuildHunkIndexOptions): Promise<HunkIndex> {
  for (const rev of [opts.from, opts.to])
    if (rev.startsWith("-")) throw new GitError(`not a revision: ${rev}`);
  await mkdir(opts.runDir, { recursive: true });
  const renameLimit = opts.renameLimit ?? Math.max(1000, 2 * (await countChanged(opts)));
  const args = [
    "-c",
    "core.quotePath=true",
    "diff",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--no-relative",
    "--submodule=short",
    "--full-index",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--find-renames",
    `-l${renameLimit}`,
    ...(opts.findCopies ? ["--find-copies"] : []),
    opts.from,
    opts.to,
    "--",
  ];
  const diffPath = join(opts.runDir, "diff.patch");
  const parser = new DiffParser(
    opts.maxFileBytes !== undefined ? { maxFileBytes: opts.maxFileBytes } : {},
  );
  const { code, stderr } = await diffToFile(opts, args, diffPath, parser);
  if (code !== 0)
    throw new GitError(`git diff failed (exit ${code ?? "?"}): ${stderr.trim().slice(-500)}`);
  const files = parser.end();
  const warning = stderr
    .split("\n")
    .filter((line) => RENAME_WARNING.test(line))
    .join(" ")
    .trim();
  const index: HunkIndex = {
    from: opts.from,
    to: opts.to,
    diffPath,
    indexPath: join(opts.runDir, "hunks.jsonl"),
    files,
    totals: totalsOf(files),
    renameLimit,
    renameLimitHit: warning !== "",
    ...(warning ? { renameLimitMessage: warning } : {}),
    ...(opts.maxFileBytes !== undefined ? { maxFileBytes: opts.maxFileBytes } : {}),
  };
  await writeIndex(index);
  return index;
}

/**
 * Runs git with the diff file as its stdout and parses the file as it grows. A pipe would do the
 * same, but it makes git itself about a third slower, and the file is kept anyway.
 */
async function diffToFile(
  opts: BuildHunkIndexOptions,
  args: string[],
  diffPath: string,
  parser: DiffParser,
): Promise<{ code: number | null; stderr: string }> {
  const out = await open(diffPath, "w");
  try {
    const input = await open(diffPath, "r");
    try {
      const child = spawn("git", args, {
        cwd: opts.root,
        env: gitEnv(),
        stdio: ["ignore", out.fd, "pipe"],
        ...(opts.signal ? { signal: opts.signal } : {}),
      });
      let stderr = "";
      child.stderr?.setEncoding("utf8");
      child.stderr?.on("data", (text: string) => {
        if (stderr.length < STDERR_KEEP) stderr += text;
      });
      let done = false;
      const exited = new Promise<number | null>((resolve, reject) => {
        child.once("error", reject);
        child.once("close", (code) => {
          done = true;
          resolve(code);
        });
      });
      // Handled where it is awaited; this only keeps an early failure from going unhandled.
      exited.catch(() => undefined);
      const buf = Buffer.allocUnsafe(READ_CHUNK);
      let pos = 0;
      for (;;) {
        const finished = done; // taken before the read, so the read after exit drains the file
        const { bytesRead } = await input.read(buf, 0, buf.length, pos);
        pos += bytesRead;
        if (bytesRead > 0) parser.push(buf.subarray(0, bytesRead));
        else if (finished) break;
        else await Promise.race([exited, delay(POLL_MS)]);
      }
      return { code: await exited, stderr };
    } finally {
      await input.close();
    }
  } finally {
    await out.close();
  }
}

/** Changed files without rename detection: a tree walk, no blob is read. */
async function countChanged(opts: BuildHunkIndexOptions): Promise<number> {
  const out = await runGitProcess(
    opts.root,
    ["diff", "--no-renames", "--name-only", "-z", opts.from, opts.to, "--"],
    { encoding: "buffer", ...(opts.signal ? { signal: opts.signal } : {}) },
  );
  if (out.code !== 0) throw new GitError(`git diff --name-only failed: ${out.stderr.trim()}`);
  let n = 0;
  for (let i = out.stdout.indexOf(0); i >= 0; i = out.stdout.indexOf(0, i + 1)) n++;
  return n;
}

function totalsOf(files: readonly DiffFile[]): HunkIndex["totals"] {
  const totals = { files: files.length, hunks: 0, bytes: 0, additions: 0, deletions: 0 };
  for (const f of files) {
    totals.hunks += f.hunks.length;
    totals.bytes += f.bytes;
    totals.additions += f.additions;
    totals.deletions += f.deletions;
  }
  return totals;
}

async function writeIndex(index: HunkIndex): Promise<void> {
  const { files, ...header } = index;
  const out = createWriteStream(index.indexPath);
  await pipeline(
    (function* () {
      yield JSON.stringify(header) + "\n";
      for (const file of files) yield JSON.stringify(file) + "\n";
    })(),
    out,
  );
}

/** Reads back the index `buildHunkIndex` kept in `runDir`. */
export async function loadHunkIndex(runDir: string): Promise<HunkIndex> {
  const lines = createInterface({
    input: createReadStream(join(runDir, "hunks.jsonl")),
    crlfDelay: Infinity,
  });
  let header: Omit<HunkIndex, "files"> | undefined;
  const files: DiffFile[] = [];
  for await (const line of lines) {
    if (!line) continue;
    if (!header) header = JSON.parse(line) as Omit<HunkIndex, "files">;
    else files.push(JSON.parse(line) as DiffFile);
  }
  if (!header) throw new Error(`empty hunk index in ${runDir}`);
  return { ...header, files };
}

/** The hunk with this id (`file:hunk`), if any. */
export function findHunk(
  index: HunkIndex,
  id: string,
): { file: DiffFile; hunk: DiffHunk } | undefined {
  const m = /^(\d+):(\d+)$/.exec(id);
  if (!m) return undefined;
  const file = index.files[Number(m[1])];
  const hunk = file?.hunks[Number(m[2])];
  return file && hunk ? { file, hunk } : undefined;
}

function mustFind(index: HunkIndex, id: string): { file: DiffFile; hunk: DiffHunk } {
  const found = findHunk(index, id);
  if (!found) throw new RangeError(`no hunk "${id}" in the index (ids are "file:hunk")`);
  return found;
}

/** Runs `work` with the diff file open for positioned reads. */
export async function withDiff<T>(
  index: HunkIndex,
  work: (read: (hunk: DiffHunk) => Promise<string>) => Promise<T>,
): Promise<T> {
  const handle: FileHandle = await open(index.diffPath, "r");
  try {
    return await work(async (hunk) => {
      const buf = Buffer.alloc(hunk.length);
      const { bytesRead } = await handle.read(buf, 0, hunk.length, hunk.offset);
      return buf.toString("utf8", 0, bytesRead);
    });
  } finally {
    await handle.close();
  }
}

/** The text of one hunk, its `@@` line first, exactly as in the diff. */
export async function readHunk(index: HunkIndex, id: string): Promise<string> {
  const { hunk } = mustFind(index, id);
  return withDiff(index, (read) => read(hunk));
}

/** Bytes between two hunks that one read may take in rather than start a second read. */
const READ_GAP = 64 * 1024;

/**
 * The texts of several hunks, in the order asked. Hunks that lie close together in the diff file
 * (a batch of one directory's hunks usually does) come in one read: a read per hunk costs more
 * than the bytes it carries.
 */
export async function readHunks(index: HunkIndex, ids: readonly string[]): Promise<string[]> {
  const hunks = ids.map((id) => mustFind(index, id).hunk);
  const order = hunks.map((_, i) => i).sort((a, b) => hunks[a]!.offset - hunks[b]!.offset);
  const out: string[] = new Array<string>(hunks.length);
  const handle: FileHandle = await open(index.diffPath, "r");
  try {
    for (let i = 0; i < order.length;) {
      const start = hunks[order[i]!]!.offset;
      let end = start + hunks[order[i]!]!.length;
      let j = i + 1;
      for (; j < order.length; j++) {
        const next = hunks[order[j]!]!;
        if (next.offset > end + READ_GAP) break;
        end = Math.max(end, next.offset + next.length);
      }
      const buf = Buffer.allocUnsafe(end - start);
      const { bytesRead } = await handle.read(buf, 0, buf.length, start);
      for (let k = i; k < j; k++) {
        const hunk = hunks[order[k]!]!;
        const from = Math.min(hunk.offset - start, bytesRead);
        const to = Math.min(hunk.offset - start + hunk.length, bytesRead);
        out[order[k]!] = buf.toString("utf8", from, to);
      }
      i = j;
    }
  } finally {
    await handle.close();
  }
  return out;
}

export interface LineLocation extends HunkLine {
  file: DiffFile;
  hunk: DiffHunk;
}

/**
 * Where `line` on `side` of `path` sits in the diff, with its text: undefined when no hunk shows
 * it (a review comment cannot be anchored there). RIGHT is the head's numbering, LEFT the base's.
 */
export async function locateLine(
  index: HunkIndex,
  where: { path: string; line: number; side: Side },
): Promise<LineLocation | undefined> {
  const file = index.files.find((f) => f.path === where.path);
  const hunk = file?.hunks.find((h) => hunkContains(h, where.line, where.side));
  if (!file || !hunk) return undefined;
  const text = await withDiff(index, (read) => read(hunk));
  const key = where.side === "RIGHT" ? "newLine" : "oldLine";
  const found = hunkLines(hunk, text).find((l) => l[key] === where.line);
  return found ? { ...found, file, hunk } : undefined;
}

export interface PageOptions {
  /** Only this file's hunks. */
  file?: string;
  /** A hunk id, or `id#k` for part k of a hunk split over pages; the first hunk when absent. */
  startHunk?: string;
  /** The page, its last line included, is never longer (in UTF-16 code units). */
  maxChars: number;
}

export interface HunkPage {
  text: string;
  /** Hunks whose whole text is on the page. */
  hunks: string[];
  /** The part of a hunk too long for one page, when the page holds one. */
  part?: { id: string; k: number; n: number };
  /** Where the next page starts; absent after the last hunk. */
  next?: string;
}

/** Room for a heading, a part note and the last line, with some hunk text left. */
export const MIN_PAGE_CHARS = 1000;
const PATH_SHOWN = 120;
const WORST_CURSOR = "9999999:9999999#9999999";
const WORST_PART = { k: 9_999_999, n: 9_999_999 };

/**
 * A page of whole hunks, in diff order, up to `maxChars`. A hunk longer than a page comes in
 * parts cut on line boundaries (a line longer than a part is cut too), each marked
 * "part k/n"; the line saying where to continue is always on the page.
 */
export async function pageHunks(index: HunkIndex, opts: PageOptions): Promise<HunkPage> {
  if (opts.maxChars < MIN_PAGE_CHARS)
    throw new RangeError(`maxChars must be at least ${MIN_PAGE_CHARS}, got ${opts.maxChars}`);
  const only = opts.file === undefined ? undefined : index.files.find((f) => f.path === opts.file);
  if (opts.file !== undefined && !only) throw new RangeError(`no file "${opts.file}" in the diff`);
  const start = opts.startHunk === undefined ? firstHunk(index, only) : cursorAt(index, opts);
  if (!start) return { text: "[no hunks to show]", hunks: [] };
  const budget = opts.maxChars - tailLine(WORST_CURSOR).length;
  return withDiff(index, async (read) => {
    if (start.part !== undefined) {
      const parts = renderParts(start.file, start.hunk, await read(start.hunk), budget);
      return partPage(index, { at: start, parts, k: start.part, only });
    }
    const blocks: string[] = [];
    const ids: string[] = [];
    let used = 0;
    let at: HunkAt | undefined = start;
    while (at) {
      const head = heading(at.file, at.hunk);
      // UTF-8 takes at most 4 bytes per UTF-16 unit: a hunk this big cannot fit, unread.
      if (blocks.length > 0 && used + head.length + at.hunk.length / 4 > budget) break;
      const block = `${head}\n${withNewline(await read(at.hunk))}`;
      if (used + block.length > budget) {
        if (blocks.length > 0) break;
        const parts = renderParts(at.file, at.hunk, block.slice(head.length + 1), budget);
        return partPage(index, { at, parts, k: 1, only });
      }
      blocks.push(block);
      ids.push(at.hunk.id);
      used += block.length;
      at = nextHunk(index, at, only);
    }
    const next = at?.hunk.id;
    return {
      text: blocks.join("") + tailLine(next),
      hunks: ids,
      ...(next !== undefined ? { next } : {}),
    };
  });
}

/** A hunk's parts as `pageHunks` cuts them for pages of `maxChars`, without the last line. */
export async function hunkParts(index: HunkIndex, id: string, maxChars: number): Promise<string[]> {
  const { file, hunk } = mustFind(index, id);
  return renderParts(file, hunk, await withDiff(index, (read) => read(hunk)), maxChars);
}

/** Hunks with the headings the pager gives them, for a batch of whole hunks. */
export async function renderHunks(index: HunkIndex, ids: readonly string[]): Promise<string> {
  const texts = await readHunks(index, ids);
  return ids
    .map((id, i) => {
      const { file, hunk } = mustFind(index, id);
      return `${heading(file, hunk)}\n${withNewline(texts[i]!)}`;
    })
    .join("");
}

interface HunkAt {
  file: DiffFile;
  hunk: DiffHunk;
  part?: number;
}

function firstHunk(index: HunkIndex, only: DiffFile | undefined): HunkAt | undefined {
  for (const file of only ? [only] : index.files)
    if (file.hunks[0]) return { file, hunk: file.hunks[0] };
  return undefined;
}

function cursorAt(index: HunkIndex, opts: PageOptions): HunkAt {
  const [id = "", part] = (opts.startHunk ?? "").split("#");
  const found = findHunk(index, id);
  if (!found || (part !== undefined && !/^[1-9]\d*$/.test(part)))
    throw new RangeError(`startHunk "${opts.startHunk}" is not a hunk id ("file:hunk[#part]")`);
  if (opts.file !== undefined && found.file.path !== opts.file)
    throw new RangeError(`hunk ${id} is not in "${opts.file}"`);
  return { ...found, ...(part !== undefined ? { part: Number(part) } : {}) };
}

function nextHunk(index: HunkIndex, at: HunkAt, only: DiffFile | undefined): HunkAt | undefined {
  const hunk = at.file.hunks[at.file.hunks.indexOf(at.hunk) + 1];
  if (hunk) return { file: at.file, hunk };
  if (only) return undefined;
  for (let i = at.file.index + 1; i < index.files.length; i++) {
    const file = index.files[i]!;
    if (file.hunks[0]) return { file, hunk: file.hunks[0] };
  }
  return undefined;
}

function partPage(
  index: HunkIndex,
  { at, parts, k, only }: { at: HunkAt; parts: string[]; k: number; only: DiffFile | undefined },
): HunkPage {
  const text = parts[k - 1];
  if (text === undefined)
    throw new RangeError(`hunk ${at.hunk.id} has ${parts.length} parts, not ${k}`);
  const after =
    k < parts.length ? { file: at.file, hunk: at.hunk, part: k + 1 } : nextHunk(index, at, only);
  const next = after ? cursorOf(after) : undefined;
  return {
    text: text + tailLine(next),
    hunks: [],
    part: { id: at.hunk.id, k, n: parts.length },
    ...(next !== undefined ? { next } : {}),
  };
}

const cursorOf = (at: HunkAt) => (at.part ? `${at.hunk.id}#${at.part}` : at.hunk.id);

/** Each part: its heading "part k/n", its piece of the hunk, and a note when more follows. */
function renderParts(file: DiffFile, hunk: DiffHunk, text: string, budget: number): string[] {
  const room =
    budget - heading(file, hunk, WORST_PART).length - 2 - partNote(hunk, WORST_PART, true).length;
  const pieces = splitOnLines(text, room);
  const n = pieces.length;
  return pieces.map((piece, i) => {
    const part = { k: i + 1, n };
    const midLine = !piece.endsWith("\n");
    const note = part.k < n ? partNote(hunk, part, midLine) : "";
    return `${heading(file, hunk, part)}\n${withNewline(piece)}${note}`;
  });
}

function partNote(hunk: DiffHunk, part: { k: number; n: number }, midLine: boolean): string {
  const where = midLine ? " (mid-line: the line goes on there)" : "";
  return `[hunk ${hunk.id} continues in part ${part.k + 1}/${part.n}${where}]\n`;
}

/**
 * `### hunk <id> <status> <path>[ (from <old path>)]`, or `### part k/n of hunk <id> …`; paths
 * are cut to a bounded length (batches.ts budgets for this heading).
 */
function heading(file: DiffFile, hunk: DiffHunk, part?: { k: number; n: number }): string {
  const what = part ? `part ${part.k}/${part.n} of hunk ${hunk.id}` : `hunk ${hunk.id}`;
  const from = file.oldPath !== undefined ? ` (from ${shown(file.oldPath)})` : "";
  return `### ${what} ${file.status} ${shown(file.path)}${from}`;
}

function shown(path: string): string {
  // eslint-disable-next-line no-control-regex
  const text = /[\u0000-\u001f\u007f"]/.test(path) ? JSON.stringify(path) : path;
  if (text.length <= PATH_SHOWN) return text;
  const half = (PATH_SHOWN - 1) >> 1;
  return `${text.slice(0, half)}…${text.slice(-half)}`;
}

function tailLine(next: string | undefined): string {
  return next === undefined
    ? "[end of hunks]"
    : `[continue at hunk ${next}: call again with startHunk "${next}"]`;
}

const withNewline = (text: string) => (text.endsWith("\n") ? text : `${text}\n`);
