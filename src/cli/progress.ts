// The live status line of a long command: on a terminal only, on stderr, redrawn in place, with
// the time elapsed. When stderr is not a terminal (a pipe, a file, CI) nothing is written.
import { grouped } from "../util/grouped.js";
import { plural } from "../util/plural.js";
import type { JournalEvent } from "../journal/events.js";
import { billedTokens } from "../model/usage.js";

export interface StatusLine {
  show(text: string): void;
  /** Clears the line, so what the command prints next starts on a clean line. */
  done(): void;
}

const TICK_MS = 1000;

/** A status line on stderr when it is a terminal; undefined otherwise. */
export function terminalStatus(
  started: number,
  stream: NodeJS.WriteStream = process.stderr,
): StatusLine | undefined {
  if (stream.isTTY !== true) return undefined;
  let last: string | undefined;
  const draw = () => {
    if (last === undefined) return;
    const secs = Math.round((Date.now() - started) / 1000);
    stream.write(`\r\x1b[K${last} · ${secs} s`);
  };
  const ticker = setInterval(draw, TICK_MS);
  ticker.unref();
  return {
    show(text) {
      last = text;
      draw();
    },
    done() {
      clearInterval(ticker);
      if (last !== undefined) stream.write("\r\x1b[K");
      last = undefined;
    },
  };
}

/** Counts a review's work from its journal events: turns, tool calls, child batches, tokens. */
export class ReviewProgress {
  private turn = 0;
  private tools = 0;
  private batches = 0;
  private tokens = 0;

  constructor(private readonly status: StatusLine) {}

  observe(event: JournalEvent): void {
    switch (event.type) {
      case "model.request":
        this.turn = Math.max(this.turn, event.turn);
        break;
      case "model.response":
        if (event.usage) this.tokens += billedTokens(event.usage);
        break;
      case "tool.call":
        this.tools++;
        break;
      case "review.batch":
        this.batches++;
        if (event.usage) this.tokens += billedTokens(event.usage);
        break;
      default:
        return;
    }
    this.status.show(this.line());
  }

  line(): string {
    const parts = [`review: turn ${this.turn}`, plural(this.tools, "tool call")];
    if (this.batches > 0) parts.push(plural(this.batches, "batch", "batches"));
    parts.push(`${grouped(this.tokens)} tokens`);
    return parts.join(" · ");
  }
}
