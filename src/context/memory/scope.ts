export { isUnder, scopeMemory } from "../session-context.js";
import type { SessionMemory } from "../session-context.js";

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
