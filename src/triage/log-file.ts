// A job log streamed to disk under a size limit: past it the head and the tail are kept and the
// cut is recorded, so that line numbers can still be given as GitHub numbers them.
import { open, rm, stat, truncate, type FileHandle } from "node:fs/promises";

/** Where a log was cut: lines 1..afterLine are the original's, then one marker line, then the tail. */
export interface LogCut {
  /** Whole lines of the head kept. */
  afterLine: number;
  /** Original lines left out between the head and the tail. */
  droppedLines: number;
  droppedBytes: number;
}

export interface SavedLog {
  path: string;
  /** Bytes the storage sent. */
  bytes: number;
  cut: LogCut | undefined;
}

/** The part of the limit kept from the start of the log; the rest is its end, where failures are. */
const HEAD_SHARE = 0.25;
const NL = 0x0a;

/**
 * Streams `chunks` to `path`, never holding more than one chunk and never keeping more than about
 * `maxBytes` on disk: the tail is written in segment files, the oldest dropped as newer arrive.
 */
export async function saveLog(
  chunks: AsyncIterable<Uint8Array>,
  path: string,
  maxBytes: number,
): Promise<SavedLog> {
  const headLimit = Math.max(1, Math.floor(maxBytes * HEAD_SHARE));
  const tailLimit = Math.max(1, maxBytes - headLimit);
  const segmentLimit = Math.ceil(tailLimit / 8);
  const head = await open(path, "w");
  const segments: Segment[] = [];
  let headBytes = 0;
  let headNewlines = 0;
  let headLastNewline = -1;
  let total = 0;
  let opened = 0;
  let dropped = { bytes: 0, newlines: 0 };
  try {
    for await (const chunk of chunks) {
      total += chunk.length;
      let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      if (headBytes < headLimit) {
        const part = rest.subarray(0, headLimit - headBytes);
        await head.write(part);
        const last = part.lastIndexOf(NL);
        if (last >= 0) headLastNewline = headBytes + last;
        headNewlines += countNewlines(part);
        headBytes += part.length;
        rest = rest.subarray(part.length);
      }
      if (rest.length === 0) continue;
      let segment = segments[segments.length - 1];
      if (!segment || segment.bytes >= segmentLimit) {
        segment = await Segment.open(`${path}.tail-${opened++}`);
        segments.push(segment);
      }
      await segment.write(rest);
      // Drop the oldest segment once the newer ones alone hold the tail's share.
      while (segments.length > 1 && sum(segments.slice(1)) >= tailLimit) {
        const oldest = segments.shift()!;
        dropped = {
          bytes: dropped.bytes + oldest.bytes,
          newlines: dropped.newlines + oldest.newlines,
        };
        await oldest.remove();
      }
    }
    if (total <= maxBytes) {
      for (const s of segments) await s.appendTo(head, 0);
      return { path, bytes: total, cut: undefined };
    }
    return { path, bytes: total, cut: await joinCut() };
  } finally {
    await head.close();
    await Promise.all(segments.map((s) => s.remove()));
  }

  /** Head up to its last whole line, a marker line, then the tail from its first whole line. */
  async function joinCut(): Promise<LogCut> {
    const keptHead = headLastNewline + 1;
    const afterLine = headLastNewline < 0 ? 0 : headNewlines;
    await truncate(path, keptHead);
    let droppedBytes = headBytes - keptHead + dropped.bytes;
    let newlinesBefore = headNewlines + dropped.newlines;
    // The tail is its last `tailLimit` bytes, from the first whole line in them.
    let excess = Math.max(0, sum(segments) - tailLimit);
    let skip = 0;
    for (const s of segments) {
      if (excess >= s.bytes) {
        skip += s.bytes;
        excess -= s.bytes;
        newlinesBefore += s.newlines;
        continue;
      }
      const { newlines, next } = await s.scan(excess);
      excess = 0;
      if (next < 0) {
        skip += s.bytes;
        newlinesBefore += s.newlines;
        continue;
      }
      skip += next + 1;
      newlinesBefore += newlines + 1;
      break;
    }
    droppedBytes += skip;
    const cut = { afterLine, droppedLines: newlinesBefore - afterLine, droppedBytes };
    await head.write(
      Buffer.from(
        `[rivumi] ${cut.droppedLines} lines (${droppedBytes} bytes) of this log are left out here: it is over the triage-log-max-bytes limit of ${maxBytes} bytes\n`,
      ),
      0,
      undefined,
      keptHead,
    );
    let position = (await stat(path)).size;
    for (const s of segments) {
      const from = Math.min(skip, s.bytes);
      skip -= from;
      position = await s.appendTo(head, from, position);
    }
    return cut;
  }
}

/** The original line number of line `line` of a saved log; undefined for the cut's marker line. */
export function originalLine(line: number, cut: LogCut | undefined): number | undefined {
  if (!cut || line <= cut.afterLine) return line;
  if (line === cut.afterLine + 1) return undefined;
  return line - 1 + cut.droppedLines;
}

/** One file of the tail; its newlines are counted as it is written. */
class Segment {
  bytes = 0;
  newlines = 0;
  private constructor(
    private readonly path: string,
    private handle: FileHandle | undefined,
  ) {}

  static async open(path: string): Promise<Segment> {
    return new Segment(path, await open(path, "w+"));
  }

  async write(data: Buffer): Promise<void> {
    await this.handle!.write(data);
    this.bytes += data.length;
    this.newlines += countNewlines(data);
  }

  /** Newlines before offset `from`, and the offset of the first newline at or after it (or -1). */
  async scan(from: number): Promise<{ newlines: number; next: number }> {
    const buffer = Buffer.alloc(64 * 1024);
    let newlines = 0;
    for (let at = 0; at < this.bytes; at += buffer.length) {
      const { bytesRead } = await this.handle!.read(buffer, 0, buffer.length, at);
      const data = buffer.subarray(0, bytesRead);
      const before = Math.max(0, Math.min(bytesRead, from - at));
      newlines += countNewlines(data.subarray(0, before));
      const found = data.indexOf(NL, before);
      if (found >= 0 && at + found >= from) return { newlines, next: at + found };
    }
    return { newlines, next: -1 };
  }

  /** Copies the segment from `from` to `target` at `position` (its end when undefined). */
  async appendTo(target: FileHandle, from: number, position?: number): Promise<number> {
    const buffer = Buffer.alloc(1024 * 1024);
    let at = position ?? (await target.stat()).size;
    for (let read = from; read < this.bytes;) {
      const { bytesRead } = await this.handle!.read(buffer, 0, buffer.length, read);
      if (bytesRead === 0) break;
      await target.write(buffer, 0, bytesRead, at);
      at += bytesRead;
      read += bytesRead;
    }
    return at;
  }

  async remove(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (!handle) return;
    await handle.close();
    await rm(this.path, { force: true });
  }
}

function countNewlines(data: Buffer): number {
  let count = 0;
  for (let at = data.indexOf(NL); at >= 0; at = data.indexOf(NL, at + 1)) count++;
  return count;
}

function sum(segments: readonly Segment[]): number {
  return segments.reduce((n, s) => n + s.bytes, 0);
}
