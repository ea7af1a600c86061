import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../src/viewer/html.js";
import type { PageData, Row } from "../../src/viewer/page-data.js";
import { readJournal } from "../../src/viewer/read.js";
import { buildPage } from "../../src/viewer/run-model.js";
import {
  hostileJournal,
  journalText,
  tempDir,
  TEN_MB,
  type AnyEvent,
  type TempDir,
} from "../journal/fixtures.js";
import { memoryJournal, reviewJournal, taskJournal, triageJournal } from "./run-journals.js";
import { rlmJournal } from "./rlm-journal.js";

let tmp: TempDir;
beforeEach(() => (tmp = tempDir()));
afterEach(() => tmp.remove());

const DATA = /<script type="application\/json" id="rivumi-data">([\s\S]*?)<\/script>/;

async function page(events: AnyEvent[], opts: Parameters<typeof journalText>[1] = {}) {
  const path = tmp.write("journal.jsonl", journalText(events, opts));
  const html = renderPage(buildPage(await readJournal(path)));
  const data = JSON.parse(DATA.exec(html)![1]!) as PageData;
  return { html, data, outside: html.replace(DATA, "") };
}

function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (typeof value !== "object" || value === null) return [];
  return Object.values(value).flatMap(stringsOf);
}

const header = (data: PageData) => Object.fromEntries(data.header);
const rowsOf = (data: PageData, kind: string): Row[] =>
  data.timeline.rows.filter((r) => r.kind === kind);
const table = (data: PageData, id: string, index = 0) =>
  data.sections.find((s) => s.id === id)!.tables[index]!;

