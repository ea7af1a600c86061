import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { openNoFollow, readOpened } from "./open-no-follow.js";
import { joinRepo, normalizeRepoPath, segments } from "./repo-path.js";
import { rejected, type DirEntry, type DirListing, type FileSource } from "./types.js";

/**
 * Files of a working tree (the CLI's checkout, a task run's workspace). Nothing is followed:
 * a symlinked file is refused by the open itself, a symlinked directory by an lstat of every
 * directory component below `root`.
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
      const opened = await openNoFollow(absolute(file));
      if (opened.kind === "missing") return null;
      try {
        const dir = path.posix.dirname(file);
        const parents = await firstNonDir(dir);
        // Open first so that only an existing file is a candidate, then refuse it before reading
        // if the path that reached it went through a link.
        if (parents === "symlink") return rejected("symlinked-directory");
        if (parents === "missing") return null;
        if (opened.kind !== "open") return rejected(opened.kind);
        return await readOpened(opened.handle, maxBytes);
      } finally {
        if (opened.kind === "open") await opened.handle.close();
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

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
