import type { StopPlan } from "../plan/plan.js";
import { idleStats } from "../outcome/stats.js";
import type { RunFacts } from "../run-facts.js";
import type { Mode } from "./ports.js";

/** Nothing to do, or not allowed: the run says why in a notice and the summary. */
export const stopMode: Mode<StopPlan, RunFacts> = (ports, plan) =>
  Promise.resolve({
    conclusion: plan.conclusion,
    stop: undefined,
    note: plan.reason,
    stats: idleStats(ports.settings, ports.started),
    journalName: ports.journalName,
    notices: [`Rivumi ${plan.conclusion}: ${plan.reason}`],
    attachments: [],
    publications: [],
    result: { kind: "stop", fork: plan.fork === true },
  });
