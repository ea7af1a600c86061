/** What a context file (instruction document, skill) may be read from, and what a read yields. */
import type { RejectReason } from "../../journal/diagnostics.js";

/** Why a candidate file was refused; a refused file overrides nothing. */
export type { RejectReason } from "../../journal/diagnostics.js";

export const REJECT_REASONS: readonly RejectReason[] = [
  "symlink",
  "not-regular",
  "too-large",
  "not-utf8",
  "nul-byte",
  "symlinked-directory",
];

export interface ValidFile {
  readonly ok: true;
  /** The decoded text (a leading byte order mark is dropped). */
  readonly text: string;
  readonly bytes: number;
  /** Hex SHA-256 of the file's bytes. */
  readonly sha256: string;
}

export interface RejectedFile {
  readonly ok: false;
  readonly reason: RejectReason;
  /** The size when it is known (too large, not UTF-8, NUL), otherwise null. */
  readonly bytes: number | null;
  /** The hash when the bytes were read (not UTF-8, NUL), otherwise null. */
  readonly sha256: string | null;
}

export type FileCheck = ValidFile | RejectedFile;

export interface DirEntry {
  readonly name: string;
  readonly kind: "dir" | "file" | "symlink" | "other";
}

export type DirListing =
  | { readonly kind: "ok"; readonly entries: readonly DirEntry[] }
  | { readonly kind: "missing" }
  | { readonly kind: "rejected"; readonly reason: "symlinked-directory" };

/**
 * A tree of files addressed by repository-relative paths (`/` separators, no `..`). Both
 * implementations apply the same validity rules, so callers never see unchecked bytes.
 */
export interface FileSource {
  /** Where the files come from, e.g. `git 1a2b…` or `working tree /path`. */
  readonly label: string;
  /** Reads one candidate; null when there is no such file (not a candidate at all). */
  read(path: string, maxBytes: number): Promise<FileCheck | null>;
  /** Lists a directory without following a symlinked directory (those are `rejected`). */
  list(dir: string): Promise<DirListing>;
  /**
   * Optional hint: these directories are about to be read. A source whose lookups walk down one
   * directory at a time can start them all now; answers do not change. Resolves (never rejects)
   * when those listings are done; callers need not wait for it.
   */
  prefetch?(dirs: readonly string[]): Promise<void>;
}

export function rejected(
  reason: RejectReason,
  bytes: number | null = null,
  sha256: string | null = null,
): RejectedFile {
  return { ok: false, reason, bytes, sha256 };
}
