/** Text bounding shared by tools and renderers: every output the model sees has a size cap. */

export interface WindowLimits {
  /** Most lines to include. */
  readonly maxLines: number;
  /** Most characters to include, counting one newline per line. */
  readonly maxChars: number;
}

export interface LineWindow {
  /** The included lines, joined with newlines. */
  readonly text: string;
  /** Index one past the last included line; equals `start` only when `start` is past the end. */
  readonly end: number;
}

/**
 * Takes whole lines from `start` until either limit is reached. At least one line is taken
 * (cut to fit) so that paging always makes progress, even past a line longer than `maxChars`.
 */
export function lineWindow(
  lines: readonly string[],
  start: number,
  limits: WindowLimits,
  render: (line: string, index: number) => string = (line) => line,
): LineWindow {
  const out: string[] = [];
  let chars = 0;
  let end = start;
  while (end < lines.length && out.length < limits.maxLines) {
    const rendered = render(lines[end] ?? "", end);
    if (chars + rendered.length + 1 > limits.maxChars) {
      if (out.length === 0) {
        out.push(cutText(rendered, limits.maxChars));
        end += 1;
      }
      break;
    }
    out.push(rendered);
    chars += rendered.length + 1;
    end += 1;
  }
  return { text: out.join("\n"), end };
}

/** Cuts `text` to at most `max` characters, saying how much was dropped. */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Sized with the longest possible count first, so the final marker never overshoots `max`.
  const keep = Math.max(0, max - ` … [cut: ${text.length} more chars]`.length);
  return `${text.slice(0, keep)} … [cut: ${text.length - keep} more chars]`;
}

/** Splits text into lines; a final newline ends the last line rather than starting a new one. */
export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}
