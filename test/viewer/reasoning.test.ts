// `rivumi journal stats` and the journal's page with reasoning tokens: shown where a run reported
// some, as a part of the output tokens; journals from before they were recorded read as before.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/journal-command.js";
import { renderPage } from "../../src/viewer/html.js";
import type { PageData } from "../../src/viewer/page-data.js";
import { readJournal } from "../../src/viewer/read.js";
import { buildPage } from "../../src/viewer/run-model.js";
import { journalStats } from "../../src/viewer/stats.js";
import { journalText, tempDir, type AnyEvent, type TempDir } from "../journal/fixtures.js";
import { rlmJournal } from "./rlm-journal.js";
import { reviewJournal } from "./run-journals.js";

/** The journal as a reasoning model's run writes it: half of every completion was reasoning. */
function withReasoning(events: AnyEvent[]): AnyEvent[] {
  return events.map((e) => {
    const usage = (e as { usage?: { completionTokens?: number } }).usage;
    if (typeof usage?.completionTokens !== "number") return e;
    return { ...e, usage: { ...usage, reasoningTokens: Math.floor(usage.completionTokens / 2) } };
  });
}

let tmp: TempDir;
let out: string[];
beforeEach(() => {
  tmp = tempDir();
  out = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
});
afterEach(() => {
  vi.restoreAllMocks();
  tmp.remove();
});

async function stats(events: AnyEvent[], json = false) {
  const path = tmp.write("journal.jsonl", journalText(events));
  out.length = 0;
  expect(await run(["stats", path, ...(json ? ["--json"] : [])])).toBe(0);
  return out.join("");
}

const DATA = /<script type="application\/json" id="rivumi-data">([\s\S]*?)<\/script>/;
async function page(events: AnyEvent[]): Promise<PageData> {
  const path = tmp.write("journal.jsonl", journalText(events));
  return JSON.parse(DATA.exec(renderPage(buildPage(await readJournal(path))))![1]!) as PageData;
}
const statsTable = (data: PageData, caption: string) =>
  data.sections.find((s) => s.id === "stats")!.tables.find((t) => t.caption?.startsWith(caption))!;

describe("journal stats with reasoning tokens", () => {
  it("counts them by model and phase, beside out, and in the JSON", async () => {
    const path = tmp.write("journal.jsonl", journalText(withReasoning(reviewJournal())));
    const s = journalStats(await readJournal(path));
    // Responses of 50 and 300 completion tokens: 25 + 150 reasoning.
    expect(s.spend.tokens).toEqual({ input: 2500, output: 350, cached: 200, reasoning: 175 });
    expect(s.recorded?.tokens?.reasoning).toBe(175);
    expect(s.byModel[0]!.tokens.reasoning).toBe(175);

    const text = await stats(withReasoning(reviewJournal()));
    expect(text).toContain("tokens    2,500 in / 350 out (175 reasoning) / 200 cached\n");
    expect(text).toMatch(
      /by model\n +model +requests +errors +time +tokens in +out +reasoning +cached +cost\n +gpt-test +3 +1 +4\.0 s +2,500 +350 +175 +200 +\$0\.0123/,
    );
    expect(text).toMatch(
      /by phase\n +phase +events +time +tokens in +out +reasoning +cached +cost\n/,
    );
    const json = JSON.parse(await stats(withReasoning(reviewJournal()), true));
    expect(json.spend.tokens).toEqual({ input: 2500, output: 350, cached: 200, reasoning: 175 });
  });

  it("reads a journal from before reasoning was recorded: zero in the JSON, no column or text", async () => {
    const text = await stats(reviewJournal());
    expect(text).not.toContain("reasoning");
    expect(text).toContain("tokens    2,500 in / 350 out / 200 cached\n");
    expect(text).toMatch(
      /by model\n +model +requests +errors +time +tokens in +out +cached +cost\n/,
    );
    const json = JSON.parse(await stats(reviewJournal(), true));
    expect(json.spend.tokens).toEqual({ input: 2500, output: 350, cached: 200, reasoning: 0 });
  });
});

describe("the journal page with reasoning tokens", () => {
  it("shows them in the header, the request rows, the tables and the RLM tree", async () => {
    const data = await page(withReasoning(reviewJournal()));
    expect(Object.fromEntries(data.header).Tokens).toBe(
      "2,500 in / 350 out (175 reasoning) / 200 cached tokens",
    );
    const models = data.timeline.rows.filter((r) => r.kind === "model");
    expect(models[0]!.detail).toContain("1,000 in / 50 out (25 reasoning) / 200 cached tokens");
    const byModel = statsTable(data, "by model");
    expect(byModel.columns).toEqual([
      "model",
      "requests",
      "errors",
      "time",
      "tokens in",
      "out",
      "reasoning",
      "cached",
      "cost",
    ]);
    expect(byModel.numeric).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(byModel.rows[0]).toEqual([
      "gpt-test",
      "3",
      "1",
      "4.0 s",
      "2,500",
      "350",
      "175",
      "200",
      // The run's recorded cost: this one model spent all of its tokens.
      "$0.0123",
    ]);
    expect(statsTable(data, "slowest").rows[0]![4]).toBe("1,500 in / 300 out (150 reasoning)");
    expect(statsTable(data, "by phase").columns).toContain("reasoning");

    const rlm = await page(withReasoning(rlmJournal()));
    // Three answered child calls of 80 completion tokens: 40 reasoning each.
    expect(rlm.rlm[0]!.turns[1]!.batches[0]!.detail).toBe(
      "fan-out 4 · wall 1.4 s · sum 4.3 s · 3,600 in / 240 out (120 reasoning) / 0 cached tokens · 1 failed",
    );
  });

  it("shows a journal from before reasoning was recorded as it did", async () => {
    const data = await page(reviewJournal());
    expect(Object.fromEntries(data.header).Tokens).toBe("2,500 in / 350 out / 200 cached tokens");
    expect(statsTable(data, "by model").columns).not.toContain("reasoning");
    expect(statsTable(data, "by phase").columns).not.toContain("reasoning");
    expect(JSON.stringify(data)).not.toContain("reasoning");
  });
});
