// What the REPL's confinement (Landlock and seccomp, applied by driver.py through confine.py) did,
// and the refusal to run model-written code when it could not be applied.
import * as z from "zod";
import { RlmSetupError } from "./python.js";

/** `landlock`: confine the REPL or run no model code; `none`: the workflow opted out. */
export type RlmSandbox = "landlock" | "none";

/** The driver's report, sent before any model-written code runs (so it can be trusted). */
export const confinementSchema = z
  .object({
    sandbox: z.enum(["landlock", "none"]),
    applied: z.boolean(),
    /** The kernel's Landlock ABI; 0 when it has none. */
    abi: z.number().int().optional(),
    fs: z.boolean().optional(),
    /** Landlock's TCP bind and connect rules (ABI 4+). */
    net: z.boolean().optional(),
    /** Abstract UNIX sockets and signals scoped to the REPL (ABI 6+). */
    scoped: z.boolean().optional(),
    seccomp: z.boolean().optional(),
    read: z.array(z.string()).optional(),
    write: z.array(z.string()).optional(),
    reason: z.string().optional(),
  })
  .strict();
export type Confinement = z.infer<typeof confinementSchema>;

/**
 * The REPL could not be confined, so it ran no model-written code. A setup error, so the callers
 * that already fall back when the engine cannot start (the review's host summary, the triage
 * without a digest) do so here too; each adds how its user opts out.
 */
export class RlmUnconfinedError extends RlmSetupError {
  constructor(readonly reason: string) {
    super(`the RLM REPL could not be confined: ${reason}; it ran no model-written code`);
  }
}

/**
 * Tests only: makes every REPL started from now on fail to confine itself, as on a kernel
 * without Landlock (`landlock`) or where the seccomp filter cannot be set (`seccomp`). Nothing
 * in the product sets it, and no input, environment variable or model output can reach it.
 */
export const confinementTestSeam: { simulate: "landlock" | "seccomp" | undefined } = {
  simulate: undefined,
};

/** One line for the journal's `isolation` text. */
export function describeConfinement(c: Confinement): string {
  if (c.sandbox === "none") return "UNCONFINED (rlm-sandbox: none)";
  if (!c.applied) return `not confined: ${c.reason ?? "unknown"}`;
  const landlock = [c.fs ? "fs" : "", c.net ? "tcp" : "", c.scoped ? "scoped" : ""].filter(Boolean);
  return `landlock ABI ${c.abi ?? "?"} (${landlock.join(", ")}); seccomp (sockets, io_uring, keyrings)`;
}
