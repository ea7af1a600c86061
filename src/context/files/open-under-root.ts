import { constants, type Stats } from "node:fs";
import { lstat, open, readlink, realpath, stat, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { openNoFollow, readOpened, type Opened } from "./open-no-follow.js";
import { rejected, type FileCheck } from "./types.js";

export type OpenedUnderRoot =
  | Exclude<Opened, { readonly kind: "symlink" }>
  /** A link on the way: `component` is the root-relative path up to and including it. */
  | { readonly kind: "symlink"; readonly component: string }
  /** Absolute, leaving the root with `..`, or resolving to a place outside it. */
  | { readonly kind: "outside" };

/** Thrown by `readFileUnderRoot` for a path that is not inside its root. */
export class OutsideRootError extends Error {
  override readonly name = "OutsideRootError";
}

/** `paths` re-checks by path (any platform); `procfs` opens each step inside the held directory. */
export type WalkStrategy = "procfs" | "paths";

const DIR_FLAGS =
  constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW | constants.O_NONBLOCK;
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK;

/**
 * Opens `relative` below `root` with no symlink anywhere after the root: not in a directory on
 * the way, not as the file itself. The root is trusted and may be reached through links.
 *
 * On Linux every step is opened through `/proc/self/fd/<dir>/<name>` with O_NOFOLLOW, which is
 * `openat` on the directory already held: swapping a directory for a link between two steps
 * cannot redirect the walk. Elsewhere each directory is lstat-ed, the file opened by path, and
 * then the same inodes are required again by path, which narrows the race window without closing
 * it. Either way the opened file's real path must lie in the root's. A lexical `..` that stays
 * inside is resolved before the walk (so `a/../b` never looks at `a`); one that leaves is refused.
 */
export async function openUnderRoot(
  root: string,
  relative: string,
  strategy?: WalkStrategy,
): Promise<OpenedUnderRoot> {
  const parts = splitRelative(relative);
  if (!parts) return { kind: "outside" };
  const name = parts.pop();
  if (name === undefined) return { kind: "not-regular" };
  const realRoot = await realpath(root);
  const rootHandle = await open(realRoot, constants.O_RDONLY | constants.O_DIRECTORY);
  let use: WalkStrategy;
  let opened: OpenedUnderRoot;
  try {
    use = strategy ?? (await detectStrategy(rootHandle));
    opened =
      use === "procfs"
        ? await walkProcfs(rootHandle, parts, name)
        : await walkPaths(realRoot, parts, name);
  } finally {
    await rootHandle.close();
  }
  if (opened.kind !== "open") return opened;
  // The walk's own result, checked: what was opened must really be in the root.
  const prefix = realRoot.endsWith(path.sep) ? realRoot : realRoot + path.sep;
  const where = await whereOpened(use, opened.handle, path.join(realRoot, ...parts, name)).catch(
    async (error: unknown) => {
      await opened.handle.close();
      throw error;
    },
  );
  if (where?.startsWith(prefix)) return opened;
  await opened.handle.close();
  return where === undefined ? { kind: "missing" } : { kind: "outside" };
}

/**
 * Reads `relative` below `root` under the file rules. A link on the way is refused as
 * `symlinked-directory`, a linked file as `symlink`; null when there is no such file.
 */
export async function readFileUnderRoot(
  root: string,
  relative: string,
  maxBytes: number,
  strategy?: WalkStrategy,
): Promise<FileCheck | null> {
  const opened = await openUnderRoot(root, relative, strategy);
  switch (opened.kind) {
    case "missing":
      return null;
    case "outside":
      throw new OutsideRootError(`${relative} is not inside ${root}`);
    case "symlink":
      return rejected(opened.component === lexical(relative) ? "symlink" : "symlinked-directory");
    case "not-regular":
      return rejected(opened.kind);
    case "open":
      try {
        return await readOpened(opened.handle, maxBytes);
      } finally {
        await opened.handle.close();
      }
  }
}

/** The segments of a root-relative path, `..` resolved lexically; null when it leaves the root. */
export function splitRelative(relative: string): string[] | null {
  if (relative.includes("\0") || path.isAbsolute(relative)) return null;
  const out: string[] = [];
  for (const part of relative.split(path.sep === "\\" ? /[\\/]/ : "/")) {
    if (part === "" || part === ".") continue;
    if (part !== "..") out.push(part);
    else if (out.pop() === undefined) return null;
  }
  return out;
}

const lexical = (relative: string) => (splitRelative(relative) ?? []).join("/");

let detected: WalkStrategy | undefined;

/** `procfs` when `/proc/self/fd/<n>` reaches the open directory (Linux with /proc mounted). */
async function detectStrategy(rootHandle: FileHandle): Promise<WalkStrategy> {
  if (detected) return detected;
  let works = false;
  if (process.platform === "linux") {
    try {
      const [viaProc, held] = await Promise.all([stat(fdPath(rootHandle)), rootHandle.stat()]);
      works = sameFile(viaProc, held);
    } catch {
      // No /proc: check by path.
    }
  }
  return (detected = works ? "procfs" : "paths");
}

async function walkProcfs(
  rootHandle: FileHandle,
  dirs: readonly string[],
  name: string,
): Promise<OpenedUnderRoot> {
  const held: FileHandle[] = [];
  try {
    let current = rootHandle;
    for (const [i, dir] of dirs.entries()) {
      const next = await openIn(current, dir, DIR_FLAGS);
      if (next.kind === "not-regular") return { kind: "missing" };
      if (next.kind === "symlink") return { kind: "symlink", component: joined(dirs, i) };
      if (next.kind !== "open") return next;
      held.push(next.handle);
      current = next.handle;
    }
    const file = await openIn(current, name, FILE_FLAGS);
    return file.kind === "symlink" ? { kind: "symlink", component: joined([...dirs, name]) } : file;
  } finally {
    await Promise.all(held.map((handle) => handle.close()));
  }
}

/** Opens `name` inside the directory `dir` holds, never following a link at `name`. */
async function openIn(dir: FileHandle, name: string, flags: number): Promise<Opened> {
  const at = `${fdPath(dir)}/${name}`;
  try {
    return { kind: "open", handle: await open(at, flags) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { kind: "missing" };
    if (code === "ELOOP") return { kind: "symlink" };
    if (code === "ENXIO" || code === "EOPNOTSUPP") return { kind: "not-regular" };
    // O_DIRECTORY|O_NOFOLLOW on a link fails with ENOTDIR, like on a file: lstat tells which.
    if (code === "ENOTDIR") {
      const entry = await lstat(at).catch(() => undefined);
      return { kind: entry?.isSymbolicLink() ? "symlink" : "not-regular" };
    }
    throw error;
  }
}

async function walkPaths(
  realRoot: string,
  dirs: readonly string[],
  name: string,
): Promise<OpenedUnderRoot> {
  const seen: Stats[] = [];
  for (const i of dirs.keys()) {
    const entry = await lstatOrMissing(path.join(realRoot, ...dirs.slice(0, i + 1)));
    if (!entry) return { kind: "missing" };
    if (entry.isSymbolicLink()) return { kind: "symlink", component: joined(dirs, i) };
    if (!entry.isDirectory()) return { kind: "missing" };
    seen.push(entry);
  }
  const full = path.join(realRoot, ...dirs, name);
  const file = await openNoFollow(full);
  if (file.kind === "symlink") return { kind: "symlink", component: joined([...dirs, name]) };
  if (file.kind !== "open") return file;
  // Same inodes by path after the open as before it: a link swapped in for the open and back
  // out again would have given the handle another file than the path names now. A change is
  // taken for such a link.
  const [held, now] = await Promise.all([file.handle.stat(), lstatOrMissing(full)]);
  let unchanged = now !== undefined && sameFile(held, now);
  for (const [i, before] of seen.entries()) {
    const again = await lstatOrMissing(path.join(realRoot, ...dirs.slice(0, i + 1)));
    unchanged &&= again !== undefined && sameFile(before, again);
  }
  if (unchanged) return file;
  await file.handle.close();
  return { kind: "symlink", component: joined([...dirs, name]) };
}

/**
 * The real path of an opened file: the handle's own where /proc tells it, else where its path
 * leads now (the paths walk has just checked that it names the same file); undefined when the
 * path has gone meanwhile.
 */
async function whereOpened(
  use: WalkStrategy,
  handle: FileHandle,
  full: string,
): Promise<string | undefined> {
  if (use === "procfs") return readlink(fdPath(handle));
  try {
    return await realpath(full);
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

async function lstatOrMissing(at: string): Promise<Stats | undefined> {
  try {
    return await lstat(at);
  } catch (error) {
    if (isGone(error)) return undefined;
    throw error;
  }
}

function isGone(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}

const fdPath = (handle: FileHandle) => `/proc/self/fd/${handle.fd}`;
const sameFile = (a: Stats, b: Stats) => a.dev === b.dev && a.ino === b.ino;
const joined = (parts: readonly string[], last = parts.length - 1) =>
  parts.slice(0, last + 1).join("/");
