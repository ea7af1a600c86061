import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PullFile } from "../github/port.js";
import { changedFiles } from "../workspace/diff-files.js";
import { git } from "../workspace/git.js";
import { notARepository, repoLabel } from "./paths.js";
import { UsageError } from "./usage-error.js";

export interface LocalDiff {
  root: string;
  /** A commit object holding HEAD plus the working tree; no ref, index or file is changed. */
  head: string;
  mergeBase: string;
  files: PullFile[];
}

async function defaultBase(root: string): Promise<string> {
  for (const candidate of ["origin/HEAD", "origin/main", "origin/master", "main", "master"]) {
    const ok = await git(root, ["rev-parse", "--verify", "--quiet", `${candidate}^{commit}`], {
      allowFail: true,
    });
    if (ok) return candidate;
  }
  throw new UsageError("cannot tell the base branch; pass --base REF (for example --base main)");
}

/**
 * Snapshots the working tree through a throwaway index, so uncommitted and untracked (not
 * ignored) changes are reviewed without touching the user's index, refs or files.
 */
export async function snapshotLocalDiff(
  repo: string,
  base: string | undefined,
): Promise<LocalDiff> {
  const root = await git(repo, ["rev-parse", "--show-toplevel"], { allowFail: true });
  if (!root) throw notARepository(repo);
  const hasHead =
    (await git(root, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"], {
      allowFail: true,
    })) !== "";
  if (!hasHead)
    throw new UsageError(
      `${repoLabel(repo, root)}: the repository has no commits yet; commit once, then review against that commit`,
    );
  const baseRef = base ?? (await defaultBase(root));
  if (baseRef.startsWith("-"))
    throw new UsageError(`--base ${baseRef}: a ref cannot start with '-'`);
  const baseSha = await git(root, ["rev-parse", "--verify", "--quiet", `${baseRef}^{commit}`], {
    allowFail: true,
  });
  if (!baseSha) throw new UsageError(`--base ${baseRef}: no such branch, tag or commit in ${root}`);

  const tmp = await mkdtemp(join(tmpdir(), "rivumi-index-"));
  try {
    const env = { GIT_INDEX_FILE: join(tmp, "index") };
    await git(root, ["read-tree", "HEAD"], { env });
    await git(root, ["add", "-A", "--", ".", ":(exclude).rivumi/runs"], { env });
    const tree = await git(root, ["write-tree"], { env });
    const head = await git(root, [
      "commit-tree",
      tree,
      "-p",
      "HEAD",
      "-m",
      "rivumi: working tree snapshot",
    ]);
    const mergeBase = await git(root, ["merge-base", baseSha, head]);
    return { root, head, mergeBase, files: await changedFiles(root, mergeBase, head) };
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
