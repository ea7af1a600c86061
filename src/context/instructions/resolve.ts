import { createHash } from "node:crypto";
import {
  compareRepoPaths,
  joinRepo,
  normalizeRepoPath,
  parentDir,
  walkDown,
} from "../files/repo-path.js";
import type { FileCheck, FileSource, ValidFile } from "../files/types.js";
import { mapLimit } from "../../util/map-limit.js";
import { renderInstructions, renderStackedInstructions, type RenderBlock } from "./render.js";
import {
  INSTRUCTION_NAMES,
  type DirectoryDiagnostic,
  type DocumentDiagnostic,
  type InstructionResolution,
  type InstructionsLayering,
  type UserLayerEntry,
} from "./types.js";

export interface ResolveOptions {
  source: FileSource;
  /** Repository-relative directories whose rules are wanted (the root is `.`). */
  activeDirs: readonly string[];
  /** Always kept, in the order given, before any project document. */
  userLayer?: readonly UserLayerEntry[];
  /** Largest instruction document, in bytes (`instruction-max-bytes`). */
  maxBytes: number;
  /** Budget of the rendered text, in bytes (`instructions-total-bytes`). */
  totalBytes: number;
  /** `override` (the default): the deepest document on a walk suppresses the ones above it. */
  layering?: InstructionsLayering | undefined;
}

interface Candidate {
  path: string;
  dir: string;
  check: FileCheck;
}

/**
 * Reads the walks from the root to each active directory and decides which documents govern it:
 * the deepest one (`override`), or every one from the root down (`stack`).
 */
export async function resolveInstructions(opts: ResolveOptions): Promise<InstructionResolution> {
  const layering = opts.layering ?? "override";
  const dirs = uniqueSorted(opts.activeDirs.map(normalizeRepoPath));
  const walked = uniqueSorted(dirs.flatMap(walkDown));
  const paths = walked.flatMap((dir) => INSTRUCTION_NAMES.map((name) => joinRepo(dir, name)));
  void opts.source.prefetch?.(walked);
  const checks = await mapLimit(paths, 8, (path) => opts.source.read(path, opts.maxBytes));
  // Directory order, RIVUMI.md before AGENTS.md: the order of the documents in the diagnostics.
  const seen: Candidate[] = [];
  paths.forEach((path, i) => {
    const check = checks[i];
    if (check) seen.push({ path, dir: parentDir(path), check });
  });

  // One valid document per directory; an invalid one overrides nothing, not even its neighbour.
  const used = new Map<string, Candidate>();
  const shadowedBy = new Map<string, string>();
  for (const doc of seen) {
    if (!doc.check.ok) continue;
    const first = used.get(doc.dir);
    if (first) shadowedBy.set(doc.path, first.path);
    else used.set(doc.dir, doc);
  }

  const governs = new Map<string, string[]>();
  const overriddenBy = new Map<string, Set<string>>();
  const directories: DirectoryDiagnostic[] = dirs.map((dir) => {
    const onWalk = walkDown(dir).flatMap((d) => used.get(d) ?? []);
    const active = onWalk.at(-1);
    if (!active)
      return layering === "stack" ? { dir, active: null, layers: [] } : { dir, active: null };
    if (layering === "stack") {
      for (const doc of onWalk) governs.set(doc.path, [...(governs.get(doc.path) ?? []), dir]);
      return { dir, active: active.path, layers: onWalk.map((d) => d.path) };
    }
    governs.set(active.path, [...(governs.get(active.path) ?? []), dir]);
    for (const above of onWalk.slice(0, -1)) {
      overriddenBy.set(above.path, (overriddenBy.get(above.path) ?? new Set()).add(active.path));
    }
    return { dir, active: active.path };
  });

  const blocks: RenderBlock[] = [];
  const user = (opts.userLayer ?? []).map((entry) => {
    const check = "ok" in entry ? entry : inline(entry.text);
    if (check.ok) blocks.push({ layer: "user", path: entry.path, governs: dirs, text: check.text });
    return fileDiagnostic(entry.path, "user", check, check.ok ? dirs : []);
  });
  const project = seen.map((doc): DocumentDiagnostic => {
    const base = fileDiagnostic(doc.path, "project", doc.check, governs.get(doc.path) ?? []);
    if (!doc.check.ok) return base;
    const shadow = shadowedBy.get(doc.path);
    if (shadow) return suppressed(base, "shadowed", [shadow]);
    if (base.governs.length === 0) {
      return suppressed(base, "overridden", uniqueSorted(overriddenBy.get(doc.path) ?? []));
    }
    blocks.push({ layer: "project", path: doc.path, governs: base.governs, text: doc.check.text });
    return base;
  });

  const rendered =
    layering === "stack"
      ? renderStackedInstructions(blocks, opts.totalBytes)
      : renderInstructions(blocks, opts.totalBytes);
  return {
    diagnostics: {
      directories,
      documents: [...user, ...project],
      truncated: rendered.truncated,
      layering,
      ...(rendered.truncated ? { cut: rendered.cut } : {}),
    },
    text: rendered.text,
  };
}

/**
 * The active directories of a pull request: the directories of its changed files, the root `.`
 * when a root file changed. No changed file at all means the root: its rules still apply.
 */
export function activeDirsForChangedFiles(paths: readonly string[]): string[] {
  if (paths.length === 0) return ["."];
  return uniqueSorted(paths.map((p) => parentDir(normalizeRepoPath(p))));
}

function fileDiagnostic(
  path: string,
  layer: "user" | "project",
  check: FileCheck,
  governs: string[],
): DocumentDiagnostic {
  const { bytes, sha256 } = check;
  if (check.ok) return { path, layer, status: "active", bytes, sha256, governs };
  return { path, layer, status: "rejected", reason: check.reason, bytes, sha256, governs: [] };
}

/** Rebuilt rather than patched so the keys keep the documented order. */
function suppressed(
  doc: DocumentDiagnostic,
  reason: "shadowed" | "overridden",
  by: string[],
): DocumentDiagnostic {
  const { path, layer, bytes, sha256 } = doc;
  return { path, layer, status: "suppressed", reason, by, bytes, sha256, governs: [] };
}

function inline(text: string): ValidFile {
  const bytes = Buffer.from(text, "utf8");
  const sha256 = createHash("sha256").update(bytes).digest("hex");
  return { ok: true, text, bytes: bytes.length, sha256 };
}

function uniqueSorted(paths: Iterable<string>): string[] {
  return [...new Set(paths)].sort(compareRepoPaths);
}
