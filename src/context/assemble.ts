import type { Journal } from "../journal/journal.js";
import { boundBytes } from "../util/sanitize.js";
import type { FileSource } from "./files/types.js";
import { diffInstructions, fingerprint } from "./instructions/fingerprint.js";
import { resolveInstructions } from "./instructions/resolve.js";
import type {
  InstructionResolution,
  InstructionsLayering,
  UserLayerEntry,
} from "./instructions/types.js";
import { scopeMemory } from "./memory/scope.js";
import { discoverSkills } from "./skills/discover.js";
import type { SkillIndex } from "./skills/types.js";
import type { SessionContext, SessionMemory } from "./session-context.js";

export const CONTEXT_UPDATE_BYTES = 8 * 1024;

export interface AssembleOptions {
  source: FileSource;
  activeDirs: readonly string[];
  userLayer: readonly UserLayerEntry[];
  maxBytes: number;
  totalBytes: number;
  /** `instructions-layering`; `override` when not given. */
  layering?: InstructionsLayering | undefined;
  memory: SessionMemory;
  /** The run may edit the workspace: the session adds the edit tools. */
  edits: boolean;
  /** Working-tree sources can change during the run: check them after every write. */
  reloadable: boolean;
  journal: Journal;
}

export interface AssembledContext {
  context: SessionContext;
  /**
   * The rendered instructions that govern these directories only (the user layer, then the
   * nearest project documents): what a child reviewer of hunks in those directories is given.
   */
  instructionsFor(dirs: readonly string[]): Promise<string>;
  /** The memory a child reviewer of hunks in those directories is given (see `scopeMemory`). */
  memoryFor(dirs: readonly string[]): SessionMemory;
  resolution: InstructionResolution;
  skills: SkillIndex;
}

interface Snapshot {
  resolution: InstructionResolution;
  skills: SkillIndex;
  fingerprint: string;
}

async function snapshot(opts: AssembleOptions): Promise<Snapshot> {
  const [resolution, skills] = await Promise.all([
    resolveInstructions({
      source: opts.source,
      activeDirs: opts.activeDirs,
      userLayer: opts.userLayer,
      maxBytes: opts.maxBytes,
      totalBytes: opts.totalBytes,
      layering: opts.layering,
    }),
    discoverSkills(opts.source, { maxBytes: opts.maxBytes }),
  ]);
  return { resolution, skills, fingerprint: fingerprint(resolution.diagnostics, skills) };
}

const sourcesOf = (r: InstructionResolution) =>
  r.diagnostics.documents.filter((d) => d.status === "active").map((d) => d.path);
const promptSkills = (s: SkillIndex) =>
  s.skills.map(({ name, description, path }) => ({ name, description, path }));

/**
 * Resolves instructions and skills for a session, journals what was found, and (for a working
 * tree) returns the reload check the loop runs after every tool call that wrote.
 */
export async function assembleContext(opts: AssembleOptions): Promise<AssembledContext> {
  let current = await snapshot(opts);
  let lastSeen = current.fingerprint;
  opts.journal.emit({
    type: "instructions.resolved",
    from: opts.source.label,
    diagnostics: current.resolution.diagnostics,
    skills: current.skills.skills.map((s) => ({ name: s.name, path: s.path })),
    rejectedSkills: current.skills.rejected.map((r) => ({ path: r.path, reason: r.reason })),
  });
  const context: SessionContext = {
    instructions: {
      text: current.resolution.text,
      sources: sourcesOf(current.resolution),
      ...(opts.layering === "stack" ? { layering: "stack" as const } : {}),
    },
    skills: promptSkills(current.skills),
    // The session's prompt is about every changed file: the directories active for instructions.
    memory: scopeMemory(opts.memory, opts.activeDirs),
    edits: opts.edits,
  };
  if (current.skills.skills.length > 0 || opts.reloadable) {
    const skillFiles = () => current.skills.skills;
    context.skillFiles = { source: opts.source, current: skillFiles, maxBytes: opts.maxBytes };
  }
  if (opts.reloadable) {
    context.afterWrite = async () => {
      const next = await snapshot(opts);
      if (next.fingerprint === lastSeen) return undefined;
      lastSeen = next.fingerprint;
      const changes = diffInstructions(current.resolution.diagnostics, next.resolution.diagnostics);
      const broken = changes.rejected.filter((r) => r.wasActive);
      if (broken.length > 0) {
        // An invalid state (a rule file turned into a symlink, grown too large) overrides nothing.
        opts.journal.emit({
          type: "context.reload_rejected",
          rejected: broken.map(({ path, reason }) => ({ path, reason })),
        });
        return undefined;
      }
      const skillsChanged =
        JSON.stringify(promptSkills(next.skills)) !== JSON.stringify(promptSkills(current.skills));
      current = next;
      const message = contextUpdate(changes, next, skillsChanged);
      opts.journal.emit({
        type: "context.reloaded",
        activated: changes.activated,
        deactivated: changes.deactivated,
        modified: changes.modified,
        skillsChanged,
        bytes: Buffer.byteLength(message),
      });
      return message;
    };
  }
  const byDirs = new Map<string, Promise<string>>();
  const instructionsFor = (dirs: readonly string[]) => {
    const key = [...dirs].sort().join("\u0000");
    let text = byDirs.get(key);
    if (!text) {
      text = resolveInstructions({
        source: opts.source,
        activeDirs: dirs.length > 0 ? dirs : ["."],
        userLayer: opts.userLayer,
        maxBytes: opts.maxBytes,
        totalBytes: opts.totalBytes,
        layering: opts.layering,
      }).then((r) => r.text);
      byDirs.set(key, text);
    }
    return text;
  };
  return {
    context,
    resolution: current.resolution,
    skills: current.skills,
    instructionsFor,
    memoryFor: (dirs) => scopeMemory(opts.memory, dirs.length > 0 ? dirs : ["."]),
  };
}

function contextUpdate(
  changes: ReturnType<typeof diffInstructions>,
  next: Snapshot,
  skillsChanged: boolean,
): string {
  const list = (label: string, paths: string[]) =>
    paths.length > 0 ? [`- ${label}: ${paths.join(", ")}`] : [];
  const skills = skillsChanged
    ? [
        "",
        "Skills now available:",
        ...next.skills.skills.map((s) => `- ${s.name}: ${s.description}`),
      ]
    : [];
  const text = [
    "Context update: instruction files changed during this run. These rules replace the earlier ones.",
    ...list("now active", changes.activated),
    ...list("no longer active", changes.deactivated),
    ...list("changed", changes.modified),
    "",
    next.resolution.text || "(no instructions apply now)",
    ...skills,
  ].join("\n");
  return boundBytes(
    text,
    CONTEXT_UPDATE_BYTES,
    "[context update cut; read the files for the rest]",
  );
}
