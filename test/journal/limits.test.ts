// The journal's own bounds: one event cannot grow past its cap, and the whole file stops growing
// at its total cap, keeping how the run ended and saying what it left out.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileJournal, bounded } from "../../src/journal/journal.js";
import { renderPage } from "../../src/viewer/html.js";
import { readJournal } from "../../src/viewer/read.js";
import { buildPage } from "../../src/viewer/run-model.js";
import { Redactor } from "../../src/redact/redactor.js";
import { TEN_MB, tempDir, type TempDir } from "./fixtures.js";

let tmp: TempDir;
beforeEach(() => {
  tmp = tempDir();
});
afterEach(() => tmp.remove());

const usage = { promptTokens: 10, completionTokens: 2, cachedTokens: 0 };
const parsed = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("journal bounds", () => {
  it("cuts one huge event to its cap, keeping its kind and its small fields", () => {
    const path = join(tmp.dir, "journal.jsonl");
    const journal = new FileJournal(path, new Redactor(), {
      eventBytes: 8_192,
      totalBytes: 1_000_000,
    });
    journal.emit({
      type: "tool.result",
      turn: 1,
      id: "c1",
      name: "read_file",
      ok: false,
      ms: 3,
      bytes: TEN_MB,
      error: "<script>".repeat(TEN_MB / 8),
    });
    expect(statSync(path).size).toBeLessThan(8_192);
    const [event] = parsed(path);
    expect(event).toMatchObject({ type: "tool.result", name: "read_file", ok: false, seq: 0 });
    expect(String(event!.error)).toMatch(/more characters cut by the journal\]$/);
  });

  it("leaves out the fields still too large after cutting strings, and names them", () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `src/file-${i}.ts`);
    const line = JSON.stringify({
      v: 1,
      seq: 4,
      type: "review.coverage",
      line: "ok",
      report: many,
    });
    const out = JSON.parse(bounded(line, 4_096)) as Record<string, unknown>;
    expect(Buffer.byteLength(JSON.stringify(out))).toBeLessThanOrEqual(4_096);
    expect(out).toMatchObject({
      type: "review.coverage",
      seq: 4,
      line: "ok",
      cutFields: ["report"],
    });
    expect(String(out.report)).toMatch(/bytes, over the journal's cap of 4096 bytes per event/);
  });

  it("stops at its total cap but keeps the run's end, and says what it left out", async () => {
    const path = join(tmp.dir, "journal.jsonl");
    const journal = new FileJournal(path, new Redactor(), {
      eventBytes: 4_096,
      totalBytes: 20_000,
    });
    journal.emit({
      type: "run.started",
      version: "t",
      event: "pull_request",
      runId: "1",
      attempt: "1",
      mode: "action",
    });
    for (let turn = 1; turn <= 400; turn++) {
      journal.emit({
        type: "model.request",
        turn,
        attempt: 1,
        messages: 2,
        bytes: 900,
        model: "m",
      });
      journal.emit({ type: "model.response", turn, attempt: 1, ms: 5, usage });
    }
    journal.emit({
      type: "publish.comment",
      action: "created",
      id: 1,
      url: "https://x/1",
      state: "success",
      bytes: 9,
    });
    journal.emit({
      type: "run.finished",
      conclusion: "success",
      stop: "final-answer",
      turns: 400,
      usage,
      ms: 1_000,
    });
    const size = statSync(path).size;
    expect(size).toBeLessThan(21_000);
    const events = parsed(path);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i));
    const cuts = events.filter((e) => e.type === "journal.cut");
    expect(cuts).toHaveLength(2);
    expect(cuts[0]!.droppedBytes).toBeGreaterThan(0);
    const last = cuts[1]!;
    const dropped = last.dropped as Record<string, number>;
    const written = events.filter((e) => e.type === "model.request").length;
    expect(written + dropped["model.request"]!).toBe(400);
    expect(events.slice(-3).map((e) => e.type)).toEqual([
      "publish.comment",
      "journal.cut",
      "run.finished",
    ]);

    const read = await readJournal(path);
    expect(read.notes.join("\n")).toMatch(
      new RegExp(`reached its cap of 20,000 bytes.*${dropped["model.request"]} model.request`),
    );
    const page = renderPage(buildPage(read, {}));
    expect(page).toContain("reached its cap of 20,000 bytes");
  });
});
