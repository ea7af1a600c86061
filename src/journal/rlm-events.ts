import type { Usage } from "../model/port.js";

/** The REPL's confinement as the driver reported it (src/rlm/confinement.ts has the meaning). */
export interface RlmConfinementFields {
  sandbox: "landlock" | "none";
  applied: boolean;
  abi?: number | undefined;
  fs?: boolean | undefined;
  net?: boolean | undefined;
  scoped?: boolean | undefined;
  seccomp?: boolean | undefined;
  read?: string[] | undefined;
  write?: string[] | undefined;
  reason?: string | undefined;
}

/** Journal events of the RLM engine. */
export type RlmEvent =
  /** The REPL process started for an input; `isolation` says which protections were in force. */
  | {
      type: "rlm.started";
      depth: number;
      inputChars: number;
      isolation: string;
      python: string;
      /** What the driver's Landlock and seccomp confinement did, with the paths it granted. */
      confinement?: RlmConfinementFields;
    }
  /** The REPL could not be confined (`rlm-sandbox: landlock`), so it ran no model-written code. */
  | { type: "rlm.unconfined"; depth: number; reason: string }
  /** One root (or nested root) model turn: what it cost and what became of it. */
  | {
      type: "rlm.turn";
      depth: number;
      iteration: number;
      ms: number;
      promptChars: number;
      usage?: Usage;
      finishReason?: string;
      /** ran | no-block | several-blocks | truncated | model-error */
      outcome: string;
      error?: string;
      /** The root model. */
      model?: string;
      /** The line of `requests.jsonl` that holds this turn's request; absent when not recorded. */
      requestsSeq?: number;
    }
  /** One REPL cell ran. */
  | {
      type: "rlm.cell";
      depth: number;
      iteration: number;
      ms: number;
      stdoutChars: number;
      /** The cell's code, its first 4,000 characters (the model wrote it: untrusted text). */
      code: string;
      /** What the cell printed, its first 2,000 characters; `stdoutChars` counts all of it. */
      output: string;
      error?: string;
      /** The process was killed or died, and its state with it. */
      lost?: boolean;
      finalized?: boolean;
    }
  /** One child model call finished (or failed, or was refused). */
  | {
      type: "rlm.child_call";
      depth: number;
      kind: string;
      ms: number;
      ok: boolean;
      promptChars: number;
      model?: string;
      usage?: Usage;
      error?: string;
    }
  /** The RLM run ended. */
  | {
      type: "rlm.finished";
      depth: number;
      iterations: number;
      childCalls: number;
      finalized: boolean;
      reason: string;
      /** Tokens of this level's own turns (children are in their `rlm.child_call` events). */
      usage?: Usage;
      rootMaxPromptChars?: number;
    };
