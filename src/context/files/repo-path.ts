/** Repository-relative paths as the context pipeline writes them: `/` separators, root `.`. */

export class RepoPathError extends Error {
  override readonly name = "RepoPathError";
}

/**
 * Normalises a repository-relative path: `""`, `"."` and `"./"` are the root `.`; `a//b/`
 * is `a/b`. An absolute path, a `..` segment or a NUL is an error: nothing outside the
 * repository is a candidate.
 */
export function normalizeRepoPath(dir: string): string {
  if (dir.includes("\0")) throw new RepoPathError(`Path contains a NUL byte: ${showPath(dir)}`);
  if (dir.startsWith("/")) throw new RepoPathError(`Path is not relative: ${showPath(dir)}`);
  const parts = dir.split("/").filter((p) => p !== "" && p !== ".");
  if (parts.includes("..")) {
    throw new RepoPathError(`Path leaves the repository: ${showPath(dir)}`);
  }
  return parts.length === 0 ? "." : parts.join("/");
}

/** The segments of a normalised path; the root has none. */
export function segments(path: string): string[] {
  return path === "." ? [] : path.split("/");
}

export function joinRepo(dir: string, name: string): string {
  return dir === "." ? name : `${dir}/${name}`;
}

/** The directory holding a repository-relative file, `.` for a root file. */
export function parentDir(path: string): string {
  const at = path.lastIndexOf("/");
  return at < 0 ? "." : path.slice(0, at);
}

/** The directories from the root down to `dir`, both included: `a/b` → `., a, a/b`. */
export function walkDown(dir: string): string[] {
  const out = ["."];
  let current = ".";
  for (const part of segments(dir)) {
    current = joinRepo(current, part);
    out.push(current);
  }
  return out;
}

/**
 * Orders paths segment by segment in code-unit order, so the root comes first, a directory
 * comes before its contents and the order never depends on the locale.
 */
export function compareRepoPaths(a: string, b: string): number {
  const x = segments(a);
  const y = segments(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const p = x[i] ?? "";
    const q = y[i] ?? "";
    if (p !== q) return p < q ? -1 : 1;
  }
  return x.length - y.length;
}

/** A path for display: control characters and backslashes are escaped so one path is one line. */
export function showPath(path: string): string {
  // eslint-disable-next-line no-control-regex
  return path.replace(/[\u0000-\u001f\u007f-\u009f\\\u2028\u2029]/g, (c) =>
    c === "\\" ? "\\\\" : `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
}
