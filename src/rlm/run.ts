// The RLM feature's run: one question about one large input, answered by the engine, as an
// outcome (the CLI's `rivumi rlm`; a review's large merge calls the engine itself).
import type { ModelPort } from "../model/port.js";
import type { Conclusion, Outcome, RlmResult as RlmOutcome } from "../outcome/outcome.js";
import type { RlmPlan } from "../plan/plan.js";
import type { RunFacts } from "../run-facts.js";
import { runRlm } from "./engine.js";
import { grouped } from "../util/grouped.js";

/** What an RLM run needs besides the run's facts: a model, and a status line where there is one. */
export interface RlmPorts extends RunFacts {
  /** The chat model the settings name, or another model of the same endpoint. */
  model(name?: string): Promise<ModelPort>;
  /** A live status line (the CLI shows it on a terminal); optional. */
  status?: (line: string) => void;
}

/** Answers the plan's question about its input. */
export async function runRlmQuestion(ports: RlmPorts, plan: RlmPlan): Promise<Outcome<RlmOutcome>> {
  const status = ports.status;
  const model = await ports.model();
  const result = await runRlm({
    input: { path: plan.input },
    question: plan.question,
    model,
    childModel: plan.childModel ? await ports.model(plan.childModel) : model,
    journal: ports.journal,
    signal: ports.signal,
    sandbox: ports.settings.rlmSandbox,
    ...plan.limits,
    onProgress: status
      ? (p) =>
          status(
            `rlm: iteration ${p.iteration}/${p.maxIterations} · child calls ${p.childDone} done, ${p.childPending} pending · ${grouped(p.tokens)} tokens`,
          )
      : undefined,
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
}
