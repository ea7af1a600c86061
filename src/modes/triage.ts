import type { TriagePlan } from "../plan/plan.js";
import { runTriage } from "../triage/run.js";
import type { TriagePorts } from "../triage/ports.js";
import type { Mode } from "./ports.js";

/** Failed-CI triage: the feature's run (`triage/run.ts`) on the ports it declares. */
export const triageMode: Mode<TriagePlan, TriagePorts> = (ports, plan) => runTriage(ports, plan);
