import type { SessionContext } from "../agent/session.js";
import type { Settings } from "../config/settings.js";
import type { RivumiOctokit } from "../github/octokit.js";
import type { Journal } from "../journal/journal.js";
import { actorOf } from "../trigger/actor.js";
import type { Trigger } from "../trigger/trigger.js";

/**
 * The memory section's entries for an agent run: the user concerned (the PR author, or the
 * commenter who asked) and exactly this repository. A memory problem never fails the review: it
 * is journaled and the run goes on without memory.
 */
export async function loadPromptMemory(
  octokit: RivumiOctokit,
  trigger: Trigger,
  settings: Settings,
  journal: Journal,
): Promise<SessionContext["memory"]> {
  if (trigger.kind === "ignored") return { entries: [], source: undefined };
  const { loadMemory, memoryStoreFor } = await import("./memory/index.js");
  const store = memoryStoreFor({ octokit, repo: trigger.repo, settings });
  try {
    const loaded = await loadMemory({
      store,
      user: actorOf(trigger)?.login ?? "",
      project: `${trigger.repo.owner}/${trigger.repo.repo}`,
      limit: settings.memory.limit,
      journal,
    });
    return {
      entries: loaded.entries.map(({ id, type, text }) => ({ id, type, text })),
      source: store.source,
    };
  } catch (error) {
    journal.emit({
      type: "publish.failed",
      target: "memory (read)",
      error: error instanceof Error ? error.message : String(error),
    });
    return { entries: [], source: store.source };
  }
}
