/**
 * The pull request's diff, computed once: git's patch streamed to `<runDir>/diff.patch` while the
 * parser records where every hunk lies, so any hunk is later one positioned read away.
 */
import { spawn } from "node:child_process";
import { closeSync, createReadStream, openSync, readSync } from "node:fs";
import { mkdir, open, type FileHandle } from "node:fs/promises";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as delay } from "node:timers/promises";
import {
  DiffParser,
  hunkContains,
  hunkLines,
  type DiffFile,
  type DiffHunk,
  type HunkLine,
  type Side,
} from "./diff-parse.js";
import { GitError, gitEnv, running } from "./git.js";

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
  /** The `-l` rename limit git ran with; 0 is none. */
  renameLimit: number;
  /** Git gave up inexact rename detection: some renames show as a deletion and an addition. */
  renameLimitHit: boolean;
  /** Git's own warning when it did. */
  renameLimitMessage?: string;
  maxFileBytes?: number;
  /** How long git and the parser took, in milliseconds. */
  ms: number;
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
  /**
   * Git's `-l`; default 0, which git (2.33 and later) treats as no limit. Git skips the exhaustive
   * rename search when sources × destinations exceed the limit squared, so any limit of at least
   * the changed files' count is the same as none, and counting them would cost a git process.
   */
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
  const started = Date.now();
  await mkdir(opts.runDir, { recursive: true });
  const renameLimit = opts.renameLimit ?? 0;
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
    ms: Date.now() - started,
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
        // An abort errs when git is signalled; the folder it runs in is removed only once it is gone.
        child.once("error", (error) => {
          if (running(child)) child.once("exit", () => reject(error));
          else reject(error);
        });
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

/** Characters of index lines gathered before one write. */
const WRITE_CHARS = 1 << 20;

async function writeIndex(index: HunkIndex): Promise<void> {
  const { files, ...header } = index;
  const out = await open(index.indexPath, "w");
  try {
    // Lines gathered into large writes: a write per file (20,000 of them) through a stream
    // cost more than the JSON.
    let chunk = JSON.stringify(header) + "\n";
    for (const file of files) {
      chunk += JSON.stringify(file) + "\n";
      if (chunk.length >= WRITE_CHARS) {
        await out.writeFile(chunk);
        chunk = "";
      }
    }
    if (chunk) await out.writeFile(chunk);
  } finally {
    await out.close();
  }
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
  // Read without a pattern: a review at scale looks up every hunk more than once.
  const colon = id.indexOf(":");
  if (!digits(id, 0, colon) || !digits(id, colon + 1, id.length)) return undefined;
  const file = index.files[Number(id.slice(0, colon))];
  const hunk = file?.hunks[Number(id.slice(colon + 1))];
  return file && hunk ? { file, hunk } : undefined;
}

/** Whether `text` from `start` to `end` is one or more ASCII digits. */
function digits(text: string, start: number, end: number): boolean {
  if (start < 0 || end <= start) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x30 || c > 0x39) return false;
  }
  return true;
}

/** The hunk with this id, or a RangeError that names it. */
export function mustFind(index: HunkIndex, id: string): { file: DiffFile; hunk: DiffHunk } {
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
 * than the bytes it carries. The reads are synchronous: the file was just written and sits in the
 * page cache, and a child batch is tens of kilobytes, so a read takes microseconds, where each
 * asynchronous open, read and close is a trip through the thread pool (most of a batch's cost
 * at a thousand batches a run).
 */
export function readHunks(index: HunkIndex, ids: readonly string[]): Promise<string[]> {
  return new Promise((resolve) => resolve(readHunksSync(index, ids)));
}

function readHunksSync(index: HunkIndex, ids: readonly string[]): string[] {
  const hunks = ids.map((id) => mustFind(index, id).hunk);
  const order = hunks.map((_, i) => i).sort((a, b) => hunks[a]!.offset - hunks[b]!.offset);
  const out: string[] = new Array<string>(hunks.length);
  if (hunks.length === 0) return out;
  const fd = openSync(index.diffPath, "r");
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
      const bytesRead = readFully(fd, buf, start);
      for (let k = i; k < j; k++) {
        const hunk = hunks[order[k]!]!;
        const from = Math.min(hunk.offset - start, bytesRead);
        const to = Math.min(hunk.offset - start + hunk.length, bytesRead);
        out[order[k]!] = buf.toString("utf8", from, to);
      }
      i = j;
    }
  } finally {
    closeSync(fd);
  }
  return out;
}

/** Fills `buf` from `position` on, or up to the end of the file; returns the bytes read. */
function readFully(fd: number, buf: Buffer, position: number): number {
  let got = 0;
  while (got < buf.length) {
    const n = readSync(fd, buf, got, buf.length - got, position + got);
    if (n === 0) break;
    got += n;
  }
  return got;
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
