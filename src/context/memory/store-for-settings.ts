import type { Octokit } from "@octokit/rest";
import type { Settings } from "../../config/settings.js";
import { createOctokit } from "../../github/octokit.js";
import type { RepoRef } from "../../github/port.js";
import { createBranchStore } from "./branch-store.js";
import type { MemoryStore } from "./store.js";

/** The repository that holds the memory store: `memory-repository`, else this one. */
export function memoryRepository(repo: RepoRef, settings: Settings): RepoRef {
  const [owner = repo.owner, name = repo.repo] = settings.memory.repository?.split("/") ?? [];
  return { owner, repo: name };
}

/**
 * The action's store as the settings describe it: `memory.jsonl` on `memory-branch` of
 * `memory-repository` (or this repository), written with `memory-token` when one is given.
 */
export function memoryStoreFor(opts: {
  octokit: Octokit;
  repo: RepoRef;
  settings: Settings;
  /** The client for `memory-token`; made from the token when not given. */
  memoryOctokit?: Octokit;
}): MemoryStore {
  const { settings } = opts;
  const target = memoryRepository(opts.repo, settings);
  const token = settings.memory.token;
  const octokit =
    opts.memoryOctokit ??
    (token
      ? createOctokit({ token, baseUrl: opts.octokit.request.endpoint.DEFAULTS.baseUrl })
      : opts.octokit);
  return createBranchStore({
    octokit,
    owner: target.owner,
    repo: target.repo,
    branch: settings.memory.branch,
  });
}
