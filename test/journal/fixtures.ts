// Journals written as FileJournal writes them ({v, seq, ...event, ts}), in a temporary folder,
// and a hostile one. The journals of each kind of run are in run-journals.ts.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { JOURNAL_SCHEMA_VERSION, type JournalEvent } from "../../src/journal/events.js";

export type AnyEvent = JournalEvent | ({ type: string } & Record<string, unknown>);

const T0 = Date.parse("2026-03-01T10:00:00.000Z");

/** JSONL lines: each event stamped with v, seq and a time `stepMs` after the previous one. */
export function journalText(
  events: AnyEvent[],
  opts: { stepMs?: number; v?: number; tail?: string } = {},
): string {
  const lines = events.map((e, seq) => {
    const ts = new Date(T0 + seq * (opts.stepMs ?? 250)).toISOString();
    return JSON.stringify({ v: opts.v ?? JOURNAL_SCHEMA_VERSION, seq, ...e, ts });
  });
  return lines.map((l) => `${l}\n`).join("") + (opts.tail ?? "");
}

export interface TempDir {
  dir: string;
  write(name: string, text: string): string;
  remove(): void;
}

export function tempDir(): TempDir {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-journal-"));
  return {
    dir,
    write(name, text) {
      const path = join(dir, name);
      writeFileSync(path, text);
      return path;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export const TEN_MB = 10 * 1024 * 1024;

/** Markup, control characters, a javascript: URL, one 10 MB value and a last line cut off. */
export function hostileJournal(): { events: AnyEvent[]; tail: string } {
  const usage = { promptTokens: 1, completionTokens: 1, cachedTokens: 0 };
  const markup = '<script>alert("x")</script></textarea></script><img src=x onerror=alert(1)>';
  return {
    events: [
      {
        type: "run.started",
        version: "<b>0.1.0</b>",
        event: markup,
        runId: "1",
        attempt: "1",
        mode: "action",
      },
      {
        type: "trigger.parsed",
        kind: "pull_request",
        detail: { number: 5, author: markup, fork: true },
      },
      {
        type: "model.request",
        turn: 1,
        attempt: 1,
        messages: 2,
        bytes: 10,
        model: "</script><script>alert(2)</script>",
      },
      {
        type: "model.response",
        turn: 1,
        attempt: 1,
        ms: 5,
        usage,
        finishReason: "tool_calls",
        toolCalls: 1,
      },
      {
        type: "tool.call",
        turn: 1,
        id: "x",
        name: "read_file\u0000\u001b[31m",
        arguments: JSON.stringify({
          path: "</script><!--",
          note: "bidi \u202Egnp.exe\u202C and bell \u0007",
        }),
      },
      {
        type: "tool.result",
        turn: 1,
        id: "x",
        name: "read_file",
        ok: false,
        ms: 1,
        bytes: TEN_MB,
        error: "E".repeat(TEN_MB),
      },
      {
        type: "publish.comment",
        action: "created",
        id: 1,
        url: "javascript:alert(document.domain)",
        state: markup,
        bytes: 1,
      },
      { type: "run.failed", phase: "publish", error: `boom ${markup}\r\u0085`, ms: 10 },
    ],
    tail: '{"v":1,"seq":8,"type":"tool.result","turn":1,"id":"y","na',
  };
}
