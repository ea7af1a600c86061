/** The diagnostics of instruction resolution: exactly what `rivumi instructions --json` prints. */
import type { InstructionDiagnostics } from "../../journal/diagnostics.js";
import type { FileCheck } from "../files/types.js";

export type {
  DirectoryDiagnostic,
  DocumentDiagnostic,
  DocumentStatus,
  InstructionDiagnostics,
  InstructionsLayering,
  SuppressReason,
} from "../../journal/diagnostics.js";

/** Looked for in every directory of a walk, in this order; the first valid one is used. */
export const INSTRUCTION_NAMES = ["RIVUMI.md", "AGENTS.md"] as const;

export interface InstructionResolution {
  readonly diagnostics: InstructionDiagnostics;
  /** The instructions section body, at most `totalBytes` bytes of UTF-8; "" when there is none. */
  readonly text: string;
}

/** A user-layer document: inline text (the `instructions` input) or a file already checked. */
export type UserLayerEntry = { path: string; text: string } | ({ path: string } & FileCheck);
