import type { Settings } from "../config/settings.js";
import type { RepoRef } from "./port.js";

/** The repository that holds the memory store: `memory-repository`, else this one. */
export function memoryRepository(repo: RepoRef, settings: Settings): RepoRef {
  const [owner = repo.owner, name = repo.repo] = settings.memory.repository?.split("/") ?? [];
  return { owner, repo: name };
}
