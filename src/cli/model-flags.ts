// The action's model-wire inputs as flags, shared by `review` and `rlm`: checked by the same
// settings schema, so a bad value is named by its flag (see `cliSettings`).
import { REASONING_EFFORTS, type ReasoningEffort } from "../model/endpoint.js";
import { UsageError } from "./usage-error.js";

export const MODEL_OPTIONS = {
  "reasoning-effort": { type: "string" },
  "token-limit-param": { type: "string" },
  "max-output-tokens": { type: "string" },
} as const;

const EFFORT_LINE =
  "  --reasoning-effort E       minimal, low, medium or high; sent as reasoning_effort only when given";

/** For commands whose requests carry no completion cap (`rlm`): the effort alone. */
export const EFFORT_OPTIONS = { "reasoning-effort": MODEL_OPTIONS["reasoning-effort"] } as const;
export const EFFORT_USAGE = `model requests:\n${EFFORT_LINE}`;

export const MODEL_USAGE = `model requests (as the action's inputs):
${EFFORT_LINE}
  --token-limit-param P      the cap's name: auto (default: max_completion_tokens for OpenAI and
                             Azure OpenAI, max_tokens elsewhere), max_completion_tokens or max_tokens
  --max-output-tokens N      completion cap of each request (default 4096; 16384 with
                             --reasoning-effort or once the model reports reasoning tokens)`;

type ModelValues = { [K in keyof typeof MODEL_OPTIONS]?: string | undefined };

/** The flags given, as action inputs for `cliSettings`; unset ones keep the action's defaults. */
export function modelInputs(values: ModelValues): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of Object.keys(MODEL_OPTIONS) as (keyof ModelValues)[]) {
    const value = values[name];
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** `--reasoning-effort` for a command that builds no settings (replay). */
export function reasoningEffortFlag(value: string | undefined): ReasoningEffort | undefined {
  if (value === undefined) return undefined;
  const effort = value.trim().toLowerCase();
  if ((REASONING_EFFORTS as readonly string[]).includes(effort)) return effort as ReasoningEffort;
  throw new UsageError(
    `--reasoning-effort ${value}: expected ${REASONING_EFFORTS.slice(0, -1).join(", ")} or ${REASONING_EFFORTS.at(-1)}`,
  );
}
