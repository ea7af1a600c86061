import type { RlmPlan } from "../plan/plan.js";
import { runRlmQuestion, type RlmPorts } from "../rlm/run.js";
import type { Mode } from "./ports.js";

/** One question about one large input: the feature's run (`rlm/run.ts`) on the ports it declares. */
export const rlmMode: Mode<RlmPlan, RlmPorts> = (ports, plan) => runRlmQuestion(ports, plan);
