// The RLM engine's public shapes, apart from the engine so that its root loop can use them too.
import type { Journal } from "../journal/journal.js";
import type { ModelPort } from "../model/port.js";
import type { UsageTotal } from "../model/usage.js";
import type { RetryPolicy } from "../model/retry.js";
import type { RlmSandbox } from "./confinement.js";
import type { RlmLimits } from "./options.js";
import type { Coverage } from "./protocol.js";
import type { RlmInput } from "./sandbox.js";

export type RlmStop =
  "finalized" | "iteration-limit" | "contract" | "model-error" | "budget" | "cancelled";

export interface RlmProgress {
  iteration: number;
  maxIterations: number;
  childDone: number;
  childPending: number;
  tokens: number;
}

export interface RlmOptions extends Partial<RlmLimits> {
  input: RlmInput;
  question: string;
  /** The root model. */
  model: ModelPort;
  /** The model every child call and nested run uses; defaults to `model`. */
  childModel?: ModelPort;
  journal: Journal;
  signal?: AbortSignal;
  retry?: RetryPolicy;
  /** The interpreter to look for; default `python3`. */
  python?: string;
  /** `none` runs the REPL as the current user even where dropping privileges is possible. */
  isolation?: "auto" | "none";
  /** `landlock` (default): the REPL confines itself or runs no model code; `none` opts out. */
  sandbox?: RlmSandbox;
  onProgress?(progress: RlmProgress): void;
}

export interface RlmResult {
  answer: string;
  confidence: string | null;
  finalized: boolean;
  stop: RlmStop;
  iterations: number;
  childCalls: number;
  /** The last `chunk_coverage` result of the root REPL. */
  coverage: Coverage | null;
  /** Root, children and nested runs together. */
  usage: UsageTotal;
  /** Characters of the largest root request. */
  rootMaxPromptChars: number;
  isolation: string;
  error?: string;
}
