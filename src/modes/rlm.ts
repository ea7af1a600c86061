import type { Conclusion } from "../outcome/outcome.js";
import type { RlmPlan } from "../plan/plan.js";
import { runRlm } from "../rlm/engine.js";
import type { Mode } from "./ports.js";

/** One question about one large input, answered by the RLM engine. */
export const rlmMode: Mode<RlmPlan> = async (ports, plan) => {
  const model = await ports.model();
  const status = ports.status;
  const result = await runRlm({
    input: { path: plan.input },
    question: plan.question,
    model,
    childModel: plan.childModel ? await ports.model(plan.childModel) : model,
    journal: ports.journal,
    signal: ports.signal,
    sandbox: ports.settings.rlmSandbox,
    ...plan.limits,
    ...(status
      ? {
          onProgress: (p) =>
            status(
              `rlm: iteration ${p.iteration}/${p.maxIterations} · child calls ${p.childDone} done, ${p.childPending} pending · ${p.tokens.toLocaleString("en-US")} tokens`,
            ),
        }
      : {}),
  });
  const conclusion: Conclusion = result.finalized
    ? "success"
    : result.stop === "iteration-limit" || result.stop === "budget" || result.stop === "cancelled"
      ? "partial"
      : "failure";
  return {
    conclusion,
    stop: undefined,
    result: {
      kind: "rlm",
      answer: result.answer,
      confidence: result.confidence,
      finalized: result.finalized,
      stop: result.stop,
      iterations: result.iterations,
      childCalls: result.childCalls,
      coverage: result.coverage,
      rootMaxPromptChars: result.rootMaxPromptChars,
    },
    note: result.finalized ? undefined : `the RLM run ended without finalize(): ${result.stop}`,
    stats: {
      turns: result.iterations,
      usage: result.usage,
      costUsd: undefined,
      ms: Date.now() - ports.started,
      model: model.model,
    },
    journalName: ports.journalName,
    notices: [],
    attachments: [],
    publications: [],
  };
};
