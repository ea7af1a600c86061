import { errorText } from "../util/error-text.js";
import type { Settings } from "../config/settings.js";
import type { Journal } from "../journal/journal.js";
import { actorOf } from "../trigger/actor.js";
import type { Trigger } from "../trigger/trigger.js";
import type { MemoryStore } from "../memory-store/store.js";
import { sessionMemoryOf } from "./memory/scope.js";
import { NO_MEMORY, type SessionMemory } from "./session-context.js";

/**
 * The memory section's entries for an agent run: the user concerned (the PR author, or the
 * commenter who asked) and exactly this repository. A memory problem never fails the review: it
 * is journaled and the run goes on without memory.
 */
export async function loadPromptMemory(
  store: MemoryStore,
  trigger: Trigger,
  settings: Settings,
  journal: Journal,
): Promise<SessionMemory> {
  if (trigger.kind === "ignored" || trigger.kind === "local") return NO_MEMORY;
  const { loadMemory } = await import("./memory/retrieval.js");
  try {
    const loaded = await loadMemory({
      store,
      user: actorOf(trigger)?.login ?? "",
      project: `${trigger.repo.owner}/${trigger.repo.repo}`,
      limit: settings.memory.limit,
      journal,
    });
    // Each prompt takes its own share of these, by its files (`scopeMemory`).
    return sessionMemoryOf(loaded.entries, store.source, settings.memory.limit);
  } catch (error) {
    journal.emit({
      type: "memory.read_failed",
      source: store.source,
      error: errorText(error),
    });
    return { entries: [], source: store.source };
  }
}
