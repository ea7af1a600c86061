// The RLM engine's entry point: one run over an input far too large for any prompt. The root
// loop (root-loop.ts) runs at depth 0; nested `sub_rlm` runs reuse it one level down, with the
// child model and the budgets the whole run shares.
import { setMaxListeners } from "node:events";
import { DEFAULT_RETRY } from "../model/retry.js";
import { billedTokens, sumUsage } from "../model/usage.js";
import { ChildBroker } from "./children.js";
import { resolveLimits } from "./options.js";
import { runLevel } from "./root-loop.js";
import type { RlmOptions, RlmResult } from "./types.js";

export type { Coverage } from "./protocol.js";
export type { RlmInput } from "./sandbox.js";
export type { RlmOptions, RlmProgress, RlmResult, RlmStop } from "./types.js";
export { RLM_DEFAULTS, type RlmLimits } from "./options.js";
export { RlmSetupError } from "./python.js";
export { RlmUnconfinedError, type RlmSandbox } from "./confinement.js";

/** Answers `question` about an input far too large for a prompt. Throws only if no REPL starts. */
export async function runRlm(opts: RlmOptions): Promise<RlmResult> {
  const limits = resolveLimits(opts);
  // One signal of our own: every concurrent child call listens on it.
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const stopWith = () => controller.abort(opts.signal?.reason);
  if (opts.signal?.aborted) stopWith();
  opts.signal?.addEventListener("abort", stopWith, { once: true });
  const signal = controller.signal;
  const retry = opts.retry ?? DEFAULT_RETRY;
  const childModel = opts.childModel ?? opts.model;
  const shared = { opts, signal, retry };
  let iteration = 0;
  let rootTokens = 0;
  const progress = () =>
    opts.onProgress?.({
      iteration,
      maxIterations: limits.maxIterations,
      childDone: broker.done,
      childPending: broker.pending,
      tokens: rootTokens + broker.tokensUsed(),
    });
  const broker: ChildBroker = new ChildBroker({
    model: childModel,
    limits,
    journal: opts.journal,
    signal,
    retry,
    onChange: progress,
    async nested(question, text, depth) {
      const nestedLimits = { ...limits, maxIterations: limits.nestedIterations };
      const r = await runLevel({
        ...shared,
        depth,
        input: { text },
        question,
        model: childModel,
        limits: nestedLimits,
        broker,
      });
      return r.finalized ? r.answer : `[nested RLM ended without finalize: ${r.stop}] ${r.answer}`;
    },
  });
  const root = await runLevel({
    ...shared,
    depth: 0,
    input: opts.input,
    question: opts.question,
    model: opts.model,
    limits,
    broker,
    onTurn(i, usage) {
      iteration = i;
      rootTokens = billedTokens(usage);
      progress();
    },
  });
  opts.signal?.removeEventListener("abort", stopWith);
  return {
    ...root,
    childCalls: broker.admitted,
    usage: sumUsage(root.usage, broker.usage),
  };
}
