import type { AgentPlan } from "../plan/plan.js";
import { runReview } from "../review/run.js";
import type { Mode } from "./ports.js";

/** A pull request review or a task: the feature's run (`review/run.ts`) on the run's ports. */
export const reviewMode: Mode<AgentPlan> = (ports, plan) => runReview(ports, plan);
