import { afterEach, describe, expect, it, vi } from "vitest";
import type { CoverageReport } from "../../src/coverage/ledger.js";
import type { ModePorts } from "../../src/modes/ports.js";
import { coverageProgress, PROGRESS_EVERY_MS, type ScaledReview } from "../../src/review/scale.js";
import type { Outcome, Progress, ReviewResult } from "../../src/outcome/outcome.js";
import { formatUsage } from "../../src/markdown/usage-line.js";
import { RLM_SYSTEM_PROMPT } from "../../src/rlm/prompt.js";
import { isReviewChild, messageText, type RecordedRequest } from "../support/model-server.js";
import {
  BIG_HEAD as TWO_BIG,
  call,
  codeLines,
  finalize,
  lastUserText as user,
  reviewWorld,
  SMALL_HEAD,
  submit,
  type ReviewWorld,
} from "../support/review-world.js";

const API_RULE = "API-RULE: every handler validates its input";
const UI_RULE = "UI-RULE: components never fetch";
const BASE = {
  "AGENTS.md": "ROOT-RULE: keep functions small\n",
  "src/api/AGENTS.md": `${API_RULE}\n`,
  "src/ui/AGENTS.md": `${UI_RULE}\n`,
  "src/api/handler.ts": codeLines("h", 5),
  "src/ui/view.ts": codeLines("v", 5),
};
/** About 35 KB of change per directory: two directories never share a 60,000-character batch. */
const BIG_HEAD = { ...TWO_BIG, "docs/guide.md": codeLines("guide", 560) };

const children = (w: ReviewWorld) => w.model.requests.filter(isReviewChild);
const isRoot = (r: RecordedRequest) => messageText(r.body.messages[0]!) === RLM_SYSTEM_PROMPT;
const system = (r: RecordedRequest) => messageText(r.body.messages[0]!);
const report = (o: Outcome<ReviewResult>) => o.result.coverage!.report as CoverageReport;

