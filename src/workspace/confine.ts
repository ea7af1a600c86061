import { lstat } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "../util/errors.js";

export interface ResolveOptions {
  /**
   * Accept a path whose tail does not exist (a file deleted at head, say). Components that do
   * exist are still checked, so a missing tail cannot hide a symlinked directory above it.
   */
  readonly allowMissing?: boolean;
}

/**
 * Resolves a model-supplied path to an absolute path inside `root`, refusing anything that could
 * reach outside it: absolute paths, `..` escapes, NUL bytes, `.git`, and symlinks anywhere on the
 * way — even ones pointing inside, because the target can be swapped and a tool must never read
 * through a link the PR author chose.
 */
export async function resolveInside(
  root: string,
  relPath: string,
  options: ResolveOptions = {},
): Promise<string> {
  const segments = lexicalSegments(relPath);
  let current = root;
  for (const [i, segment] of segments.entries()) {
    current = path.join(current, segment);
    const shown = segments.slice(0, i + 1).join("/");
    let isLink: boolean;
    try {
      isLink = (await lstat(current)).isSymbolicLink();
    } catch (error) {
      if (!isMissing(error)) throw error;
      if (options.allowMissing) return path.join(root, ...segments);
      throw new ToolError(
        `No such file or directory: "${shown}". Call list_files to see which paths exist.`,
      );
    }
    if (isLink) {
      throw new ToolError(
        `"${shown}" is a symbolic link; links are not followed. Use the real path of the file ` +
          `it points to if that is inside the repository (list_files shows the paths).`,
      );
    }
  }
  return path.join(root, ...segments);
}

/**
 * The lexical half of resolveInside: normalised segments below the root, or a ToolError. Kept
 * separate so callers that name paths in git objects (not on disk) can confine them too.
 */
export function lexicalSegments(relPath: string): string[] {
  if (relPath.includes("\0")) {
    throw new ToolError("The path contains a NUL byte; pass a plain relative path.");
  }
  // Backslashes count as separators so that "..\\x" cannot pass as one odd file name.
  if (path.isAbsolute(relPath) || /^[A-Za-z]:|^[\\/]/.test(relPath)) {
    throw new ToolError(
      `"${relPath}" is absolute; pass a path relative to the repository root, like "src/index.ts".`,
    );
  }
  const segments: string[] = [];
  for (const segment of relPath.split(/[\\/]+/)) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (segments.pop() === undefined) {
        throw new ToolError(
          `"${relPath}" leads outside the repository; only paths inside it can be read.`,
        );
      }
      continue;
    }
    // Case-folded because a case-insensitive file system would open ".GIT" as ".git".
    if (segment.toLowerCase() === ".git") {
      throw new ToolError(`"${relPath}" is inside .git, which tools may not read.`);
    }
    segments.push(segment);
  }
  return segments;
}

/** The repository-relative, slash-separated form of a path inside `root` ("." for the root). */
export function repoPath(root: string, absolute: string): string {
  const rel = path.relative(root, absolute);
  return rel === "" ? "." : rel.split(path.sep).join("/");
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}
