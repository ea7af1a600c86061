// The history file's rows, their merge (dedup, 30 days, passes) and what the summary says of a
// signature. Pure: no store, no GitHub.
import { describe, expect, it } from "vitest";
import {
  mergeHistory,
  parseHistory,
  serializeHistoryRow,
  type FoundPass,
  type HistoryRow,
} from "../../src/triage/history.js";
import { summariseHistory } from "../../src/triage/history-summary.js";

const NOW = new Date("2025-07-31T12:00:00Z");
const SIG = "0123456789abcdef";
const daysAgo = (n: number) => new Date(NOW.getTime() - n * 86_400_000).toISOString();

const row = (over: Partial<HistoryRow> = {}): HistoryRow => ({
  v: 1,
  signature: SIG,
  at: daysAgo(1),
  workflow: "CI",
  path: ".github/workflows/ci.yml",
  workflow_id: 42,
  job: "test",
  job_id: 1001,
  run: 100,
  attempt: 1,
  branch: "feature",
  sha: "a".repeat(40),
  event: "pull_request",
  on_default: false,
  pulls: [7],
  ...over,
});

const text = (...rows: HistoryRow[]) => rows.map((r) => `${serializeHistoryRow(r)}\n`).join("");
const merged = (before: string, add: HistoryRow[], passes: FoundPass[] = []) =>
  mergeHistory(before, { add, passes, now: NOW });

describe("the history file", () => {
  it("remembers a failed job of a run attempt once, however often it is triaged", () => {
    const first = merged("", [row()])!;
    expect(parseHistory(first).rows).toEqual([row()]);
    // The same event delivered again: nothing to write.
    expect(merged(first, [row()])).toBeUndefined();
    // Another attempt, another job of the same attempt: both are new.
    const more = merged(first, [row({ attempt: 2 }), row({ job_id: 1002, job: "lint" })])!;
    expect(parseHistory(more).rows.map((r) => `${r.run}/${r.attempt}/${r.job_id}`)).toEqual([
      "100/1/1001",
      "100/2/1001",
      "100/1/1002",
    ]);
  });

  it("keeps 30 days: an older row is left out on the next write", () => {
    const before = text(row({ run: 1, at: daysAgo(31) }), row({ run: 2, at: daysAgo(29) }));
    const after = merged(before, [row({ run: 3, at: NOW.toISOString() })])!;
    expect(parseHistory(after).rows.map((r) => r.run)).toEqual([2, 3]);
  });

  it("keeps a later version's line as it is and drops a line that is no row", () => {
    const later = JSON.stringify({ v: 2, signature: SIG, what: "a future shape" });
    const before = `${later}\nnot json\n{"v":1,"signature":"zz"}\n${text(row())}`;
    expect(parseHistory(before)).toMatchObject({ rows: [row()], skipped: 3 });
    const after = merged(before, [row({ run: 101 })])!;
    expect(after.split("\n")[0]).toBe(later);
    expect(parseHistory(after)).toMatchObject({ skipped: 1 });
    expect(parseHistory(after).rows.map((r) => r.run)).toEqual([100, 101]);
  });

  it("marks a re-run's pass on the run's earlier attempts, and a commit's on the default branch", () => {
    const main = { branch: "main", on_default: true, pulls: [], event: "push" };
    const before = text(
      row({ run: 100, attempt: 1 }),
      row({ run: 200, ...main, sha: "b".repeat(40) }),
      row({ run: 300, ...main, sha: "c".repeat(40) }),
    );
    const after = merged(
      before,
      [],
      [
        { how: "rerun", run: 100, attempt: 2, sha: "a".repeat(40), path: row().path },
        { how: "commit", run: 250, attempt: 1, sha: "b".repeat(40), path: row().path },
      ],
    )!;
    const rows = parseHistory(after).rows;
    expect(rows.map((r) => r.passed)).toEqual([
      { how: "rerun", run: 100, attempt: 2 },
      { how: "commit", run: 250, attempt: 1 },
      undefined,
    ]);
  });

  it("escapes the Unicode line separators, so that every reader sees one row per line", () => {
    const line = serializeHistoryRow(row({ branch: "a\u2028b\u2029c\nd" }));
    expect(line).not.toMatch(/[\u2028\u2029\n]/);
    expect(parseHistory(line).rows[0]!.branch).toBe("a\u2028b\u2029c\nd");
  });
});

describe("what the history says of a signature", () => {
  it("counts run attempts, names the branches and the first failure, and tells flaky", () => {
    const rows = [
      row({ run: 1, at: daysAgo(20), branch: "main", on_default: true, pulls: [] }),
      row({ run: 2, at: daysAgo(10), passed: { how: "rerun", run: 2, attempt: 2 } }),
      row({ run: 2, at: daysAgo(10), job_id: 1002 }),
      row({ run: 3, at: daysAgo(5), branch: "patch-1", fork: "someone/widgets", pulls: [9] }),
      row({ run: 4, at: daysAgo(0), pulls: [7] }),
      row({ run: 5, signature: "ffffffffffffffff" }),
    ];
    const s = summariseHistory(rows, SIG, { run: 4, pulls: [7] })!;
    expect(s).toMatchObject({
      failures: 4,
      passedOnRerun: 1,
      passedOnDefault: 0,
      flaky: true,
      isNew: false,
      firstSeen: { run: 1, branch: "main", onDefault: true },
      lastOnDefault: { run: 1 },
    });
    expect(s.branches).toEqual([
      { name: "feature", fork: undefined },
      { name: "patch-1", fork: "someone/widgets" },
      { name: "main", fork: undefined },
    ]);
  });

  it("calls a failure new while only this run and its pull request have had it", () => {
    const rows = [row({ run: 1, pulls: [7] }), row({ run: 2, pulls: [7] })];
    expect(summariseHistory(rows, SIG, { run: 2, pulls: [7] })).toMatchObject({
      isNew: true,
      failures: 2,
    });
    expect(summariseHistory(rows, SIG, { run: 2, pulls: [8] })).toMatchObject({ isNew: false });
    // A push: new only when no other run had it.
    expect(
      summariseHistory([row({ run: 2, pulls: [] })], SIG, { run: 2, pulls: [] }),
    ).toMatchObject({ isNew: true, failures: 1, lastOnDefault: undefined });
    expect(summariseHistory(rows, "ffffffffffffffff", { run: 2, pulls: [] })).toBeUndefined();
  });
});
