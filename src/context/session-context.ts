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
