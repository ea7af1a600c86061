// Where a run's reasoning and cached tokens are shown: the usage line (comment, step summary), the
// outputs, result.json and the journal's run.finished. The line says reasoning only when there was
// some; the outputs and result.json always carry both numbers.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { Outcome } from "../../src/outcome/outcome.js";
import { reviewResult } from "../support/results.js";
import { finish } from "../../src/publish/finish.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { formatUsage } from "../../src/markdown/usage-line.js";
import { renderComment } from "../../src/review/publish-text.js";
import { renderSummary } from "../../src/publish/summary.js";
import { Redactor } from "../../src/redact/redactor.js";
import { fakeCore } from "../action/main-wiring.js";

const outcome = (reasoningTokens: number, cachedTokens = 600): Outcome => ({
  conclusion: "success",
  stop: "final-answer",
  note: undefined,
  stats: {
    turns: 3,
    usage: { promptTokens: 1200, completionTokens: 900, cachedTokens, reasoningTokens },
    costUsd: 0.0123,
    ms: 4500,
    model: "o-think",
  },
  journalName: "rivumi-journal-review-1",
  notices: [],
  attachments: [],
  result: reviewResult({ review: { summary: "Fine.", findings: [] } }),
  publications: [],
});

describe("the usage line", () => {
  it("says the reasoning share of the output tokens when a server reported some", () => {
    const line =
      "o-think · 3 turns · 1200 in / 900 out tokens (600 cached, 700 reasoning) · $0.0123";
    expect(formatUsage(outcome(700).stats)).toBe(`${line} · 4.5 s`);
    expect(renderComment(outcome(700))).toContain(line);
    expect(
      renderSummary(outcome(700), { commentUrl: undefined, fork: false, texts: FEATURE_TEXTS }),
    ).toContain(`| usage | ${line} · 4.5 s |`);
  });

  it("leaves reasoning out when there was none, and keeps the cached count as before", () => {
    const line = formatUsage(outcome(0).stats);
    expect(line).toBe(
      "o-think · 3 turns · 1200 in / 900 out tokens (600 cached) · $0.0123 · 4.5 s",
    );
    expect(renderComment(outcome(0))).not.toContain("reasoning");
  });
});

describe("the outputs, result.json and run.finished", () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  async function finished(o: Outcome) {
    dir = mkdtempSync(join(tmpdir(), "rivumi-reasoning-"));
    const { core, calls } = fakeCore();
    const journal = new MemoryJournal();
    const resultPath = join(dir, "result.json");
    await finish(o, {
      core,
      journal,
      redactor: new Redactor(),
      publisher: undefined,
      resultPath,
      journalPath: join(dir, "journal.jsonl"),
      journalName: o.journalName,
      stepSummary: true,
      canUpload: false,
      say: () => undefined,
      texts: FEATURE_TEXTS,
    });
    const result = JSON.parse(readFileSync(resultPath, "utf8")) as {
      stats: { usage: Record<string, number> };
    };
    return { outputs: calls.outputs, result, journal, summary: calls.summary.join("") };
  }

  it("carry the reasoning and cached tokens", async () => {
    const r = await finished(outcome(700));
    expect(r.outputs).toMatchObject({
      "tokens-in": "1200",
      "tokens-out": "900",
      "cached-tokens": "600",
      "reasoning-tokens": "700",
    });
    expect(r.result.stats.usage).toEqual({
      promptTokens: 1200,
      completionTokens: 900,
      cachedTokens: 600,
      reasoningTokens: 700,
    });
    expect(r.journal.events.at(-1)).toMatchObject({
      type: "run.finished",
      usage: { reasoningTokens: 700, cachedTokens: 600 },
    });
    expect(r.summary).toContain("(600 cached, 700 reasoning)");
  });

  it("carry zeros when no server reported any, rather than leaving them out", async () => {
    const r = await finished(outcome(0, 0));
    expect(r.outputs["reasoning-tokens"]).toBe("0");
    expect(r.outputs["cached-tokens"]).toBe("0");
    expect(r.result.stats.usage.reasoningTokens).toBe(0);
    expect(r.result.stats.usage.cachedTokens).toBe(0);
  });
});
