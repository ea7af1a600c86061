// The page and `journal stats` agree with the journal and with themselves: the header's start and
// time are the run's (its events' times, whenever the page is made), the phases add up to that
// time, and the cost is the one the run recorded unless prices are given.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../src/viewer/html.js";
import type { PageData } from "../../src/viewer/page-data.js";
import { readJournal } from "../../src/viewer/read.js";
import { buildPage } from "../../src/viewer/run-model.js";
import { formatStats } from "../../src/viewer/stats-text.js";
import { journalStats } from "../../src/viewer/stats.js";
import { journalText, tempDir, type TempDir } from "../journal/fixtures.js";
import { reviewJournal } from "./run-journals.js";

let tmp: TempDir;
beforeEach(() => (tmp = tempDir()));
afterEach(() => {
  vi.useRealTimers();
  tmp.remove();
});

const DATA = /<script type="application\/json" id="rivumi-data">([\s\S]*?)<\/script>/;

async function header(path: string): Promise<Record<string, string>> {
  const html = renderPage(buildPage(await readJournal(path)));
  const data = JSON.parse(DATA.exec(html)![1]!) as PageData;
  return Object.fromEntries(data.header);
}

describe("the run's time and cost, as the journal has them", () => {
  it("heads the page with the run's start and span, the same on any later day", async () => {
    // 23 events 250 ms apart from 2026-03-01 10:00:00; the run counted 5.4 s to its outcome.
    const path = tmp.write("journal.jsonl", journalText(reviewJournal()));
    const now = await header(path);
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2031-07-09T23:59:00Z"));
    const later = await header(path);
    vi.useRealTimers();
    expect(later).toEqual(now);
    expect(now.Started).toBe("2026-03-01 10:00:00 UTC");
    expect(now.Time).toBe("5.5 s (5.4 s to the outcome, then publishing)");
    const stats = journalStats(await readJournal(path));
    expect(stats.byPhase.reduce((sum, p) => sum + p.ms, 0)).toBe(5500);
  });

  it("says the time once when the run's own count is the journal's span", async () => {
    const events = reviewJournal().map((e) =>
      e.type === "run.finished" ? { ...e, ms: 5_500 } : e,
    );
    const path = tmp.write("journal.jsonl", journalText(events));
    expect((await header(path)).Time).toBe("5.5 s");
  });

  it("prices nothing again: stats shows the cost the run recorded, the page too", async () => {
    const path = tmp.write("journal.jsonl", journalText(reviewJournal()));
    const journal = await readJournal(path);
    const text = formatStats(journal, journalStats(journal));
    expect(text).toMatch(/^cost {6}\$0\.0123 \(as the run recorded it\)$/m);
    expect(text).not.toContain("--prices");
    // Every token of the run was the agent loop's, on one model: the whole cost is theirs.
    expect(text).toMatch(/^ {2}agent .*\$0\.0123$/m);
    expect(text).toMatch(/^ {2}gpt-test .*\$0\.0123$/m);
    expect((await header(path)).Cost).toBe("$0.0123");

    // Prices given on the command line price each request instead.
    const priced = journalStats(journal, { inputPerMTok: 1, outputPerMTok: 10 });
    expect(priced.costFrom).toBe("requests");
    expect(priced.costUsd).toBeCloseTo((2500 * 1 + 350 * 10) / 1e6, 12);
  });

  it("asks for prices only when the run recorded no cost", async () => {
    const events = reviewJournal().map((e) => {
      if (e.type !== "run.finished") return e;
      const { costUsd: _dropped, ...rest } = e;
      return rest;
    });
    const path = tmp.write("journal.jsonl", journalText(events));
    const journal = await readJournal(path);
    const stats = journalStats(journal);
    expect(stats.costUsd).toBeUndefined();
    expect(formatStats(journal, stats)).toMatch(
      /^cost {6}- \(no cost recorded: pass --prices IN,OUT to price it\)$/m,
    );
  });
});
