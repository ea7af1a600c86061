/**
 * Streams a log file and reports only the lines that contain one of a few byte needles, each with
 * a window of the lines around it. Memory stays flat in the file's size: the file is read in
 * chunks into one buffer that keeps a bounded history before, and lookahead after, the lines
 * being searched. Needles are found with `Buffer.indexOf` and lines counted the same way, so
 * lines without a needle are never decoded.
 */
import { open, type FileHandle } from "node:fs/promises";

/** A line of the file: its 1-based number (split on `\n` only) and its text, `\r` included. */
export interface LogLine {
  readonly no: number;
  readonly raw: string;
}

/** The lines around a reported line, as far as the buffered window reaches. */
export interface LineWindow {
  /** Up to `count` lines before the line, nearest last. */
  before(count: number): LogLine[];
  /** Up to `count` lines after the line, nearest first. */
  after(count: number): LogLine[];
}

export interface ScanOptions {
  /** Byte strings that make a line worth reporting. */
  readonly needles: readonly string[];
  /** Search only the last this many bytes; the lines before are only counted. */
  readonly maxBytes?: number;
  /** Bytes read per round (tests use small values to cross chunk boundaries often). */
  readonly chunkBytes?: number;
  /** Bytes of history kept before, and of lookahead after, the searched region. */
  readonly contextBytes?: number;
  /** Stops the scan between chunks (Ctrl-C): the scan rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

export interface ScanEnd {
  /** Lines in the file, not counting the empty one after a final `\n`. */
  readonly lines: number;
  /** The search started past the beginning because of `maxBytes`. */
  readonly truncated: boolean;
  /** The last `count` lines of the file, nearest last. */
  tail(count: number): LogLine[];
}

const MAX_LINE_BYTES = 16 * 1024;
const NL = 10;

/**
 * Calls `onHit` for each line holding a needle, in file order, once per line. The window is valid
 * only during the call.
 */
