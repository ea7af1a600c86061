/** Journal events of the RLM engine. */
export type RlmEvent =
  /** The REPL process started for an input; `isolation` says which protections were in force. */
  | { type: "rlm.started"; depth: number; inputChars: number; isolation: string; python: string }
  /** One REPL cell ran. */
  | {
      type: "rlm.cell";
      depth: number;
      iteration: number;
      ms: number;
      stdoutChars: number;
      error?: string;
    }
  /** One child model call finished (or failed, or was refused). */
  | {
      type: "rlm.child_call";
      depth: number;
      kind: string;
      ms: number;
      ok: boolean;
      promptChars: number;
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
    };
