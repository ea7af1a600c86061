// The verify command's output, bounded while it streams: the last bytes are kept, the rest is
// only counted. A test suite that prints gigabytes costs a counter, not memory.

/** What a reply shows at most: the last lines, and never more than this many bytes of them. */
export const TAIL_LINES = 60;
export const TAIL_BYTES = 8 * 1024;
/** What is kept while the command runs; redaction sees all of it before the tail is cut. */
const KEEP_BYTES = 64 * 1024;

export class OutputTail {
  private chunks: Buffer[] = [];
  private held = 0;
  /** Every byte the command wrote, kept or not. */
  bytes = 0;

  /** What is held in memory now. */
  get heldBytes(): number {
    return this.held;
  }

  push(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.chunks.push(chunk);
    this.held += chunk.length;
    if (this.held > 2 * KEEP_BYTES) {
      const last = Buffer.concat(this.chunks).subarray(-KEEP_BYTES);
      this.chunks = [Buffer.from(last)];
      this.held = last.length;
    }
  }

  /** The last lines, cleaned of terminal codes, redacted, then cut to the reply's bounds. */
  tail(redact: (text: string) => string): string {
    let text = Buffer.concat(this.chunks).toString("utf8");
    // A line cut at the start of what was kept is half a line: leave it out.
    if (this.bytes > this.held) text = text.slice(text.indexOf("\n") + 1);
    const lines = redact(clean(text)).replace(/\n+$/, "").split("\n").slice(-TAIL_LINES);
    let out = lines.join("\n");
    while (Buffer.byteLength(out) > TAIL_BYTES && lines.length > 1) {
      lines.shift();
      out = lines.join("\n");
    }
    return Buffer.byteLength(out) > TAIL_BYTES ? lastBytes(out, TAIL_BYTES) : out;
  }
}

/**
 * Colours and cursor moves out; a line redrawn with carriage returns (a progress bar) keeps its
 * last state; other control characters, which a terminal would act on, are dropped.
 */
export function clean(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[@-_]/g, "")
      .replace(/\r+\n/g, "\n")
      .split("\n")
      .map((line) => line.slice(line.lastIndexOf("\r") + 1))
      .join("\n")
      // eslint-disable-next-line no-control-regex
      .replace(/[\x00-\x08\x0b-\x1f\x7f]/g, "")
  );
}

function lastBytes(text: string, max: number): string {
  const bytes = Buffer.from(text);
  // Step past a character cut in the middle rather than show a replacement sign.
  let start = bytes.length - max;
  while (start < bytes.length && (bytes[start]! & 0xc0) === 0x80) start++;
  return bytes.subarray(start).toString("utf8");
}
