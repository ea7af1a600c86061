import { copyFile, mkdir, mkdtemp, rm, stat, utimes } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { git, GitError, runGitProcess } from "./git.js";

export interface SavedChanges {
  /** Files the patch touches (a rename counts once). */
  readonly files: number;
  /** Size of the patch file. */
  readonly bytes: number;
  /** Each file the patch touches, as git staged it. */
  readonly changed: readonly ChangedFile[];
}

/** One file of the working tree's changes, as git's raw diff and line counts name it. */
export interface ChangedFile {
  readonly path: string;
  /** The path it was renamed or copied from. */
  readonly from?: string;
  /** git's status letter: A, M, D, R, C or T (a type change). */
  readonly status: string;
  /** The modes before and after, as git writes them ("000000" where there is no file). */
  readonly oldMode: string;
  readonly newMode: string;
  /** The staged content's object id (all zeros for a deletion). */
  readonly blob: string;
  /** Lines added and removed; undefined for a file git counts as binary. */
  readonly added: number | undefined;
  readonly removed: number | undefined;
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
    const raw = await run([
      "diff",
      "--cached",
      "--raw",
      "-z",
      "--abbrev=40",
      ...DIFF_FLAGS,
      commit,
    ]);
    if (raw === "") return undefined;
    const counts = await run(["diff", "--cached", "--numstat", "-z", ...DIFF_FLAGS, commit]);
    const changed = parseChanges(raw, counts);
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
    return { files: changed.length, bytes: (await stat(out)).size, changed };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Pairs `git diff --raw -z` with `git diff --numstat -z` of the same diff. Raw records are
 * `:<old mode> <new mode> <old id> <new id> <status>` then one path, or two for a rename or copy;
 * numstat records are `<added>\t<removed>\t<path>`, or an empty path then the two paths, with `-`
 * for both counts of a binary file.
 */
export function parseChanges(raw: string, numstat: string): ChangedFile[] {
  const counts = new Map<string, { added: number | undefined; removed: number | undefined }>();
  const n = numstat.split("\0");
  for (let i = 0; i < n.length; i++) {
    const record = n[i] ?? "";
    if (record === "") continue;
    // A path may hold tabs itself: everything after the second tab is the path.
    const [added = "-", removed = "-", ...rest] = record.split("\t");
    const name = rest.join("\t");
    // A rename's record names no path; its two paths follow.
    const path = name !== "" ? name : ((i += 2), n[i] ?? "");
    counts.set(path, {
      added: added === "-" ? undefined : Number(added),
      removed: removed === "-" ? undefined : Number(removed),
    });
  }
  const fields = raw.split("\0");
  const out: ChangedFile[] = [];
  for (let i = 0; i < fields.length; i++) {
    const header = fields[i] ?? "";
    if (header === "") continue;
    const match = /^:(\d{6}) (\d{6}) ([0-9a-f]+) ([0-9a-f]+) ([A-Z])\d*$/.exec(header);
    if (!match) throw new GitError(`unexpected line in git's raw diff: ${header.slice(0, 80)}`);
    const [, oldMode = "", newMode = "", , blob = "", status = ""] = match;
    const twoPaths = status === "R" || status === "C";
    const from = twoPaths ? fields[++i] : undefined;
    const path = fields[++i] ?? "";
    const count = counts.get(path) ?? { added: undefined, removed: undefined };
    out.push({
      path,
      ...(from !== undefined ? { from } : {}),
      status,
      oldMode,
      newMode,
      blob,
      ...count,
    });
  }
  return out;
}

/** The bytes of objects in a repository's store, by id (a staged file's content). */
export async function readBlob(root: string, id: string, signal?: AbortSignal): Promise<Buffer> {
  const result = await runGitProcess(root, ["cat-file", "blob", id], {
    encoding: "buffer",
    ...(signal ? { signal } : {}),
  });
  if (result.code !== 0)
    throw new GitError(`git cat-file failed for ${id}: ${result.stderr.trim()}`);
  return result.stdout;
}
