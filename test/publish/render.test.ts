import { describe, expect, it } from "vitest";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../../src/markdown/limits.js";
import { renderProgress } from "../../src/publish/render.js";
import { renderComment } from "../../src/review/publish-text.js";
import type { Outcome } from "../../src/outcome/outcome.js";
import type { Review } from "../../src/outcome/review.js";
import { reviewResult } from "../support/results.js";
import { renderSummary, SUMMARY_LIMIT } from "../../src/publish/summary.js";

const REVIEW: Review = {
  summary: "Adds a flag. cc @octocat",
  findings: [
    {
      path: "src/a.ts",
      line: 12,
      start_line: 10,
      severity: "major",
      body: "Off by one <!-- rivumi:sticky -->",
    },
  ],
};

/** A review's outcome; `review` replaces its review, `over` the rest. */
const outcome = (over: Partial<Outcome> & { review?: Review | undefined } = {}): Outcome => {
  const { review, ...rest } = "review" in over ? over : { ...over, review: REVIEW };
  return {
    conclusion: "success",
    stop: "final-answer",
    note: undefined,
    stats: {
      turns: 3,
      usage: { promptTokens: 1200, completionTokens: 80, cachedTokens: 600, reasoningTokens: 0 },
      costUsd: 0.0123,
      ms: 4500,
      model: "m1",
    },
    journalName: "rivumi-journal-review-1",
    notices: [],
    attachments: [],
    publications: [],
    result: reviewResult({ review }),
    ...rest,
  };
};

describe("renderComment", () => {
  it("carries exactly one marker, the findings, usage and the journal name", () => {
    const body = renderComment(outcome());
    // The marker is the sticky comment's to add; model text cannot smuggle one in.
    expect(body).not.toContain("<!--");
    expect(body).toContain("**major** `src/a.ts:10-12`");
    expect(body).toContain("1200 in / 80 out tokens (600 cached) · $0.0123");
    expect(body).toContain("rivumi-journal-review-1");
    expect(body).not.toMatch(/(^|\s)@octocat/);
  });

  it("neutralises a model-written path that tries to break out of its code span", () => {
    const body = renderComment(
      outcome({
        review: {
          summary: "s",
          findings: [
            { path: "a.ts\n\n@org/admins <!-- x -->", line: 1, severity: "nit", body: "b" },
          ],
        },
      }),
    );
    expect(body).not.toMatch(/(^|[^\w])@org/);
    expect(body).not.toContain("<!--");
  });

  it("stays under GitHub's comment limit and points at the journal when cut", () => {
    const huge = outcome({ review: { summary: "x".repeat(200_000), findings: [] } });
    const body = renderComment(huge);
    // With the marker line the sticky comment adds, it still fits.
    expect(body.length + MARKER_ROOM + 1).toBeLessThanOrEqual(COMMENT_LIMIT);
    expect(body).toContain("cut to fit GitHub's comment limit");
  });

  it("says why a run was partial or failed", () => {
    expect(
      renderComment(outcome({ conclusion: "partial", note: "The run reached its turn limit" })),
    ).toMatch(/review \(partial\)[\s\S]*turn limit/);
    expect(
      renderComment(outcome({ conclusion: "failure", review: undefined, note: "model down" })),
    ).toMatch(/could not finish[\s\S]*model down/);
    expect(renderProgress({ task: "Review @team/x", head: "a".repeat(40) })).toMatch(/reviewing/);
    const counted = renderProgress({
      task: "Review",
      head: "a".repeat(40),
      coverage: { examined: 4100, total: 93211, elapsedMs: 61_400, costUsd: 0.5 },
    });
    expect(counted).toContain("Examined 4,100 of 93,211 hunks · 61 s · $0.5000 so far");
  });
});

describe("renderSummary", () => {
  it("is bounded to 1 MiB and explains forks", () => {
    const s = renderSummary(
      outcome({ review: { summary: "ÿ€".repeat(SUMMARY_LIMIT), findings: [] } }),
      { commentUrl: undefined, fork: true, texts: FEATURE_TEXTS },
    );
    expect(Buffer.byteLength(s)).toBeLessThanOrEqual(SUMMARY_LIMIT);
    expect(s).toContain("pull_request_target");
  });
});
