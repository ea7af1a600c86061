import type { FileSource } from "./files/types.js";
import type { Skill } from "./skills/types.js";

/** One explicit memory entry as the prompt shows it. */
export interface ContextMemory {
  id: string;
  type: string;
  text: string;
  /** Given only to prompts about files under this directory; to every prompt when absent. */
  dir?: string;
}

/** The memory section's entries and the store they came from. */
export interface SessionMemory {
  entries: readonly ContextMemory[];
  source: string | undefined;
  /**
   * Most entries one prompt gets. When set, `entries` may hold more, and each prompt takes its
   * own share (`scopeMemory`); when absent, `entries` is already what a prompt gets.
   */
  limit?: number;
}

export const NO_MEMORY: SessionMemory = Object.freeze({ entries: [], source: undefined });

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

/**
 * What the context pipeline hands the agent: data, not tools. The session builds `load_skill`
 * from `skillFiles` and the edit tools from `edits` itself.
 */
export interface SessionContext {
  /** `layering` is `stack` when the project layers add up instead of replacing each other. */
  instructions: { text: string; sources: readonly string[]; layering?: "stack" };
  skills: readonly { name: string; description: string; path: string }[];
  memory: SessionMemory;
  /** Where listed skills are read from on demand; the list can change when the context reloads. */
  skillFiles?: { source: FileSource; current: () => readonly Skill[]; maxBytes: number };
  /** The run may edit the workspace (a trusted task with `allow-edits`). */
  edits: boolean;
  /** Re-resolves instructions after a writing tool; returns a context update when they changed. */
  afterWrite?: () => Promise<string | undefined>;
}

export const EMPTY_CONTEXT: SessionContext = Object.freeze({
  instructions: { text: "", sources: [] },
  skills: [],
  memory: NO_MEMORY,
  edits: false,
});
