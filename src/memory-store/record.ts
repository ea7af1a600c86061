import { createHash, randomBytes } from "node:crypto";
import * as z from "zod";

/** The three kinds of entry `/remember` takes, and the short forms it also accepts. */
export const ENTRY_TYPES = ["user-preference", "project-fact", "project-preference"] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];
const SHORT_FORMS: Readonly<Record<string, EntryType>> = {
  pref: "user-preference",
  fact: "project-fact",
  "project-pref": "project-preference",
};

/** Longest entry text, in characters (code points). */
export const MEMORY_TEXT_MAX = 1000;
export const MEMORY_SCHEMA_VERSION = 1;

/** Longest `dir`, in characters. */
export const MEMORY_DIR_MAX = 1000;

/** A relative POSIX directory without `.`/`..` segments, or slashes at either end (`src/api`). */
export function isScopeDir(dir: string): boolean {
  return (
    dir !== "" &&
    !dir.includes("\\") &&
    ![...dir].some((c) => c.charCodeAt(0) < 0x20) &&
    dir.split("/").every((part) => part !== "" && part !== "." && part !== "..")
  );
}

/** The directory a memory from a thread on `path` is scoped to; undefined at the root. */
export function scopeDirOf(path: string): string | undefined {
  const parts = path.split("/").filter((p) => p !== "" && p !== ".");
  const dir = parts.slice(0, -1).join("/");
  return dir !== "" && isScopeDir(dir) && dir.length <= MEMORY_DIR_MAX ? dir : undefined;
}

const id = z.string().regex(/^m-[A-Za-z0-9_-]{1,64}$/, "an id such as m-3f9a1c2b7d4e");
const login = z.string().min(1).max(100);
const createdAt = z.iso.datetime({ offset: true });
const text = z
  .string()
  .refine((s) => s.trim() !== "", "must not be blank")
  .refine((s) => [...s].length <= MEMORY_TEXT_MAX, `at most ${MEMORY_TEXT_MAX} characters`);

/** A remembered fact or preference, one JSON line in the store. */
export const memoryEntrySchema = z.object({
  v: z.literal(MEMORY_SCHEMA_VERSION),
  id,
  type: z.enum(ENTRY_TYPES),
  text,
  /** Login of whoever asked to remember it. */
  user: login,
  /** `owner/repo` it was recorded for (on the CLI, possibly a folder name). */
  project: z.string().min(1).max(300),
  /** Only for files under this directory of the project (`src/api`); everywhere when absent. */
  dir: z
    .string()
    .max(MEMORY_DIR_MAX)
    .refine(isScopeDir, "a directory relative to the repository root, such as src/api")
    .optional(),
  created_at: createdAt,
  /** The comment it came from. */
  source: z.url().max(2000).optional(),
});

/** A forget: appended, never an edit; hides `target` from retrieval. */
export const memoryTombstoneSchema = z.object({
  v: z.literal(MEMORY_SCHEMA_VERSION),
  id,
  type: z.literal("forget"),
  target: id,
  user: login,
  created_at: createdAt,
});

export const memoryRowSchema = z.discriminatedUnion("type", [
  memoryEntrySchema,
  memoryTombstoneSchema,
]);

export type MemoryRecord = z.infer<typeof memoryEntrySchema>;
export type MemoryTombstone = z.infer<typeof memoryTombstoneSchema>;
export type MemoryRow = MemoryRecord | MemoryTombstone;

export const isEntry = (row: MemoryRow): row is MemoryRecord => row.type !== "forget";

/** `user-preference`, `project-fact`, `project-preference` or a short form; undefined otherwise. */
export function parseEntryType(word: string): EntryType | undefined {
  const w = word.toLowerCase();
  return (ENTRY_TYPES as readonly string[]).includes(w) ? (w as EntryType) : SHORT_FORMS[w];
}

const shortHash = (seed: string) => createHash("sha256").update(seed).digest("hex").slice(0, 12);

/**
 * The id of the row a comment writes. It depends only on the comment, so a re-delivered event,
 * a re-run or two simultaneous deliveries all name the same row and it is stored once.
 */
export function idForComment(
  repository: string,
  commentId: number,
  kind: "issue" | "review" = "issue",
): string {
  // Review comments are numbered apart from issue comments: their ids must not name the same row.
  const seed = kind === "review" ? "review-comment" : "comment";
  return `m-${shortHash(`${seed}:${repository.toLowerCase()}#${commentId}`)}`;
}

/** A fresh id for rows that have no source comment (the CLI). */
export function randomId(): string {
  return `m-${shortHash(randomBytes(16).toString("hex"))}`;
}

/**
 * One store line for a row, fields in a fixed order. JSON escapes newlines; U+2028/U+2029 are
 * escaped as well so that no reader, whatever it counts as a line break, sees two lines.
 */
export function serializeRow(row: MemoryRow): string {
  const ordered =
    row.type === "forget"
      ? {
          v: row.v,
          id: row.id,
          type: row.type,
          target: row.target,
          user: row.user,
          created_at: row.created_at,
        }
      : {
          v: row.v,
          id: row.id,
          type: row.type,
          text: row.text,
          user: row.user,
          project: row.project,
          ...(row.dir !== undefined ? { dir: row.dir } : {}),
          created_at: row.created_at,
          ...(row.source !== undefined ? { source: row.source } : {}),
        };
  return JSON.stringify(ordered)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
