import { createHash } from "node:crypto";
import type { SkillIndex } from "../skills/types.js";
import type { InstructionDiagnostics } from "./types.js";

/**
 * A stable hash of what the context pipeline read: every document on the active walks (path,
 * layer, status, reason, content hash) and the skills index. Resolve again after a tool call
 * that wrote; a different fingerprint means the model's context is out of date.
 */
export function fingerprint(diag: InstructionDiagnostics, skills?: SkillIndex): string {
  const state = {
    documents: diag.documents.map((d) => [d.path, d.layer, d.status, d.reason ?? "", d.sha256]),
    skills: (skills?.skills ?? []).map((s) => [s.name, s.path, s.sha256]),
    rejectedSkills: (skills?.rejected ?? []).map((r) => [r.path, r.reason]),
  };
  return createHash("sha256").update(JSON.stringify(state)).digest("hex");
}

export interface InstructionChanges {
  /** Active now, not before (new, or no longer overridden). */
  activated: string[];
  /** Active before, not now (gone, overridden, shadowed or rejected). */
  deactivated: string[];
  /** Active before and now, with different bytes. */
  modified: string[];
  /** Rejected now and not before, with the reason: an invalid reload when any was active. */
  rejected: { path: string; reason: string; wasActive: boolean }[];
}

/** What changed between two resolutions of the same walks, by document path. */
export function diffInstructions(
  before: InstructionDiagnostics,
  after: InstructionDiagnostics,
): InstructionChanges {
  const old = new Map(before.documents.map((d) => [`${d.layer}:${d.path}`, d]));
  const changes: InstructionChanges = {
    activated: [],
    deactivated: [],
    modified: [],
    rejected: [],
  };
  const seen = new Set<string>();
  for (const doc of after.documents) {
    const key = `${doc.layer}:${doc.path}`;
    seen.add(key);
    const prev = old.get(key);
    const wasActive = prev?.status === "active";
    if (doc.status === "rejected" && prev?.status !== "rejected") {
      changes.rejected.push({ path: doc.path, reason: doc.reason ?? "", wasActive });
    }
    if (doc.status === "active" && !wasActive) changes.activated.push(doc.path);
    else if (doc.status !== "active" && wasActive) changes.deactivated.push(doc.path);
    else if (wasActive && prev.sha256 !== doc.sha256) changes.modified.push(doc.path);
  }
  for (const [key, prev] of old) {
    if (!seen.has(key) && prev.status === "active") changes.deactivated.push(prev.path);
  }
  return changes;
}
