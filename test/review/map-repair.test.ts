// Class: child reviewers whose replies are not all well-formed. A malformed reply (cut short,
// prose around two objects, invalid fields) gets one repair turn, budgeted like the first
// request; a hunk counts as examined only after a reply that validates; a second bad reply
// fails the batch. Well-formed replies cost no extra request, N malformed ones N more.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { ChatMessage, ModelPort, ModelReply } from "../../src/model/port.js";
import { childReplyShape } from "../../src/review/findings.js";
import { TokenBudget } from "../../src/diff-review/budget.js";
import { openDiffReview, type DiffReview } from "../../src/diff-review/diff-review.js";
import { mapHunks, type MapOptions } from "../../src/review/map.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

const DIRS = Array.from({ length: 10 }, (_, i) => `pkg${i}`);
const lines = (tag: string) => Array.from({ length: 6 }, (_, i) => `const ${tag}${i} = ${i};`);

let repo: TempGit;
let base: string;
let head: string;
let runs: string;
beforeAll(async () => {
  repo = await makeTempGit();
  for (const d of DIRS) await repo.write(`${d}/file.ts`, lines(d).join("\n") + "\n");
  base = await repo.commit("base");
  for (const d of DIRS)
    await repo.write(`${d}/file.ts`, [...lines(d), `export const changed = "${d}";`].join("\n"));
  head = await repo.commit("head");
  runs = await mkdtemp(join(tmpdir(), "rivumi-map-repair-"));
});
afterAll(async () => {
  await repo.remove();
  await rm(runs, { recursive: true, force: true });
});

let runNo = 0;
const openReview = () =>
  openDiffReview({
    root: repo.root,
    from: base,
    mergeBase: base,
    head,
    runDir: join(runs, `run-${++runNo}`),
    includePaths: [],
    excludePaths: [],
    maxFileBytes: 1_000_000,
    signal: new AbortController().signal,
  });

const text = (m: ChatMessage | undefined) => (typeof m?.content === "string" ? m.content : "");
/** The directory a child request is about: its hunks name one file. */
const dirOf = (messages: ChatMessage[]) => /pkg\d+/.exec(text(messages[1]))?.[0] ?? "?";
const findingFor = (dir: string) => ({
  path: `${dir}/file.ts`,
  line: 7,
  severity: "minor",
  title: "A changed export",
  body: "Check the callers.",
  quote: `export const changed = "${dir}";`,
});
const good = (dir: string) => JSON.stringify({ findings: [findingFor(dir)] });

type Answer = (dir: string, messages: ChatMessage[]) => Partial<ModelReply>;

/** A child model answering from a function of the batch's directory and the conversation. */
function childModel(answer: Answer): ModelPort & { calls: ChatMessage[][] } {
  const calls: ChatMessage[][] = [];
  return {
    model: "child",
    calls,
    complete(messages, _tools, _signal, options) {
      expect(options?.structured).toBe(childReplyShape.structured);
      calls.push(structuredClone(messages));
      return Promise.resolve({
        content: "",
        toolCalls: [],
        finishReason: "stop",
        usage: { promptTokens: 100, completionTokens: 20, cachedTokens: 0 },
        ...answer(dirOf(messages), messages),
      });
    },
  };
}

const run = (review: DiffReview, model: ModelPort, extra: Partial<MapOptions> = {}) => {
  const journal = new MemoryJournal();
  const budget = new TokenBudget(10_000_000);
  const opts: MapOptions = {
    review,
    model,
    system: () => Promise.resolve("# Your part of the review"),
    budget,
    maxOutputTokens: 1000,
    concurrency: 3,
    // One directory per batch: each file's hunk is a few hundred characters.
    maxChars: 400,
    nonce: "n0nce-for-the-map-tests",
    journal,
    signal: new AbortController().signal,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
    ...extra,
  };
  return mapHunks(opts).then((result) => ({ result, journal, budget: opts.budget }));
};
const isRepair = (messages: ChatMessage[]) => messages.length > 2;
const batchEvents = (journal: MemoryJournal) =>
  journal.events.filter((e) => e.type === "review.batch");

