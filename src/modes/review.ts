import type { AgentPlan } from "../plan/plan.js";
import { runReview } from "../review/run.js";
import type { ReviewPorts } from "../review/ports.js";
import type { Mode } from "./ports.js";

/** A pull request review or a task: the feature's run (`review/run.ts`) on the ports it declares. */
export const reviewMode: Mode<AgentPlan, ReviewPorts> = (ports, plan) => runReview(ports, plan);