describe("journal view: runs of every kind", () => {
  it("shows a review: header, one row per request and per tool call, manifest, diagnostics, memory, findings", async () => {
    const { data } = await page(reviewJournal());
    expect(data.title).toBe("Rivumi review of #42");
    expect(data.badge).toBe("success");
    const h = header(data);
    expect(h["Pull request"]).toBe("#42");
    expect(h.Trigger).toBe(
      "pull_request opened · author alice · head 3f2a9c1e5b7d · base 9b8c7d6e5f4a · fork false",
    );
    expect(h.Journal).toBe("journal.jsonl · 23 events · schema v1");
    expect(h.Model).toBe("gpt-test");
    expect(h.Coverage).toBe("Examined 12 of 12 hunks in 3 files");
    expect(h.Cost).toBe("$0.0123");
    expect(h.Tokens).toBe("2,500 in / 350 out / 200 cached tokens");
    expect(data.notes).toEqual([]);

    const models = rowsOf(data, "model");
    expect(models).toHaveLength(3);
    expect(models[0]!.detail).toContain("1.2 s · 1,000 in / 50 out / 200 cached tokens");
    expect(models[1]!.error).toBe("HTTP 429: Rate limit reached (retried)");
    expect(models[2]!.title).toBe("model · turn 2 · attempt 2");
    const tools = rowsOf(data, "tool");
    expect(tools.map((t) => t.title)).toEqual([
      "tool · read_file",
      "tool · grep",
      "tool · submit_review",
    ]);
    expect(tools[1]!.error).toBe("invalid regular expression");
    expect(tools[0]!.texts[0]).toEqual({
      label: "arguments",
      text: '{\n  "path": "src/a.ts"\n}',
      code: true,
    });
    expect(data.timeline.events).toBe(reviewJournal().length);
    expect(data.timeline.rows).toHaveLength(reviewJournal().length - 3 - 3);

    expect(table(data, "prompt").rows.map((r) => r[0])).toEqual(["core", "instructions"]);
    const docs = table(data, "instructions").rows;
    expect(docs.map((r) => [r[0], r[2]])).toEqual([
      ["AGENTS.md", "suppressed"],
      ["src/AGENTS.md", "active"],
      ["src/RIVUMI.md", { text: "rejected", error: true }],
    ]);
    expect(docs[0]![3]).toBe("overridden by src/AGENTS.md");
    expect(table(data, "memory").rows[0]).toContain("m-1, m-2");
    const findings = table(data, "findings").rows;
    expect(findings[0]![2]).toEqual({
      text: "inline",
      href: "https://github.com/o/r/pull/42#discussion_r1",
    });
    expect(findings[1]![1]).toBe("src/b.ts:3-5");
    const comment = data.timeline.rows.find((r) => r.title === "publish.comment")!;
    expect(comment.href).toBe("https://github.com/o/r/pull/42#issuecomment-9");
  });

  it("takes where the findings went from the last review.findings event", async () => {
    const finding = { path: "src/a.ts", line: 2, severity: "major", body: "Off by one." };
    const { data } = await page([
      ...reviewJournal().filter((e) => e.type !== "review.findings"),
      { type: "review.findings", findings: [{ ...finding, posted: "summary" }] },
      {
        type: "review.findings",
        findings: [{ ...finding, posted: "inline", url: "https://github.com/o/r/pull/4#r1" }],
      },
    ]);
    const rows = table(data, "findings").rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]![2]).toEqual({ text: "inline", href: "https://github.com/o/r/pull/4#r1" });
  });

  it("shows a task run without the sections it did not have", async () => {
    const { data } = await page(taskJournal());
    expect(data.title).toBe("Rivumi task");
    expect(header(data).Trigger).toBe("workflow_dispatch (dispatch) · sender octocat");
    expect(header(data).Coverage).toBeUndefined();
    expect(data.sections.find((s) => s.id === "findings")!.tables).toEqual([]);
    expect(data.rlm).toEqual([]);
  });

  it("shows a memory command", async () => {
    const { data } = await page(memoryJournal());
    expect(data.title).toBe("Rivumi memory of #7");
    const rows = table(data, "memory").rows;
    expect(rows.map((r) => r[0])).toEqual(["memory.appended", "memory.command"]);
  });

  it("draws an RLM run as a tree: turns with code and output, batches with fan-out, the nested run in its turn", async () => {
    const { data } = await page(rlmJournal());
    expect(data.rlm).toHaveLength(1);
    const root = data.rlm[0]!;
    expect(root.detail).toContain("3 turns · 6 child calls · finalized");
    expect(root.turns.map((t) => t.title)).toEqual(["turn 1", "turn 2", "turn 3"]);
    const [first, second] = root.turns;
    expect(first!.texts).toEqual([
      { label: "code", text: "print(context_meta())", code: true },
      { label: "output", text: "{'chars': 2000000}", code: true },
    ]);
    expect(second!.batches.map((b) => b.title)).toEqual(["4 × batch", "1 × query", "1 × rlm"]);
    expect(second!.batches[0]!.detail).toBe(
      "fan-out 4 · wall 1.4 s · sum 4.3 s · 3,600 in / 240 out / 0 cached tokens · 1 failed",
    );
    expect(second!.batches[0]!.errors).toEqual(["429 rate limited"]);
    expect(second!.nested).toHaveLength(1);
    expect(second!.nested[0]!.title).toBe("RLM · depth 1");
    expect(second!.nested[0]!.turns[0]!.texts[0]!.text).toBe("finalize('nested answer')");
    expect(rowsOf(data, "rlm")).toHaveLength(
      rlmJournal().filter((e) => e.type.startsWith("rlm.")).length,
    );
  });

  it("lists the events of a triage run, kinds it has no summary for included", async () => {
    const { data } = await page(triageJournal());
    expect(data.title).toBe("Rivumi triage");
    const candidates = data.timeline.rows.find((r) => r.title === "triage.candidates")!;
    expect(candidates.kind).toBe("triage");
    expect(candidates.detail).toContain("job test · signature sig-abc");
    expect(candidates.detail).toContain(
      'candidates [{"start_line":10,"end_line":12,"kind":"assertion"}]',
    );
  });

  it("takes the coverage line from a review.coverage event", async () => {
    const events = taskJournal();
    events.splice(-1, 0, {
      type: "review.coverage",
      line: "Examined 90 of 93 hunks; 3 not reached",
      complete: false,
      report: { hunks: 93 },
    });
    const { data } = await page(events);
    expect(header(data).Coverage).toBe("Examined 90 of 93 hunks; 3 not reached");
  });

  it("says when the run has not finished", async () => {
    const { data } = await page(taskJournal().slice(0, 4));
    expect(data.badge).toBe("unfinished");
    expect(header(data).Conclusion).toMatch(/^not recorded: no run.finished event/);
    expect(rowsOf(data, "model")[0]!.detail).toMatch(/^no response recorded/);
  });
});