describe("child reviewers' replies and the repair turn", () => {
  it.each([0, 1, 3])(
    "costs %i extra request(s) for as many malformed replies, and examines every hunk",
    async (malformed) => {
      const review = await openReview();
      // Three kinds of malformed reply: cut off at the cap, two different objects, a bad field.
      const kinds: ((dir: string) => Partial<ModelReply>)[] = [
        (dir) => ({ content: `Sure. ${good(dir).slice(0, 50)}`, finishReason: "length" }),
        (dir) => ({ content: `${good(dir)}\nAlso: {"findings": []}` }),
        (dir) => ({ content: good(dir).replace('"severity":"minor"', '"severity":"bad"') }),
      ];
      const bad = new Map(DIRS.slice(0, malformed).map((d, i) => [d, kinds[i]!]));
      const model = childModel((dir, messages) =>
        !isRepair(messages)
          ? (bad.get(dir)?.(dir) ?? { content: good(dir) })
          : { content: good(dir) },
      );
      const { result, journal, budget } = await run(review, model);
      expect(result.batches).toBe(DIRS.length);
      expect(result.requests).toBe(DIRS.length + malformed);
      expect(result.repairs).toBe(malformed);
      expect(result.failed).toBe(0);
      expect(model.calls).toHaveLength(result.requests);
      expect(review.ledger.progress()).toEqual({ examined: DIRS.length, inScope: DIRS.length });
      expect(result.findings.map((f) => f.path).sort()).toEqual(
        DIRS.map((d) => `${d}/file.ts`).sort(),
      );
      // Both requests of a repaired batch are counted: in the result, the budget and the journal.
      const tokens = result.requests * 120;
      expect(result.usage).toEqual({
        promptTokens: result.requests * 100,
        completionTokens: result.requests * 20,
        cachedTokens: 0,
        reasoningTokens: 0,
      });
      expect(budget.used).toBe(tokens);
      expect(budget.left).toBe(budget.limit - tokens);
      const events = batchEvents(journal);
      expect(events.filter((e) => e.repaired === true)).toHaveLength(malformed);
      for (const e of events) expect(e.usage?.promptTokens).toBe(e.repaired === true ? 200 : 100);
      const reasons = events.map((e) => e.repairReason).filter(Boolean);
      expect(reasons).toHaveLength(malformed);
      expect(reasons).toEqual(
        expect.arrayContaining(
          [/cut off at the output token limit/, /2 different JSON values/, /findings\.0\.severity/]
            .slice(0, malformed)
            .map((re) => expect.stringMatching(re) as string),
        ),
      );
    },
  );

  it("fails a batch whose repair is bad too, and leaves its hunks not examined", async () => {
    const review = await openReview();
    const model = childModel((dir, messages) =>
      dir === "pkg4"
        ? { content: isRepair(messages) ? good(dir).replace('"line":7', '"line":-1') : "[" }
        : { content: good(dir) },
    );
    const { result, journal } = await run(review, model);
    expect(result).toMatchObject({ batches: 10, requests: 11, repairs: 1, failed: 1 });
    expect(review.ledger.progress()).toEqual({ examined: 9, inScope: 10 });
    const report = review.ledger.report();
    expect(report.notReached.paths).toEqual(["pkg4/file.ts"]);
    expect(result.findings.some((f) => f.path === "pkg4/file.ts")).toBe(false);
    const failed = batchEvents(journal).filter((e) => !e.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ repaired: true, usage: { promptTokens: 200 } });
    expect(failed[0]?.repairReason).toMatch(/no JSON object|cut short/);
    expect(failed[0]?.error).toMatch(/findings\.0\.line/);
    // The repair turn is the conversation so far, the reply as it came, then the problem.
    const repair = model.calls.find((m) => dirOf(m) === "pkg4" && isRepair(m))!;
    expect(repair).toHaveLength(4);
    expect(repair[2]).toEqual({ role: "assistant", content: "[" });
    expect(text(repair[3])).toContain(JSON.stringify(childReplyShape.structured.schema));
  });

  it("reserves the repair turn against the budget, and stops when it does not fit", async () => {
    const review = await openReview();
    // The first request of one batch fits; its repair (a longer conversation) does not.
    const probe = await run(
      await openReview(),
      childModel((d) => ({ content: good(d) })),
      {
        concurrency: 1,
      },
    );
    const first = Math.max(...batchEvents(probe.journal).map((e) => e.chars));
    const held = Math.ceil(first / 3) + 16 + 1000;
    const budget = new TokenBudget(held + 50);
    const model = childModel(() => ({ content: "not json" }));
    const { result, journal } = await run(review, model, { budget, concurrency: 1 });
    expect(model.calls).toHaveLength(1);
    expect(result).toMatchObject({ batches: 1, requests: 1, repairs: 0, failed: 1 });
    expect(result.stopped).toBe("budget");
    expect(review.ledger.progress().examined).toBe(0);
    expect(budget.used).toBe(120);
    expect(budget.left).toBe(held + 50 - 120);
    expect(batchEvents(journal)[0]).toMatchObject({
      ok: false,
      repaired: false,
      repairReason: expect.stringMatching(/no JSON object/) as string,
      error: expect.stringMatching(/token budget/) as string,
      usage: { promptTokens: 100 },
    });
  });
});
