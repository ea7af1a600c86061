// What a fix may commit: decided by code from the files git staged, before any byte is read or
// sent. One refusal stops the whole commit (a fix is one commit or none).
import type { ChangedFile } from "../workspace/changes.js";

export interface FixLimits {
  /** `max-fix-files`: files changed, a rename counting once. */
  maxFiles: number;
  /** `max-fix-lines`: lines added plus lines removed. */
  maxLines: number;
}

/** Why the changes cannot be committed; `files` names what the reason applies to. */
export interface FixRefusal {
  reason:
    | "workflow"
    | "gitmodules"
    | "submodule"
    | "symlink"
    | "binary"
    | "mode"
    | "path"
    | "too-many-files"
    | "too-many-lines";
  text: string;
  files: string[];
}

/** One entry of the commit's tree: a file's staged content, or its deletion (`blob` null). */
export interface FixEntry {
  path: string;
  mode: "100644" | "100755";
  /** The staged object to read the content from; null deletes the path. */
  blob: string | null;
}

export type FixDecision =
  | { ok: true; entries: FixEntry[]; files: number; lines: number }
  | { ok: false; refusals: FixRefusal[]; files: number; lines: number };

const SUBMODULE = "160000";
const SYMLINK = "120000";
const ABSENT = "000000";
const FILE_MODES = new Set(["100644", "100755"]);

/** `.github/` holds workflows and their settings: a model never writes there. */
const isUnderGitHub = (p: string) => p.toLowerCase().split("/")[0] === ".github";
const isGitmodules = (p: string) => p.toLowerCase().split("/").at(-1) === ".gitmodules";

/** Decides whether the staged changes may become one commit, and its tree entries if so. */
export function decideFix(changed: readonly ChangedFile[], limits: FixLimits): FixDecision {
  const files = changed.length;
  const lines = changed.reduce((n, c) => n + (c.added ?? 0) + (c.removed ?? 0), 0);
  const refusals: FixRefusal[] = [];
  const refuse = (
    reason: FixRefusal["reason"],
    text: string,
    match: (c: ChangedFile) => boolean,
  ) => {
    const named = changed.filter(match).map((c) => c.path);
    if (named.length > 0) refusals.push({ reason, text, files: named });
  };
  const paths = (c: ChangedFile) => (c.from !== undefined ? [c.from, c.path] : [c.path]);
  const modes = (c: ChangedFile) => [c.oldMode, c.newMode];

  refuse(
    "workflow",
    "changes under .github/ (workflows and their settings) are never committed",
    (c) => paths(c).some(isUnderGitHub),
  );
  // git names a path that is not UTF-8 with U+FFFD here: committed by that name, it would be
  // another file than the one changed.
  refuse("path", "a path that is not valid UTF-8 is never committed by a fix", (c) =>
    paths(c).some((p) => p.includes("\uFFFD")),
  );
  refuse("gitmodules", ".gitmodules is never changed by a fix", (c) => paths(c).some(isGitmodules));
  refuse("submodule", "submodules are never changed by a fix", (c) => modes(c).includes(SUBMODULE));
  refuse("symlink", "symbolic links are never committed by a fix", (c) =>
    modes(c).includes(SYMLINK),
  );
  refuse(
    "binary",
    "binary files are never committed by a fix",
    (c) => c.newMode !== ABSENT && (c.added === undefined || c.removed === undefined),
  );
  refuse(
    "mode",
    "a file's mode is never changed by a fix",
    (c) => FILE_MODES.has(c.oldMode) && FILE_MODES.has(c.newMode) && c.oldMode !== c.newMode,
  );
  if (files > limits.maxFiles)
    refusals.push({
      reason: "too-many-files",
      text: `${files} files changed, more than max-fix-files (${limits.maxFiles})`,
      files: [],
    });
  if (lines > limits.maxLines)
    refusals.push({
      reason: "too-many-lines",
      text: `${lines} lines changed, more than max-fix-lines (${limits.maxLines})`,
      files: [],
    });
  if (refusals.length > 0) return { ok: false, refusals, files, lines };
  return { ok: true, entries: changed.flatMap(entriesOf), files, lines };
}

function entriesOf(c: ChangedFile): FixEntry[] {
  const gone: FixEntry[] =
    c.from !== undefined && c.status === "R" ? [{ path: c.from, mode: "100644", blob: null }] : [];
  if (c.newMode === ABSENT) return [...gone, { path: c.path, mode: "100644", blob: null }];
  // decideFix refused every other mode before this point.
  if (!FILE_MODES.has(c.newMode)) throw new Error(`unexpected mode ${c.newMode} for ${c.path}`);
  return [...gone, { path: c.path, mode: c.newMode as FixEntry["mode"], blob: c.blob }];
}