export async function scanLog(
  path: string,
  options: ScanOptions,
  onHit: (line: LogLine, window: LineWindow) => void,
): Promise<ScanEnd> {
  const chunk = Math.max(1024, options.chunkBytes ?? 4 * 1024 * 1024);
  const context = Math.max(256, options.contextBytes ?? 256 * 1024);
  const buf = Buffer.allocUnsafe(context + chunk + context);
  const needles = options.needles.map((n) => Buffer.from(n, "utf8"));
  const fh = await open(path, "r");
  try {
    const size = (await fh.stat()).size;
    const skip =
      options.maxBytes !== undefined && size > options.maxBytes
        ? await countNewlines(fh, buf, size - options.maxBytes)
        : { bytes: 0, newlines: 0, atLineStart: true };
    const truncated = skip.bytes > 0;
    let fileOff = skip.bytes;
    let end = 0;
    let pos = 0;
    let floor = 0; // first byte of the buffer known to start a line
    let cursor = 0; // a position whose line number is `cursorLine`
    let cursorLine = 1 + skip.newlines;
    let midLine = !skip.atLineStart; // `pos` is inside a line whose start is not in the buffer
    let eof = false;
    let view = buf.subarray(0, 0);

    const lineAt = (p: number): number => {
      let q = view.indexOf(NL, cursor);
      while (q !== -1 && q < p) {
        cursorLine++;
        q = view.indexOf(NL, q + 1);
      }
      cursor = p;
      return cursorLine;
    };
    const text = (s: number, e: number) =>
      view.toString("utf8", s, Math.min(e, s + MAX_LINE_BYTES));
    const linesBefore = (start: number, no: number, count: number): LogLine[] => {
      const out: LogLine[] = [];
      let prevEnd = start - 1; // the `\n` that ends the previous line
      while (out.length < count && prevEnd >= floor && no > 1) {
        const s = prevEnd === 0 ? 0 : Math.max(floor, view.lastIndexOf(NL, prevEnd - 1) + 1);
        out.push({ no: --no, raw: text(s, prevEnd) });
        prevEnd = s - 1;
      }
      return out.reverse();
    };
    const linesAfter = (lineEnd: number, no: number, count: number): LogLine[] => {
      const out: LogLine[] = [];
      let next = lineEnd + 1;
      while (out.length < count && next < end) {
        let e = view.indexOf(NL, next);
        if (e === -1) {
          if (!eof) break;
          e = end;
        }
        out.push({ no: ++no, raw: text(next, e) });
        next = e + 1;
      }
      return out;
    };

    // One window object, pointed at each reported line in turn.
    const hit = { start: 0, lineEnd: 0, no: 0 };
    const window: LineWindow = {
      before: (count) => linesBefore(hit.start, hit.no, count),
      after: (count) => linesAfter(hit.lineEnd, hit.no, count),
    };

    for (;;) {
      options.signal?.throwIfAborted();
      while (!eof && end < buf.length) {
        const { bytesRead } = await fh.read(buf, end, buf.length - end, fileOff);
        if (bytesRead === 0) eof = true;
        end += bytesRead;
        fileOff += bytesRead;
      }
      view = buf.subarray(0, end);
      if (midLine) {
        const nl = view.indexOf(NL, pos);
        if (nl === -1) {
          if (eof) break;
          pos = cursor = floor = end; // all of it belongs to one overlong line
        } else {
          cursorLine++;
          pos = cursor = floor = nl + 1;
          midLine = false;
        }
      }
      let regionEnd = end;
      if (!eof && !midLine) {
        const nl = view.indexOf(NL, Math.max(pos, end - context - 1));
        if (nl === -1) {
          regionEnd = Math.max(pos, end - context);
          midLine = true;
        } else regionEnd = nl + 1;
      }
      if (regionEnd > pos) {
        const hits: number[] = [];
        for (const needle of needles) {
          let p = view.indexOf(needle, pos);
          while (p !== -1 && p < regionEnd) {
            hits.push(p);
            p = view.indexOf(needle, p + needle.length);
          }
        }
        hits.sort((a, b) => a - b);
        let lastStart = -1;
        for (const p of hits) {
          const start = Math.max(pos, view.lastIndexOf(NL, p) + 1);
          if (start === lastStart) continue;
          lastStart = start;
          let lineEnd = view.indexOf(NL, start);
          if (lineEnd === -1) lineEnd = end;
          hit.start = start;
          hit.lineEnd = lineEnd;
          hit.no = lineAt(start);
          onHit({ no: hit.no, raw: text(start, lineEnd) }, window);
        }
        lineAt(regionEnd);
        pos = regionEnd;
      }
      if (eof) break;
      // Keep up to `context` bytes of whole lines before `pos` as the next round's history.
      let keep = Math.max(floor, pos - context);
      if (keep > floor) {
        const nl = view.indexOf(NL, keep - 1);
        keep = nl === -1 || nl >= pos ? pos : nl + 1;
      }
      buf.copy(buf, 0, keep, end);
      pos -= keep;
      end -= keep;
      cursor -= keep;
      floor = Math.max(0, floor - keep);
    }

    const endsWithNewline = end > 0 && view[end - 1] === NL;
    const lines = lineAt(end) - (endsWithNewline ? 1 : 0);
    return {
      lines,
      truncated,
      tail: (count) =>
        endsWithNewline
          ? linesBefore(end, lines + 1, count)
          : linesBefore(end + 1, lines + 1, count),
    };
  } finally {
    await fh.close();
  }
}

/** Counts the newlines in the first `bytes` bytes. */
async function countNewlines(
  fh: FileHandle,
  buf: Buffer,
  bytes: number,
): Promise<{ bytes: number; newlines: number; atLineStart: boolean }> {
  let newlines = 0;
  let off = 0;
  let atLineStart = true;
  while (off < bytes) {
    const { bytesRead } = await fh.read(buf, 0, Math.min(buf.length, bytes - off), off);
    if (bytesRead === 0) break;
    const view = buf.subarray(0, bytesRead);
    for (let p = view.indexOf(NL); p !== -1; p = view.indexOf(NL, p + 1)) newlines++;
    atLineStart = view[bytesRead - 1] === NL;
    off += bytesRead;
  }
  return { bytes: off, newlines, atLineStart };
}
