/** The data the context stage records about instruction files; journal events carry it as is. */

/** Why a file was not used: the file rules of the context pipeline. */
export type RejectReason =
  "symlink" | "not-regular" | "too-large" | "not-utf8" | "nul-byte" | "symlinked-directory";

export type DocumentStatus = "active" | "suppressed" | "rejected";
export type SuppressReason = "shadowed" | "overridden";

/**
 * How the project documents on a directory's walk combine: `override`, the deepest replaces the
 * ones above it; `stack`, every one from the root down applies, the deepest last.
 */
export type InstructionsLayering = "override" | "stack";

export interface DirectoryDiagnostic {
  /** An active directory, repository-relative, the root written `.`. */
  dir: string;
  /** The project document that governs it, or null when none applies. */
  active: string | null;
  /** With `stack` layering: every project document that applies to it, from the root down. */
  layers?: string[];
}

export interface DocumentDiagnostic {
  /** Repository-relative for project documents; as given for user documents. */
  path: string;
  layer: "user" | "project";
  status: DocumentStatus;
  /** Why a document is suppressed or rejected; absent for active ones. */
  reason?: SuppressReason | RejectReason;
  /** The documents that override (`overridden`) or shadow (`shadowed`) this one. */
  by?: string[];
  /** Size in bytes; null when a rejected file was not read (a symlink, a FIFO). */
  bytes: number | null;
  /** SHA-256 of the file's bytes; null when they were not read. */
  sha256: string | null;
  /** The active directories this document is active for. */
  governs: string[];
}

/**
 * Ordering is deterministic: directories are deduplicated and sorted segment by segment in
 * code-unit order (root first, a parent before its children); documents are the user layer in
 * the order given, then every project candidate found on the walks in that directory order,
 * `RIVUMI.md` before `AGENTS.md`. `governs` and `by` use the same order.
 */
export interface InstructionDiagnostics {
  directories: DirectoryDiagnostic[];
  documents: DocumentDiagnostic[];
  /** Whether the rendered instructions were cut to fit the total budget. */
  truncated: boolean;
  /** The rule the project layers were combined by; absent in journals from before it was recorded. */
  layering?: InstructionsLayering;
  /** The documents not shown in full when `truncated`, in document order. */
  cut?: string[];
}
