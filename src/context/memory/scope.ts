import type { SessionMemory } from "../session-context.js";

/** Whether `path` (a file, or a directory: `.` is the root) lies under the directory `dir`. */
export function isUnder(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir}/`);
}

/**
 * The memory one prompt gets, the prompt being about these paths (files, or the directories of
 * its files): the entries without a `dir`, and those whose `dir` holds one of the paths, only the
 * latest `limit` of them.
 */
export function scopeMemory(memory: SessionMemory, paths: readonly string[]): SessionMemory {
  const applies = memory.entries.filter(
    (e) => e.dir === undefined || paths.some((p) => isUnder(p, e.dir!)),
  );
  const limit = memory.limit;
  const entries = limit === undefined ? applies : limit > 0 ? applies.slice(-limit) : [];
  return { entries, source: memory.source };
}

/** Loaded entries as the session carries them, for prompts to take their share of. */
export function sessionMemoryOf(
  entries: readonly { id: string; type: string; text: string; dir?: string | undefined }[],
  source: string,
  limit: number,
): SessionMemory {
  return {
    entries: entries.map(({ id, type, text, dir }) => ({
      id,
      type,
      text,
      ...(dir !== undefined ? { dir } : {}),
    })),
    source,
    limit,
  };
}
