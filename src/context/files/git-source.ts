import path from "node:path";
import { git, GitError, runGitProcess } from "../../workspace/git.js";
import { mapLimit } from "../../util/map-limit.js";
import { checkBytes } from "./check-bytes.js";
import { joinRepo, normalizeRepoPath, segments } from "./repo-path.js";
import { rejected, type DirEntry, type DirListing, type FileSource } from "./types.js";

interface TreeEntry {
  readonly mode: string;
  readonly type: string;
  readonly sha: string;
  /** Blob size from `ls-tree -l`; null for trees and submodules. */
  readonly size: number | null;
}

/** Links followed (inside the tree) to find out whether a candidate below one exists. */
const MAX_LINK_HOPS = 8;
const MAX_LINK_TARGET = 4096;
/** git processes a prefetch keeps running at once. */
const PREFETCH_CONCURRENCY = 8;
/**
 * Directories listed ahead of need, at most. A directory that turns out not to exist costs one
 * short git process, so a pull request that adds a deep new tree cannot cost more than this.
 */
const PREFETCH_MAX_DIRS = 32;
/**
 * Past `PREFETCH_MAX_DIRS` wanted directories, one recursive listing of the whole commit replaces
 * a git process per directory, as long as it stays below this many bytes.
 */
const WHOLE_TREE_MAX_BYTES = 64 * 1024 * 1024;

export interface GitFileSource extends FileSource {
  /** The commit every read is pinned to. */
  readonly commit: string;
}

/**
 * Files of one commit, read from git objects: the checkout's working tree (which a pull request
 * controls) is never consulted. `rev` is resolved once, so a moving ref cannot change the answer.
 */
export async function gitFileSource(
  repo: string,
  rev: string,
  signal?: AbortSignal,
): Promise<GitFileSource> {
  const opts = signal ? { signal } : {};
  // A full SHA (what the action passes) is used as is: listing its tree fails if it is missing.
  const commit = /^[0-9a-f]{40}$/.test(rev)
    ? rev
    : await git(repo, ["rev-parse", "--verify", "--end-of-options", `${rev}^{commit}`], opts);
  const trees = new Map<string, Promise<Map<string, TreeEntry> | null>>();
  /** Every directory of the commit is in `trees`: one that is not is not a directory. */
  let whole = false;
  /** A whole listing under way: lookups wait for it rather than list their own directory. */
  let listingWhole: Promise<void> | undefined;

  /** The entries of one directory of the commit, or null when it is not a directory. */
  async function entries(dir: string): Promise<Map<string, TreeEntry> | null> {
    if (listingWhole) await listingWhole;
    let pending = trees.get(dir);
    if (!pending && whole) return Promise.resolve(null);
    if (!pending) {
      pending = listTree(repo, dir === "." ? commit : `${commit}:${dir}`, opts);
      trees.set(dir, pending);
    }
    return pending;
  }

  /** Walks down to `file`; a symlinked directory on the way is followed inside the tree only. */
  async function lookup(
    file: string,
    hops = 0,
  ): Promise<{ entry: TreeEntry; viaLink: boolean } | null> {
    const parts = segments(file);
    let dir = ".";
    for (const [i, part] of parts.slice(0, -1).entries()) {
      const entry = (await entries(dir))?.get(part);
      if (!entry) return null;
      if (entry.mode === "120000") {
        if (hops >= MAX_LINK_HOPS || (entry.size ?? 0) > MAX_LINK_TARGET) return null;
        const target = Buffer.from(await blob(repo, entry.sha, MAX_LINK_TARGET, opts)).toString(
          "utf8",
        );
        if (target.startsWith("/")) return null;
        const next = path.posix.normalize(path.posix.join(dir, target, ...parts.slice(i + 1)));
        if (next === ".." || next.startsWith("../")) return null;
        const found = await lookup(next, hops + 1);
        return found && { entry: found.entry, viaLink: true };
      }
      if (entry.type !== "tree") return null;
      dir = joinRepo(dir, part);
    }
    const entry = (await entries(dir))?.get(parts.at(-1) ?? "");
    return entry ? { entry, viaLink: false } : null;
  }

  return {
    commit,
    label: `git ${commit}`,
    async read(rel, maxBytes) {
      const found = await lookup(normalizeRepoPath(rel));
      if (!found) return null;
      const { entry, viaLink } = found;
      if (viaLink) return rejected("symlinked-directory");
      if (entry.mode === "120000") return rejected("symlink");
      if (entry.mode !== "100644" && entry.mode !== "100755") return rejected("not-regular");
      // The size is known before any byte is read.
      if (entry.size === null || entry.size > maxBytes) return rejected("too-large", entry.size);
      return checkBytes(await blob(repo, entry.sha, maxBytes, opts), maxBytes);
    },
    async prefetch(dirs) {
      // A walk lists each directory only after its parent answered: one git process after
      // another. `<commit>:<dir>` needs no parent listing, so a bounded wave can list them all.
      // A path through a symlink or a file simply lists as null, and lookups never ask for one.
      const wanted = [...new Set(dirs.map(normalizeRepoPath))].filter((d) => !trees.has(d));
      if (wanted.length > PREFETCH_MAX_DIRS && !whole && !listingWhole) {
        listingWhole = listWholeTree(repo, commit, opts).then(
          (all) => {
            if (!all) return;
            for (const [dir, listing] of all) trees.set(dir, Promise.resolve(listing));
            whole = true;
          },
          () => undefined,
        );
        await listingWhole;
        listingWhole = undefined;
        if (whole) return;
      }
      // Each listing settles on its own, so this resolves once none is running (the first failure
      // would end mapLimit while the others still ran); after an abort no more are started.
      const settled = (dir: string) =>
        signal?.aborted ? Promise.resolve(null) : entries(dir).catch(() => null);
      await mapLimit(wanted.slice(0, PREFETCH_MAX_DIRS), PREFETCH_CONCURRENCY, settled);
    },
    async list(rel): Promise<DirListing> {
      const dir = normalizeRepoPath(rel);
      let current = ".";
      for (const part of segments(dir)) {
        const entry = (await entries(current))?.get(part);
        if (entry?.mode === "120000") return { kind: "rejected", reason: "symlinked-directory" };
        if (entry?.type !== "tree") return { kind: "missing" };
        current = joinRepo(current, part);
      }
      const listed = await entries(dir);
      if (!listed) return { kind: "missing" };
      return { kind: "ok", entries: [...listed].map(([name, e]) => ({ name, kind: kindOf(e) })) };
    },
  };
}

