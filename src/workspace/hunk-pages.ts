/**
 * Pages of the hunk index: whole hunks in diff order up to a size, a hunk longer than a page in
 * numbered parts, each page ending with where to continue. Every reader of the diff (the
 * `git_diff` tool, the child reviewers' batches) takes its text from here.
 */
import { splitOnLines, type DiffFile, type DiffHunk } from "./diff-parse.js";
import { findHunk, mustFind, readHunks, withDiff, type HunkIndex } from "./hunk-index.js";

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