let world: ReviewWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("a review at any size", () => {
  it("reviews a small diff in the tool loop, with every hunk counted as examined", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: SMALL_HEAD,
      script: [call("git_diff", {}), submit("Looks fine.")],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(outcome.result.coverage!.hunks.examined).toBe(outcome.result.coverage!.hunks.total);
    expect(outcome.result.coverage!.line).toMatch(/^Examined 2 of 2 hunks in 2 files/);
    expect(children(world)).toHaveLength(0);
    expect(world.journal.events.find((e) => e.type === "review.indexed")).toMatchObject({
      route: "loop",
      files: 2,
    });
    // Every request carried a completion cap.
    for (const r of world.model.requests) expect(r.body.max_tokens).toBe(4096);
    // The loop's tools read files: the working tree was asked for.
    expect(world.worktrees).toBe(1);
    // Its requests are its turns: the usage line says turns.
    expect(outcome.stats.requests).toBe(world.model.requests.length);
    expect(formatUsage(outcome.stats)).toContain(" · 2 turns · ");
  });

  it("routes a diff over the threshold to the host's map; each child sees only its directories' rules", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Three areas change; nothing alarming.")],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(outcome.result.review?.summary).toBe("Three areas change; nothing alarming.");
    const sent = children(world);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const r of sent) {
      const hunks = user(r);
      expect(system(r).includes(API_RULE)).toBe(hunks.includes("src/api/handler.ts"));
      expect(system(r).includes(UI_RULE)).toBe(hunks.includes("src/ui/view.ts"));
      // The root document governs docs/ only: a deeper AGENTS.md replaces it for its directory.
      expect(system(r).includes("ROOT-RULE")).toBe(hunks.includes("docs/guide.md"));
      expect(r.body.max_tokens).toBe(4096);
    }
    // The root never saw the diff itself: its requests stay small.
    const roots = world.model.requests.filter(isRoot);
    expect(roots.length).toBeGreaterThan(0);
    for (const r of roots) expect(JSON.stringify(r.body.messages).length).toBeLessThan(30_000);
    // The map reads the hunk index only: the head's files were never written.
    expect(world.worktrees).toBe(0);
    // Every request the model server answered is counted and said, none by the model.
    expect(outcome.stats.requests).toBe(world.model.requests.length);
    expect(formatUsage(outcome.stats)).toContain(
      `${world.model.requests.length} model requests (0 tool-loop turns)`,
    );
  });

  it("keeps the host's coverage when the root model fails, and says who wrote the summary", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [{ status: 400, error: "the root is broken" }],
      children: (req) =>
        user(req).includes("src/api/handler.ts")
          ? {
              content: JSON.stringify({
                findings: [
                  {
                    path: "src/api/handler.ts",
                    line: 3,
                    severity: "major",
                    title: "Unvalidated input",
                    body: "The handler trusts its input.",
                    quote: "",
                  },
                ],
              }),
            }
          : { content: '{"findings": []}' },
    });
    const outcome = await world.run();
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(outcome.conclusion).toBe("success");
    expect(outcome.note).toMatch(/summary was written by Rivumi itself/);
    expect(outcome.result.review?.findings).toHaveLength(1);
    expect(outcome.result.review?.findings[0]).toMatchObject({
      path: "src/api/handler.ts",
      line: 3,
    });
  });

  it("covers what a lazy loop did not read with the child reviewers", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: SMALL_HEAD,
      script: [submit("I did not look.")],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(children(world).length).toBeGreaterThan(0);
    expect(outcome.result.review?.summary).toMatch(/I did not look\.[\s\S]*child review/);
  });

  it("stops at the token budget, calls the review partial and names what is left", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      // One child request (about 12,000 prompt tokens plus its 4,096 cap) fits; two do not.
      inputs: { "rlm-threshold-bytes": "10000", "max-tokens": "25000", "review-concurrency": "1" },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("partial");
    const r = report(outcome);
    expect(r.complete).toBe(false);
    expect(r.hunks.examined).toBeGreaterThan(0);
    expect(r.notReached.paths.length).toBeGreaterThan(0);
    expect(outcome.result.coverage!.line).toMatch(/: budget reached; not examined: /);
    expect(outcome.note).toMatch(/partial: budget reached/);
    const used = world.model.requests.length;
    expect(used).toBe(children(world).length);
  });

  it("does not count the hunks of a child request that failed", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Partial review.")],
      children: (req) =>
        user(req).includes("src/ui/view.ts")
          ? { status: 400, error: "refused" }
          : { content: '{"findings": []}' },
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("partial");
    const r = report(outcome);
    expect(r.notReached.paths).toEqual(["src/ui/view.ts"]);
    expect(outcome.result.coverage!.line).toMatch(/1 child request failed/);
  });

  it("takes exclusion rules from the inputs and the base commit, never from the head", async () => {
    world = await reviewWorld({
      baseFiles: { ...BASE, ".gitattributes": "gen/** linguist-generated\n" },
      headFiles: {
        ...SMALL_HEAD,
        // The pull request tries to exclude its own source from review.
        ".gitattributes": "src/** linguist-generated\ngen/** linguist-generated\n",
        "gen/schema.ts": codeLines("gen", 3),
        "package-lock.json": '{"lockfileVersion": 3}\n',
        "docs/notes.md": "Notes.\n",
      },
      inputs: { "exclude-paths": "docs/**" },
      script: [call("git_diff", {}), submit("Fine.")],
    });
    const outcome = await world.run();
    const r = report(outcome);
    const rules = Object.fromEntries(r.excluded.map((e) => [e.rule, e.paths]));
    expect(rules).toEqual({
      generated: ["gen/schema.ts"],
      "lock-file": ["package-lock.json"],
      "excluded-path": ["docs/notes.md"],
    });
    expect(r.files.examined).toBe(3); // src/api, src/ui and .gitattributes itself
    expect(outcome.result.coverage!.line).toMatch(/3 files excluded by rule/);
    expect(outcome.conclusion).toBe("success");
  });

  it("keeps findings outside the diff as not anchored", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: SMALL_HEAD,
      script: [
        submit("Two findings.", [
          { path: "src/api/handler.ts", line: 5, severity: "minor", body: "On the added line." },
          {
            path: "src/api/handler.ts",
            line: 900,
            severity: "minor",
            body: "Nowhere in the diff.",
          },
          { path: "src/other.ts", line: 1, severity: "nit", body: "Not a changed file." },
        ]),
      ],
    });
    const outcome = await world.run();
    expect(outcome.result.review?.findings.map((f) => f.line)).toEqual([5]);
    expect(outcome.result.unanchored?.map((f) => `${f.path}:${f.line}`)).toEqual([
      "src/api/handler.ts:900",
      "src/other.ts:1",
    ]);
  });

  it("never overshoots the token budget with eight child calls in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const head: Record<string, string> = {};
    for (let d = 0; d < 48; d++) head[`pkg${d}/mod.ts`] = codeLines(`m${d}`, 300);
    world = await reviewWorld({
      baseFiles: { "README.md": "x\n" },
      headFiles: head,
      inputs: {
        "rlm-threshold-bytes": "10000",
        "max-tokens": "250000",
        "review-concurrency": "8",
      },
      children: async (req) => {
        inFlight++;
        most = Math.max(most, inFlight);
        // Each reply waits until eight are in flight (or a second has passed), so that a busy
        // machine sending the requests slowly still shows whether eight go out at once.
        const until = Date.now() + 1000;
        while (inFlight < 8 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
        await new Promise((r) => setTimeout(r, 40));
        inFlight--;
        // A provider whose tokenizer gives three characters a token, the estimate's own ratio.
        const chars = req.body.messages.map(messageText).join("").length;
        const prompt = Math.ceil(chars / 3);
        return {
          content: '{"findings": []}',
          usage: { prompt_tokens: prompt, completion_tokens: 4096 },
        };
      },
    });
    const outcome = await world.run();
    expect(most).toBe(8);
    const spent = outcome.stats.usage.promptTokens + outcome.stats.usage.completionTokens;
    expect(spent).toBeLessThanOrEqual(250_000);
    expect(outcome.conclusion).toBe("partial");
  });

  it("shows hunks examined of the total on the pull request while it works", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: BIG_HEAD,
      inputs: { "rlm-threshold-bytes": "10000" },
      script: [finalize("Done.")],
    });
    await world.run();
    // A review this short shows its counts on the status line; the comment keeps its note until
    // the result replaces it (the comment's counts are tested below with a moving clock).
    expect(world.statuses.at(-1)).toMatch(/^review: 3 of 3 hunks/);
    expect(world.progress.filter((p) => p.coverage)).toEqual([]);
  });

  it("reports coverage for a task without holding it to coverage", async () => {
    world = await reviewWorld({
      baseFiles: BASE,
      headFiles: SMALL_HEAD,
      kind: "task",
      script: [submit("Answered the question.")],
    });
    const outcome = await world.run();
    expect(outcome.conclusion).toBe("success");
    expect(outcome.result.coverage?.complete).toBe(false);
    expect(children(world)).toHaveLength(0);
  });
});