function kindOf(entry: TreeEntry): DirEntry["kind"] {
  if (entry.type === "tree") return "dir";
  if (entry.mode === "120000") return "symlink";
  return entry.mode === "100644" || entry.mode === "100755" ? "file" : "other";
}

/**
 * Every directory of `commit` with its entries, from one `git ls-tree -r -t`: the same records as
 * one listing per directory, grouped by their parent. Undefined when the listing is too large.
 */
async function listWholeTree(
  repo: string,
  commit: string,
  opts: { signal?: AbortSignal },
): Promise<Map<string, Map<string, TreeEntry>> | undefined> {
  const result = await runGitProcess(
    repo,
    ["ls-tree", "-r", "-t", "-l", "-z", "--full-tree", "--end-of-options", commit],
    { ...opts, maxBuffer: WHOLE_TREE_MAX_BYTES },
  );
  if (result.code !== 0 || result.overflow) return undefined;
  const dirs = new Map<string, Map<string, TreeEntry>>([[".", new Map()]]);
  for (const record of result.stdout.split("\0")) {
    const entry = parseTreeRecord(record);
    if (!entry) continue;
    const slash = entry.name.lastIndexOf("/");
    const parent = slash < 0 ? "." : entry.name.slice(0, slash);
    const name = entry.name.slice(slash + 1);
    let listing = dirs.get(parent);
    if (!listing) dirs.set(parent, (listing = new Map<string, TreeEntry>()));
    listing.set(name, entry.entry);
    if (entry.entry.type === "tree" && !dirs.has(entry.name))
      dirs.set(entry.name, new Map<string, TreeEntry>());
  }
  return dirs;
}

function parseTreeRecord(record: string): { name: string; entry: TreeEntry } | undefined {
  const m = /^(\d{6}) (\w+) ([0-9a-f]+) +(-|\d+)\t(.+)$/s.exec(record);
  if (!m) return undefined;
  const [, mode = "", type = "", sha = "", size = "-", name = ""] = m;
  return { name, entry: { mode, type, sha, size: size === "-" ? null : Number(size) } };
}

async function listTree(
  repo: string,
  treeish: string,
  opts: { signal?: AbortSignal },
): Promise<Map<string, TreeEntry> | null> {
  // `<commit>:<path>` names the tree without a pathspec, so no character in a path is magic.
  const out = await git(repo, ["ls-tree", "-l", "-z", "--end-of-options", treeish], {
    ...opts,
    allowFail: true,
  });
  if (out === "") return null;
  const map = new Map<string, TreeEntry>();
  for (const record of out.split("\0")) {
    const parsed = parseTreeRecord(record);
    if (parsed) map.set(parsed.name, parsed.entry);
  }
  return map;
}

/** A blob's bytes; `git()` returns text, and these bytes must be checked before decoding. */
async function blob(
  repo: string,
  sha: string,
  maxBytes: number,
  opts: { signal?: AbortSignal },
): Promise<Uint8Array> {
  // The bytes are hashed as they are, final newline included.
  const result = await runGitProcess(repo, ["cat-file", "blob", sha], {
    ...opts,
    encoding: "buffer",
    maxBuffer: maxBytes + 1,
  });
  if (result.code !== 0 || result.overflow) {
    throw new GitError(`git cat-file blob ${sha} failed (exit ${result.code ?? "?"})`);
  }
  return result.stdout;
}
