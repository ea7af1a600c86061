// The JSON-lines protocol between the host and driver.py. Everything the driver sends is
// untrusted: REPL code can write to the protocol pipe itself, so every message is validated here.
import * as z from "zod";
import { confinementSchema } from "./confinement.js";

const count = z.number().int().nonnegative();

export const coverageSchema = z
  .object({
    chunks: count,
    input_chars: count,
    covered_chars: count,
    gaps: z.array(z.tuple([count, count])),
    complete: z.boolean(),
  })
  .strict();
/** The last `chunk_coverage` result of a REPL. */
export type Coverage = z.infer<typeof coverageSchema>;

export const inputMetaSchema = z
  .object({
    chars: count,
    lines: count,
    bytes: count,
    preview: z.string(),
    tail_preview: z.string(),
  })
  .strict();
/**
 * The input's size and shape as the driver reports it when ready, never its body; `context_meta()`
 * adds the SHA-256, which is hashed meanwhile.
 */
export type InputMeta = z.infer<typeof inputMetaSchema>;

const readySchema = z
  .object({
    op: z.literal("ready"),
    python: z.string(),
    uid: z.number().int(),
    meta: inputMetaSchema,
    load_ms: z.number(),
    confinement: confinementSchema,
  })
  .strict();

const itemSchema = z
  .object({
    prompt: z.string(),
    text: z.string().optional(),
    range: z
      .object({ start: count, end: count, start_line: count, end_line: count })
      .partial()
      .strict()
      .optional(),
  })
  .strict();
export type ChildItem = z.infer<typeof itemSchema>;

export const CHILD_KINDS = ["query", "batch", "map", "sequence", "rlm"] as const;

/** A child-call request. There is no model field: the host pins the model. */
export const childRequestSchema = z
  .object({
    op: z.literal("child"),
    id: count,
    kind: z.enum(CHILD_KINDS),
    items: z.array(itemSchema).min(1),
    dependency_mode: z.string().optional(),
    safety_note: z.string().optional(),
  })
  .strict();
export type ChildRequest = z.infer<typeof childRequestSchema>;

const doneSchema = z
  .object({
    op: z.literal("done"),
    id: count,
    stdout: z.string(),
    stdout_chars: count,
    stderr: z.string(),
    stderr_chars: count,
    error: z.string().nullable(),
    final: z.object({ value: z.string(), confidence: z.string().nullable() }).strict().nullable(),
    coverage: coverageSchema.nullable(),
    ms: z.number(),
  })
  .strict();
export type DoneMessage = z.infer<typeof doneSchema>;

export const readyOrDone = z.discriminatedUnion("op", [readySchema, doneSchema]);
export type ReadyMessage = z.infer<typeof readySchema>;

/** One child call's outcome; a failure takes the place of its answer instead of failing a batch. */
export type ChildResult = { ok: true; text: string } | { ok: false; error: string };

/** The host's answer to a child request: results, or a refusal of the whole request. */
export type ChildReply = { ok: true; results: ChildResult[] } | { ok: false; error: string };

/** Budget figures the REPL sees through `evaluate_progress()`. */
export interface ReplStatus {
  child_calls: number;
  budget_left: { child_calls: number; tokens: number };
}

/** What one cell did, as the engine sees it. */
export interface CellResult {
  stdout: string;
  /** Characters printed in total; `stdout` keeps only the first part. */
  stdoutChars: number;
  stderr: string;
  stderrChars: number;
  error: string | undefined;
  final: { value: string; confidence: string | null } | undefined;
  coverage: Coverage | undefined;
  ms: number;
  /** Set when the process had to be replaced: what happened, and that its state is gone. */
  lost?: string;
}
