import type { RejectReason } from "../files/types.js";

/** Searched in this order; on a name defined in both, the first folder wins. */
export const SKILL_ROOTS = [".rivumi/skills", ".agents/skills"] as const;
export const SKILL_FILE = "SKILL.md";

export interface Skill {
  /** From the front matter; what `load_skill` is called with. */
  name: string;
  /** From the front matter, on one line. */
  description: string;
  /** Repository-relative, e.g. `.rivumi/skills/release/SKILL.md`. */
  path: string;
  bytes: number;
  sha256: string;
}

export type SkillRejectReason =
  | RejectReason
  /** No front matter, or no valid `name` / `description` in it. */
  | "bad-front-matter"
  /** Another SKILL.md earlier in the search order has the same name (see `by`). */
  | "shadowed"
  /** Past the most skill folders read. */
  | "too-many";

export interface RejectedSkill {
  path: string;
  reason: SkillRejectReason;
  /** For `shadowed`: the path of the skill that wins. */
  by?: string;
  /** For `bad-front-matter`: what is wrong. */
  detail?: string;
}

export interface SkillIndex {
  /** Sorted by name. */
  skills: Skill[];
  /** In discovery order. */
  rejected: RejectedSkill[];
}
