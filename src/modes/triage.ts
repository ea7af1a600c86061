import type { TriagePlan } from "../plan/plan.js";
import { runTriageAndFix, type AutoFixPorts } from "../fix/ci.js";
import type { Mode } from "./ports.js";

/**
 * Failed-CI triage (`triage/run.ts`), and with `auto-fix` the fix of its first cause
 * (`fix/ci.ts`), on the ports they declare.
 */
export const triageMode: Mode<TriagePlan, AutoFixPorts> = (ports, plan) =>
  runTriageAndFix(ports, plan);
