import type { FixPlan } from "../plan/plan.js";
import { runFix, type FixPorts } from "../fix/run.js";
import type { Mode } from "./ports.js";

/** `/rivumi fix`: the feature's run (`fix/run.ts`) on the ports it declares. */
export const fixMode: Mode<FixPlan, FixPorts> = (ports, plan) => runFix(ports, plan);
