// Memory scoped to a directory: the row's optional `dir`, which entries the store's selection
// keeps, and the share of them each prompt gets by its files.
import { describe, expect, it } from "vitest";
import {
  formatEntry,
  idForComment,
  parseStore,
  scopeMemory,
  selectMemory,
  serializeRow,
  sessionMemoryOf,
  type MemoryRecord,
} from "../../../src/context/memory/index.js";
import { scopeDirOf } from "../../../src/memory-store/record.js";
import { memorySection } from "../../../src/prompt/sections/memory.js";
import type { PromptContext } from "../../../src/prompt/section.js";

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
const who = { user: "alice", project: "acme/widgets" };
const texts = (entries: readonly { text: string }[]) => entries.map((e) => e.text);

describe("the dir field", () => {
  it("is written after the project and read back; rows without it still parse", () => {
    const scoped = entry({ id: "m-00000000000a", text: "validate tenants", dir: "src/api" });
    expect(serializeRow(scoped)).toBe(
      '{"v":1,"id":"m-00000000000a","type":"project-fact","text":"validate tenants","user":"alice","project":"acme/widgets","dir":"src/api","created_at":"2025-03-04T05:06:07.000Z"}',
    );
    const plain = entry({ id: "m-00000000000b" });
    const parsed = parseStore(`${serializeRow(scoped)}\n${serializeRow(plain)}\n`);
    expect(parsed).toMatchObject({ skipped: 0, rows: [scoped, plain] });
    expect(parsed.rows[1]).not.toHaveProperty("dir");
  });

  it.each(["", "/src", "src/", "src/../etc", "./src", "src//api", "a\\b", "src/\napi"])(
    "skips a row whose dir is %j",
    (dir) => {
      const row = JSON.stringify({ ...entry(), dir });
      expect(parseStore(`${row}\n`)).toMatchObject({ rows: [], skipped: 1 });
    },
  );

  it("is the directory of the thread's file; a file at the root has none", () => {
    expect(scopeDirOf("src/api/users.ts")).toBe("src/api");
    expect(scopeDirOf("deep/er/still/x.py")).toBe("deep/er/still");
    expect(scopeDirOf("README.md")).toBeUndefined();
    expect(scopeDirOf("src/../x/y.ts")).toBeUndefined();
  });

  it("keeps a review comment's row apart from an issue comment's with the same number", () => {
    expect(idForComment("acme/widgets", 77, "review")).not.toBe(idForComment("acme/widgets", 77));
    expect(idForComment("acme/widgets", 77, "issue")).toBe(idForComment("acme/widgets", 77));
  });

  it("shows in /memories, `rivumi memory list` and the prompt", () => {
    expect(formatEntry({ type: "project-fact", text: "x", dir: "src/api" })).toBe(
      "[project-fact in src/api/] x",
    );
    expect(formatEntry({ type: "project-fact", text: "x" })).toBe("[project-fact] x");
    const ctx = {
      memory: {
        entries: [
          { id: "m-1", type: "project-fact", text: "validate tenants", dir: "src/api" },
          { id: "m-2", type: "project-fact", text: "we use pnpm" },
        ],
        source: "s",
      },
    } as unknown as PromptContext;
    expect(memorySection.render(ctx)).toContain(
      "- [project-fact for src/api/] validate tenants\n- [project-fact] we use pnpm",
    );
  });
});

describe("selection and scoping", () => {
  it("selects the latest `limit` exactly as before when no entry has a dir", () => {
    const rows = Array.from({ length: 5 }, () => entry());
    expect(selectMemory(rows, { ...who, limit: 3 })).toEqual(rows.slice(-3));
  });

  it("reaches back to the limit-th newest entry for everywhere, and no further", () => {
    const rows = [
      entry({ text: "old" }),
      entry({ text: "api1", dir: "src/api" }),
      entry({ text: "all1" }),
      entry({ text: "ui1", dir: "src/ui" }),
      entry({ text: "all2" }),
      entry({ text: "api2", dir: "src/api" }),
    ];
    // Two entries for everywhere are newer than `old`: with a limit of 2 no prompt can get it.
    const selected = selectMemory(rows, { ...who, limit: 2 });
    expect(texts(selected)).toEqual(["all1", "ui1", "all2", "api2"]);

    const memory = sessionMemoryOf(selected, "store", 2);
    expect(texts(scopeMemory(memory, ["src/api"]).entries)).toEqual(["all2", "api2"]);
    expect(texts(scopeMemory(memory, ["src/ui"]).entries)).toEqual(["ui1", "all2"]);
    expect(texts(scopeMemory(memory, ["docs"]).entries)).toEqual(["all1", "all2"]);
    // A deeper directory is under the entry's; a sibling with the same prefix is not.
    expect(texts(scopeMemory(memory, ["src/api/v2"]).entries)).toEqual(["all2", "api2"]);
    expect(texts(scopeMemory(memory, ["src/apis", "."]).entries)).toEqual(["all1", "all2"]);
    // Changed files, or their directories: both are paths under the entry's dir.
    expect(texts(scopeMemory(memory, ["src/api/users.ts"]).entries)).toEqual(["all2", "api2"]);
  });

  it("takes an entry without a limit as final, and gives nothing at a limit of 0", () => {
    const rows = [entry({ text: "a", dir: "src/api" }), entry({ text: "b" })];
    const unlimited = { entries: rows, source: "s" };
    expect(texts(scopeMemory(unlimited, ["src/ui"]).entries)).toEqual(["b"]);
    expect(scopeMemory(sessionMemoryOf(rows, "s", 0), ["src/api"]).entries).toEqual([]);
    expect(selectMemory(rows, { ...who, limit: 0 })).toEqual([]);
  });
});
