import type { TriagePlan } from "../plan/plan.js";
import { runTriage } from "../triage/run.js";
import type { Mode } from "./ports.js";

/** Failed-CI triage: the feature's run (`triage/run.ts`) on the run's ports. */
export const triageMode: Mode<TriagePlan> = (ports, plan) => runTriage(ports, plan);
