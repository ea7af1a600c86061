import { describe, expect, it } from "vitest";
import {
  createFileStore,
  loadMemory,
  parseStore,
  selectMemory,
  serializeRow,
  type MemoryRecord,
  type MemoryRow,
  type MemoryStore,
} from "../../../src/context/memory/index.js";
import { MemoryJournal } from "../../../src/journal/journal.js";

const AT = "2025-03-04T05:06:07.000Z";
let n = 0;
const entry = (over: Partial<MemoryRecord> = {}): MemoryRecord => ({
  v: 1,
  id: `m-${(++n).toString(16).padStart(6, "0")}`,
  type: "project-fact",
  text: `fact ${n}`,
  user: "alice",
  project: "acme/widgets",
  created_at: AT,
  ...over,
});
const forget = (target: string, id = `m-f${target.slice(2)}`): MemoryRow => ({
  v: 1,
  id,
  type: "forget",
  target,
  user: "alice",
  created_at: AT,
});
const jsonl = (rows: MemoryRow[]) => rows.map((r) => `${serializeRow(r)}\n`).join("");
const textStore = (text: string): MemoryStore => ({
  source: "test",
  read: () => Promise.resolve(text),
  append: () => Promise.reject(new Error("read only")),
});

describe("reading a store", () => {
  it("skips and counts a truncated last line, an unknown type, a missing field, a duplicate id and a non-object line", () => {
    const good = [entry({ text: "one" }), entry({ text: "two" }), entry({ text: "three" })];
    const lines = [
      serializeRow(good[0]!),
      JSON.stringify({ ...entry(), type: "project-rumour" }),
      serializeRow(good[1]!),
      JSON.stringify({ ...entry(), user: undefined }),
      serializeRow({ ...good[0]!, text: "a second row reusing the first id" }),
      "[1,2,3]",
      '"just a string"',
      "42",
      "null",
      "",
      serializeRow(good[2]!),
      serializeRow(entry()).slice(0, 40),
    ];
    const parsed = parseStore(`\uFEFF${lines.join("\n")}`);
    expect(parsed.rows).toEqual(good);
    expect(parsed.skipped).toBe(8);
    expect(parsed.problems.map((p) => p.line)).toEqual([2, 4, 5, 6, 7, 8, 9, 12]);
    expect(parsed.problems[2]!.reason).toContain("duplicate id");
    expect(parsed.problems.at(-1)!.reason).toBe("not JSON");
  });

  it("ignores a byte-order mark at the start only, and Windows line ends", () => {
    const a = entry();
    const b = entry();
    expect(parseStore(`\uFEFF${serializeRow(a)}\r\n${serializeRow(b)}\r\n`)).toMatchObject({
      rows: [a, b],
      skipped: 0,
    });
    // Without stripping, the first row would not parse.
    expect(parseStore(`\uFEFF${serializeRow(a)}`).skipped).toBe(0);
    // A mark inside the file is not a start of the store: that row is skipped.
    expect(parseStore(`${serializeRow(a)}\n\uFEFF${serializeRow(b)}`).skipped).toBe(1);
  });

  it("rejects rows that break the format: wrong version, bad id, blank or overlong text, bad date", () => {
    const rows = [
      { ...entry(), v: 2 },
      { ...entry(), id: "123" },
      { ...entry(), text: "   " },
      { ...entry(), text: "x".repeat(1001) },
      { ...entry(), created_at: "yesterday" },
      { v: 1, id: "m-dead", type: "forget", user: "alice", created_at: AT },
    ];
    const parsed = parseStore(rows.map((r) => JSON.stringify(r)).join("\n"));
    expect(parsed).toMatchObject({ rows: [], skipped: 6 });
    expect(parseStore(JSON.stringify({ ...entry(), text: "é".repeat(1000) })).skipped).toBe(0);
  });

  it("treats a store that does not exist yet as empty", async () => {
    const store = createFileStore(`/tmp/rivumi-no-such-dir-${process.pid}/memory.jsonl`);
    expect(await loadMemory({ store, user: "alice", project: "acme/widgets", limit: 20 })).toEqual({
      entries: [],
      loaded: 0,
      skipped: 0,
    });
  });
});

describe("retrieval", () => {
  const mine = entry({
    type: "user-preference",
    user: "alice",
    project: "acme/other",
    text: "tabs",
  });
  const theirs = entry({
    type: "user-preference",
    user: "bob",
    project: "acme/widgets",
    text: "spaces",
  });
  const fact = entry({ type: "project-fact", project: "acme/widgets", text: "uses pnpm" });
  const pref = entry({ type: "project-preference", project: "acme/widgets", user: "bob" });
  const otherRepo = entry({ type: "project-fact", project: "acme/widgets-legacy" });
  const otherOwner = entry({ type: "project-preference", project: "other/widgets" });

  it("injects the user's own preferences and this repository's facts and preferences, nothing else", () => {
    const rows = [mine, theirs, fact, pref, otherRepo, otherOwner];
    expect(selectMemory(rows, { user: "alice", project: "acme/widgets", limit: 20 })).toEqual([
      mine,
      fact,
      pref,
    ]);
    expect(selectMemory(rows, { user: "bob", project: "acme/widgets", limit: 20 })).toEqual([
      theirs,
      fact,
      pref,
    ]);
    // GitHub logins and repository names are not case-sensitive.
    expect(selectMemory(rows, { user: "Alice", project: "ACME/Widgets", limit: 20 })).toEqual([
      mine,
      fact,
      pref,
    ]);
  });

  it("injects only the latest 20 in append order, oldest first: the 21st-newest is left out", () => {
    const rows = Array.from({ length: 25 }, (_, i) => entry({ text: `fact #${i}` }));
    const selected = selectMemory(rows, { user: "alice", project: "acme/widgets", limit: 20 });
    expect(selected).toHaveLength(20);
    expect(selected[0]!.text).toBe("fact #5");
    expect(selected.at(-1)!.text).toBe("fact #24");
    expect(selected.map((e) => e.text)).not.toContain("fact #4");
    // Irrelevant rows do not take places: the limit counts selected entries.
    const mixed = [...rows.slice(0, 21), otherRepo, theirs];
    expect(
      selectMemory(mixed, { user: "alice", project: "acme/widgets", limit: 20 })[0]!.text,
    ).toBe("fact #1");
    expect(selectMemory(rows, { user: "alice", project: "acme/widgets", limit: 3 })).toEqual(
      rows.slice(-3),
    );
  });

  it("leaves out a forgotten entry, and the one before the window comes in", () => {
    const rows: MemoryRow[] = Array.from({ length: 21 }, (_, i) => entry({ text: `f${i}` }));
    const target = rows[10]!;
    rows.push(forget(target.id));
    const selected = selectMemory(rows, { user: "alice", project: "acme/widgets", limit: 20 });
    expect(selected.map((e) => e.id)).not.toContain(target.id);
    expect(selected).toHaveLength(20);
    expect(selected[0]!.text).toBe("f0");
  });

  it("reports loaded, skipped and selected counts to the journal", async () => {
    const journal = new MemoryJournal();
    const text = `${jsonl([mine, fact, theirs, forget(fact.id)])}{"broken\n`;
    const result = await loadMemory({
      store: textStore(text),
      user: "alice",
      project: "acme/widgets",
      limit: 20,
      journal,
    });
    expect(result).toEqual({ entries: [mine], loaded: 4, skipped: 1 });
    expect(journal.events).toMatchObject([
      { type: "memory.loaded", loaded: 4, skipped: 1, selected: 1, source: "test" },
    ]);
  });
});