describe("journal view: versions", () => {
  it("says when a journal is from a newer or an older version", async () => {
    const newer = await page(taskJournal(), { v: 2 });
    expect(newer.data.notes[0]).toMatch(/newer Rivumi \(schema v2\); this one reads v1/);
    const older = await page(taskJournal(), { v: 0 });
    expect(older.data.notes[0]).toMatch(/older Rivumi \(schema v0\)/);
  });

  it("refuses a file that holds no event", async () => {
    const path = tmp.write("x.jsonl", "hello\nworld\n");
    await expect(readJournal(path)).rejects.toThrow(/no journal events in 2 lines \(/);
  });
});

describe("journal view: a hostile journal", () => {
  it("keeps every journal value out of the markup and bounded, and says what it cut", async () => {
    const { events, tail } = hostileJournal();
    const { html, data, outside } = await page(events, { tail });
    // Only the page's own two script elements, and no journal text outside the data block.
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html.match(/<\/script/gi)).toHaveLength(2);
    expect(outside).not.toMatch(/alert|textarea|onerror|javascript:/);
    expect(DATA.exec(html)![1]).not.toMatch(/[<>&]/);
    // A 10 MB value does not make a 10 MB page.
    expect(html.length).toBeLessThan(300_000);
    expect(html.length).toBeGreaterThan(2_000);
    const failed = data.timeline.rows.find((r) => r.kind === "tool")!;
    expect(failed.error).toBe(`${"E".repeat(2_000)} … [cut: 10,483,760 more chars]`);
    expect(data.notes).toContain(
      "The last line (9) is cut off, as when a run is killed while writing it: skipped.",
    );
    expect(data.notes.some((n) => n.includes("cut when reading"))).toBe(true);
    // Markup is data, shown as text.
    expect(data.timeline.rows[0]!.detail).toContain('event <script>alert("x")</script>');
    // javascript: is never a link.
    const comment = data.timeline.rows.find((r) => r.title === "publish.comment")!;
    expect(comment.href).toBeUndefined();
    expect(comment.detail).toContain("url javascript:alert(document.domain)");
    // Control and bidi characters become visible markers.
    const tool = rowsOf(data, "tool")[0]!;
    expect(tool.title).toBe("tool · read_file⟦U+0000⟧⟦U+001B⟧[31m");
    // Arguments are shown as laid-out JSON, where a control character is an escape already.
    expect(tool.texts[0]!.text).toContain("bidi ⟦U+202E⟧gnp.exe⟦U+202C⟧ and bell \\u0007");
    expect(data.badge).toBe("failure");
    expect(header(data).Conclusion).toContain("⟦U+000D⟧⟦U+0085⟧");
    // No string of the page data holds an invisible character (line breaks and tabs aside).
    // eslint-disable-next-line no-control-regex -- control characters are what is looked for
    const hidden = /[\0-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;
    expect(stringsOf(data).filter((text) => hidden.test(text))).toEqual([]);
    expect(JSON.stringify(data).length).toBeLessThan(TEN_MB / 50);
  });

  it("caps the page: later values get a short preview, later rows are left out, both with a note", async () => {
    const events: AnyEvent[] = [taskJournal()[0]!];
    for (let i = 0; i < 3_000; i++)
      events.push({
        type: "tool.call",
        turn: 1,
        id: `c${i}`,
        name: "read_file",
        arguments: "x".repeat(1_900),
      });
    const path = tmp.write("journal.jsonl", journalText(events));
    const data = buildPage(await readJournal(path), { totalChars: 500_000, maxRows: 2_000 });
    expect(data.timeline.rows).toHaveLength(2_000);
    expect(data.notes.some((n) => n.includes("1,001 later events are left out"))).toBe(true);
    expect(
      data.notes.some((n) =>
        /at most about 500,000 characters of journal text: [\d,]+ later values/.test(n),
      ),
    ).toBe(true);
    const last = data.timeline.rows.at(-1)!;
    expect(last.texts[0]!.text.length).toBeLessThan(200);
    expect(data.timeline.kinds).toEqual([
      ["run", 1],
      ["tool", 1_999],
    ]);
  });
});
