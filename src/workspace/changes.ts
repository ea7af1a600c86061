import { copyFile, mkdir, mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { git } from "./git.js";

export interface SavedChanges {
  /** Files the patch touches (a rename counts once). */
  readonly files: number;
  /** Size of the patch file. */
  readonly bytes: number;
}

const DIFF_FLAGS = [
  "--no-color",
  "--no-ext-diff",
  "--no-textconv",
  "--find-renames",
  "--src-prefix=a/",
  "--dst-prefix=b/",
];

async function copyIndex(from: string, to: string): Promise<void> {
  const { atime, mtime } = await stat(from);
  await copyFile(from, to);
  await utimes(to, atime, mtime);
}

const succeeded = () => true;
const failed = () => false;

/**
 * Writes the working tree's changes since `head` (modified, deleted and new files that are not
 * ignored) to `outFile` as a patch `git apply` takes on a checkout of `head`. Returns undefined
 * and writes nothing when there are none. The workspace's own index is only read: the tree is
 * staged into a throwaway copy.
 */
export async function saveChanges(
  root: string,
  head: string,
  outFile: string,
): Promise<SavedChanges | undefined> {
  const scratch = await mkdtemp(path.join(tmpdir(), "rivumi-changes-"));
  const env = { GIT_CONFIG_GLOBAL: "/dev/null", GIT_INDEX_FILE: path.join(scratch, "index") };
  const run = (args: string[]) =>
    git(root, ["-c", "core.fsmonitor=false", "-c", "core.quotePath=false", ...args], { env });
  try {
    const commit = await run(["rev-parse", "--verify", "--end-of-options", `${head}^{commit}`]);
    // Starting from the real index keeps its stat data, so unchanged files are not hashed again.
    // Asked without GIT_INDEX_FILE, which --git-path would otherwise echo back.
    const realIndex = path.resolve(
      root,
      await git(root, ["rev-parse", "--git-path", "index"], {
        env: { GIT_CONFIG_GLOBAL: "/dev/null" },
      }),
    );
    // The copy keeps the index's times: git trusts the stat data of entries older than its index
    // file and compares the contents of the rest, so a copy made now would hide an edit of the
    // same size made in the second the working tree was written.
    const copied = await copyIndex(realIndex, env.GIT_INDEX_FILE).then(succeeded, failed);
    const reused = copied && (await run(["read-tree", "-m", commit]).then(succeeded, failed));
    if (!reused) await run(["read-tree", commit]);
    await run(["add", "--all"]);
    const names = await run(["diff", "--cached", "--name-only", "-z", ...DIFF_FLAGS, commit]);
    const files = names.split("\0").filter((name) => name !== "").length;
    if (files === 0) return undefined;
    const out = path.resolve(outFile);
    await mkdir(path.dirname(out), { recursive: true });
    await run([
      "diff",
      "--cached",
      "--binary",
      "--full-index",
      ...DIFF_FLAGS,
      `--output=${out}`,
      commit,
    ]);
    return { files, bytes: (await stat(out)).size };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
