import type { FileSource, RejectReason } from "../files/types.js";
import { parseFrontMatter } from "./front-matter.js";
import {
  SKILL_FILE,
  SKILL_ROOTS,
  type RejectedSkill,
  type Skill,
  type SkillIndex,
} from "./types.js";

export interface SkillOptions {
  /** Largest SKILL.md read, in bytes. */
  maxBytes: number;
  /** Most skill folders read over both roots; the rest are rejected as `too-many`. */
  maxSkills?: number;
}

const DEFAULT_MAX_SKILLS = 100;
const MAX_NAME = 64;
const MAX_DESCRIPTION = 1024;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * Finds `<root>/<name>/SKILL.md` under `.rivumi/skills` then `.agents/skills`, under the same
 * file rules as instructions. Folders are read in code-unit order; when two skills share a
 * name, the first one read wins, so `.rivumi` beats `.agents`.
 */
export async function discoverSkills(source: FileSource, opts: SkillOptions): Promise<SkillIndex> {
  const limit = opts.maxSkills ?? DEFAULT_MAX_SKILLS;
  const skills = new Map<string, Skill>();
  const rejected: RejectedSkill[] = [];
  let read = 0;
  for (const root of SKILL_ROOTS) {
    const listing = await source.list(root);
    if (listing.kind === "missing") continue;
    if (listing.kind === "rejected") {
      rejected.push({ path: root, reason: listing.reason });
      continue;
    }
    const folders = listing.entries
      .filter((e) => e.kind === "dir" || e.kind === "symlink")
      .map((e) => e.name)
      .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const folder of folders) {
      const path = `${root}/${folder}/${SKILL_FILE}`;
      if (read++ >= limit) {
        rejected.push({ path, reason: "too-many" });
        continue;
      }
      const parsed = await readSkill(source, path, opts.maxBytes);
      if (parsed === null) continue;
      if (!parsed.ok) {
        rejected.push({ path, reason: parsed.reason, ...detail(parsed.detail) });
        continue;
      }
      const winner = skills.get(parsed.skill.name);
      if (winner) rejected.push({ path, reason: "shadowed", by: winner.path });
      else skills.set(parsed.skill.name, parsed.skill);
    }
  }
  const sorted = [...skills.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return { skills: sorted, rejected };
}

export type SkillBody =
  | { ok: true; body: string; sha256: string }
  | { ok: false; reason: RejectReason | "bad-front-matter" | "missing"; detail?: string };

/** The body of a discovered skill (after its front matter), read again under the file rules. */
export async function loadSkillBody(
  source: FileSource,
  skill: Pick<Skill, "path">,
  opts: Pick<SkillOptions, "maxBytes">,
): Promise<SkillBody> {
  const parsed = await readSkill(source, skill.path, opts.maxBytes);
  if (parsed === null) return { ok: false, reason: "missing" };
  if (!parsed.ok) return { ok: false, reason: parsed.reason, ...detail(parsed.detail) };
  return { ok: true, body: parsed.body, sha256: parsed.skill.sha256 };
}

type ParsedSkill =
  | { ok: true; skill: Skill; body: string }
  | { ok: false; reason: RejectReason | "bad-front-matter"; detail?: string };

async function readSkill(
  source: FileSource,
  path: string,
  maxBytes: number,
): Promise<ParsedSkill | null> {
  const file = await source.read(path, maxBytes);
  if (file === null) return null;
  if (!file.ok) return { ok: false, reason: file.reason };
  const bad = (why: string): ParsedSkill => ({
    ok: false,
    reason: "bad-front-matter",
    detail: why,
  });
  const front = parseFrontMatter(file.text);
  if (!front) return bad("no front matter between --- lines");
  const name = front.fields.get("name") ?? "";
  // The description goes into the prompt on one line: no control characters.
  const description = (front.fields.get("description") ?? "").replace(CONTROL, "");
  if (!name) return bad("no name");
  if (name.length > MAX_NAME || !/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    return bad(`name must be 1-${MAX_NAME} letters, digits, ".", "_" or "-"`);
  }
  if (!description) return bad("no description");
  if (description.length > MAX_DESCRIPTION) {
    return bad(`description longer than ${MAX_DESCRIPTION} characters`);
  }
  const { bytes, sha256 } = file;
  return { ok: true, skill: { name, description, path, bytes, sha256 }, body: front.body };
}

function detail(text: string | undefined): { detail?: string } {
  return text === undefined ? {} : { detail: text };
}
