import type { InstructionDiagnostics } from "./diagnostics.js";

/** Journal events of the context pipeline (instructions, skills, reloads). */
export type ContextEvent =
  /** Which instruction documents are active, suppressed or rejected, and why; and the skills found. */
  | {
      type: "instructions.resolved";
      from: string;
      diagnostics: InstructionDiagnostics;
      skills: { name: string; path: string }[];
      rejectedSkills: { path: string; reason: string }[];
    }
  /** The instructions changed during the run; the model got a context update of `bytes` bytes. */
  | {
      type: "context.reloaded";
      activated: string[];
      deactivated: string[];
      modified: string[];
      skillsChanged: boolean;
      bytes: number;
    }
  /** The instructions changed into an invalid state; the previous valid context stays. */
  | { type: "context.reload_rejected"; rejected: { path: string; reason: string }[] };