describe("coverageProgress", () => {
  afterEach(() => vi.useRealTimers());

  it("puts the count on the comment a full interval after the review began, then at most that often", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const started = Date.now();
    const posted: Progress[] = [];
    let examined = 0;
    const ports = {
      started,
      settings: { prices: { inputPerMTok: 1, outputPerMTok: 4 } },
      progress: (p: Progress) => posted.push(p),
    } as unknown as ModePorts;
    const scaled = {
      review: { ledger: { progress: () => ({ examined, inScope: 10 }) } },
    } as unknown as ScaledReview;
    const spent = () => ({ promptTokens: 1_000_000, completionTokens: 0, cachedTokens: 0 });
    const tick = coverageProgress(ports, scaled, { pr: 7, task: "review", head: "abc" }, spent);

    examined = 2;
    tick();
    vi.setSystemTime(started + PROGRESS_EVERY_MS - 1);
    tick();
    expect(posted).toEqual([]);
    vi.setSystemTime(started + PROGRESS_EVERY_MS);
    examined = 4;
    tick();
    expect(posted.map((p) => p.coverage)).toEqual([
      { examined: 4, total: 10, elapsedMs: PROGRESS_EVERY_MS, costUsd: 1 },
    ]);
    vi.setSystemTime(started + 2 * PROGRESS_EVERY_MS - 1);
    tick();
    tick(true); // the final count: the result replaces the comment next
    expect(posted).toHaveLength(1);
    vi.setSystemTime(started + 2 * PROGRESS_EVERY_MS);
    tick();
    expect(posted).toHaveLength(2);
  });
});
