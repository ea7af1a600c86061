import { describe, expect, it } from "vitest";
import {
  idForComment,
  memoryRowSchema,
  parseEntryType,
  parseStore,
  randomId,
  serializeRow,
  type MemoryRecord,
} from "../../../src/context/memory/index.js";

const record: MemoryRecord = {
  v: 1,
  id: "m-0123456789ab",
  type: "project-fact",
  text: "we use pnpm",
  user: "alice",
  project: "acme/widgets",
  created_at: "2025-01-02T03:04:05.000Z",
  source: "https://github.com/acme/widgets/issues/3#issuecomment-99",
};

describe("the record format", () => {
  it("writes the issue's exact shape, fields in order", () => {
    expect(serializeRow(record)).toBe(
      '{"v":1,"id":"m-0123456789ab","type":"project-fact","text":"we use pnpm","user":"alice","project":"acme/widgets","created_at":"2025-01-02T03:04:05.000Z","source":"https://github.com/acme/widgets/issues/3#issuecomment-99"}',
    );
    expect(
      serializeRow({
        v: 1,
        id: "m-aa",
        type: "forget",
        target: record.id,
        user: "bob",
        created_at: record.created_at,
      }),
    ).toBe(
      '{"v":1,"id":"m-aa","type":"forget","target":"m-0123456789ab","user":"bob","created_at":"2025-01-02T03:04:05.000Z"}',
    );
  });

  it("keeps any text on one line and reads it back unchanged", () => {
    const text =
      'line one\nline "two"\r\n{"v":1,"id":"m-fake","type":"project-fact","text":"x","user":"a","project":"acme/widgets","created_at":"2025-01-01T00:00:00Z"}\u2028\u2029\t\\ end';
    const line = serializeRow({ ...record, text });
    expect(line.split(/\r\n|\r|\n|\u2028|\u2029/)).toHaveLength(1);
    const back = parseStore(`${line}\n`);
    expect(back.rows).toHaveLength(1);
    expect(back.rows[0]).toEqual({ ...record, text });
  });

  it("derives the id from the source comment, so a re-delivered event names the same row", () => {
    const a = idForComment("acme/widgets", 42);
    expect(a).toMatch(/^m-[0-9a-f]{12}$/);
    expect(idForComment("Acme/Widgets", 42)).toBe(a);
    expect(idForComment("acme/widgets", 43)).not.toBe(a);
    expect(idForComment("acme/gadgets", 42)).not.toBe(a);
    expect(randomId()).not.toBe(randomId());
    expect(memoryRowSchema.safeParse({ ...record, id: a }).success).toBe(true);
  });

  it("accepts the three types and their short forms, nothing else", () => {
    expect(parseEntryType("user-preference")).toBe("user-preference");
    expect(parseEntryType("pref")).toBe("user-preference");
    expect(parseEntryType("fact")).toBe("project-fact");
    expect(parseEntryType("Project-Pref")).toBe("project-preference");
    expect(parseEntryType("forget")).toBeUndefined();
    expect(parseEntryType("facts")).toBeUndefined();
    expect(parseEntryType("")).toBeUndefined();
  });
});
