// What a re-review reads, decided from the last review's state and real git history.
import { afterEach, describe, expect, it } from "vitest";
import {
  decideScope,
  fromRangeDiff,
  parseRangeDiff,
  type RangePair,
} from "../../src/review/scope.js";
import type { OpenWorkspace } from "../../src/review/ports.js";
import type { ReviewState } from "../../src/outcome/review.js";
import type { AgentPlan } from "../../src/plan/plan.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

const pair = (old: number | undefined, mark: RangePair["mark"], nu?: number): RangePair => ({
  old,
  new: nu,
  newSha: nu === undefined ? undefined : `abc${nu}`,
  mark,
});

describe("range-diff", () => {
  it("parses git's pair lines, commits on one side only included", () => {
    const text = [
      "1:  1a2b3c4 = 1:  5d6e7f8 first",
      "2:  2a2b3c4 ! 2:  6d6e7f8 second",
      "    @@ some patch text that is not a pair",
      "3:  3a2b3c4 < -:  ------- dropped",
      "-:  ------- > 3:  7d6e7f8 added",
    ].join("\n");
    expect(parseRangeDiff(text)).toEqual([
      { old: 1, new: 1, newSha: "5d6e7f8", mark: "=" },
      { old: 2, new: 2, newSha: "6d6e7f8", mark: "!" },
      { old: 3, new: undefined, newSha: undefined, mark: "<" },
      { old: undefined, new: 3, newSha: "7d6e7f8", mark: ">" },
    ]);
  });

  it("continues from the twin of the last reviewed commit only when history was kept", () => {
    expect(fromRangeDiff([pair(1, "=", 1), pair(2, "=", 2), pair(undefined, ">", 3)])).toEqual({
      from: "abc2",
    });
    expect(fromRangeDiff([pair(1, "=", 1), pair(2, "!", 2)])).toEqual({
      why: "1 commit was changed of those reviewed before",
    });
    expect(fromRangeDiff([pair(1, "<"), pair(2, "=", 1)])).toEqual({
      why: "1 commit was dropped of those reviewed before",
    });
    expect(fromRangeDiff([pair(1, "=", 2), pair(2, "=", 1)])).toEqual({
      why: "the commits reviewed before were reordered",
    });
    expect(fromRangeDiff([pair(undefined, ">", 1), pair(1, "=", 2)])).toEqual({
      why: "new commits were put among those reviewed before",
    });
    expect(fromRangeDiff([pair(undefined, ">", 1)])).toBeUndefined();
  });
});

describe("decideScope", () => {
  let repo: TempGit | undefined;
  afterEach(async () => {
    await repo?.remove();
    repo = undefined;
  });

  const plan: AgentPlan = { kind: "review", pr: 1, task: "t", trusted: true, reason: "r" };
  const signal = new AbortController().signal;

  async function history() {
    repo = await makeTempGit();
    await repo.write("a.txt", "a\n");
    const base = await repo.commit("base");
    await repo.write("a.txt", "a\nb\n");
    const first = await repo.commit("first");
    await repo.write("a.txt", "a\nb\nc\n");
    const second = await repo.commit("second");
    const ws = (head: string, mergeBase = base, extra: Partial<OpenWorkspace> = {}) =>
      ({ root: repo!.root, head, mergeBase, files: [], ...extra }) as unknown as OpenWorkspace;
    const state = (head: string, b = base): ReviewState => ({
      v: 2,
      head,
      base: b,
      fingerprints: [],
      posted: [],
    });
    return { base, first, second, ws, state };
  }

  it("goes on from the last head when it is an ancestor and the base stayed", async () => {
    const h = await history();
    expect(
      await decideScope({
        plan,
        ws: h.ws(h.second),
        incremental: true,
        last: { state: h.state(h.first) },
        signal,
      }),
    ).toEqual({ kind: "incremental", from: h.first, since: h.first, by: "ancestor" });
  });

  it("reviews in full, saying why, when the last head is gone and cannot be fetched", async () => {
    const h = await history();
    const lost = "f".repeat(40);
    const asked: string[][] = [];
    const scope = await decideScope({
      plan,
      ws: h.ws(h.second, h.base, {
        fetchCommits: (shas) => {
          asked.push([...shas]);
          return Promise.resolve(false);
        },
      }),
      incremental: true,
      last: { state: h.state(lost) },
      signal,
    });
    expect(asked).toEqual([[lost, h.base]]);
    expect(scope).toEqual({
      kind: "full",
      why: "the last reviewed head `fffffff` is no longer in the repository (force-pushed away)",
    });
  });

  it("reviews in full with no state, a first-version state, or review-scope full", async () => {
    const h = await history();
    const ws = h.ws(h.second);
    expect(await decideScope({ plan, ws, incremental: true, last: undefined, signal })).toEqual({
      kind: "full",
    });
    const v1 = { state: { v: 2 as const, fingerprints: [], posted: [] } };
    expect(await decideScope({ plan, ws, incremental: true, last: v1, signal })).toEqual({
      kind: "full",
    });
    const last = { state: h.state(h.first) };
    expect(await decideScope({ plan, ws, incremental: false, last, signal })).toEqual({
      kind: "full",
    });
    // A task is never incremental.
    const task: AgentPlan = { ...plan, kind: "task" };
    expect(await decideScope({ plan: task, ws, incremental: true, last, signal })).toEqual({
      kind: "full",
    });
  });
});
