import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { readOpened } from "./open-no-follow.js";
import { openUnderRoot } from "./open-under-root.js";
import { joinRepo, normalizeRepoPath, RepoPathError, segments, showPath } from "./repo-path.js";
import { rejected, type DirEntry, type DirListing, type FileSource } from "./types.js";

/**
 * Files of a working tree (the CLI's checkout, a task run's workspace). Nothing is followed:
 * a read walks down from `root` one held directory at a time (`openUnderRoot`), so a link
 * anywhere on the way is refused even if it is swapped in during the read; a listing checks
 * every directory on the way with lstat (it yields names only, and each is read as above).
 */
export function worktreeFileSource(root: string): FileSource {
  const absolute = (rel: string) => path.join(root, ...segments(rel));

  /** Walking down from the root, the first component of `rel` that is not a plain directory. */
  async function firstNonDir(rel: string): Promise<"symlink" | "missing" | undefined> {
    let current = ".";
    for (const part of segments(rel)) {
      current = joinRepo(current, part);
      try {
        const stat = await lstat(absolute(current));
        if (stat.isSymbolicLink()) return "symlink";
        if (!stat.isDirectory()) return "missing";
      } catch (error) {
        if (isMissing(error)) return "missing";
        throw error;
      }
    }
    return undefined;
  }

  return {
    label: `working tree ${root}`,
    async read(rel, maxBytes) {
      const file = normalizeRepoPath(rel);
      const opened = await openUnderRoot(root, file);
      switch (opened.kind) {
        case "missing":
          return null;
        case "outside":
          throw new RepoPathError(`Path leaves the repository: ${showPath(rel)}`);
        case "symlink":
          if (opened.component === file) return rejected("symlink");
          // Only an existing file is a candidate. Whether one is behind the link is asked with an
          // lstat, which opens nothing outside (a device there would see no open).
          return (await exists(absolute(file))) ? rejected("symlinked-directory") : null;
        case "not-regular":
          return rejected(opened.kind);
        case "open":
          try {
            return await readOpened(opened.handle, maxBytes);
          } finally {
            await opened.handle.close();
          }
      }
    },
    async list(rel): Promise<DirListing> {
      const dir = normalizeRepoPath(rel);
      const parents = await firstNonDir(dir);
      if (parents === "symlink") return { kind: "rejected", reason: "symlinked-directory" };
      if (parents === "missing") return { kind: "missing" };
      let dirents;
      try {
        dirents = await readdir(absolute(dir), { withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return { kind: "missing" };
        throw error;
      }
      const entries: DirEntry[] = dirents.map((d) => ({
        name: d.name,
        kind: d.isDirectory()
          ? "dir"
          : d.isSymbolicLink()
            ? "symlink"
            : d.isFile()
              ? "file"
              : "other",
      }));
      return { kind: "ok", entries };
    },
  };
}

async function exists(at: string): Promise<boolean> {
  try {
    await lstat(at);
    return true;
  } catch (error) {
    if (isMissing(error)) return false;
    throw error;
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
