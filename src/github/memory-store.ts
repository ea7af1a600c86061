import type { Octokit } from "@octokit/rest";
import type { Settings } from "../config/settings.js";
import { TRIAGE_HISTORY_FILE, type BranchFile } from "../memory-store/branch-file.js";
import type { MemoryStore } from "../memory-store/store.js";
import { createBranchFile } from "./branch-file.js";
import { createBranchStore } from "./memory-branch-store.js";
import { memoryRepository } from "./memory-repository.js";
import { createOctokitWithToken } from "./octokit.js";
import type { RepoRef } from "./port.js";

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
    opts.memoryOctokit ?? (token ? createOctokitWithToken(opts.octokit, token) : opts.octokit);
  return createBranchStore({
    octokit,
    owner: target.owner,
    repo: target.repo,
    branch: settings.memory.branch,
  });
}

/**
 * The triage's history of this repository's failures: `triage-history.jsonl` on `memory-branch`
 * of this repository, written with `github-token` (contents: write). `memory-repository` shares
 * memory between repositories; one repository's failures stay with it.
 */
export function triageHistoryFor(opts: {
  octokit: Octokit;
  repo: RepoRef;
  settings: Settings;
}): BranchFile {
  return createBranchFile({
    octokit: opts.octokit,
    owner: opts.repo.owner,
    repo: opts.repo.repo,
    branch: opts.settings.memory.branch,
    path: TRIAGE_HISTORY_FILE,
  });
}
