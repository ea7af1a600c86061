// What the modes are given: each feature declares the ports its run needs (`ReviewPorts`,
// `TriagePorts`, `MemoryPorts`, or only the run's facts), and `ModePorts` is all of them, which
// the action (`action/ports.ts`) and the CLI (`cli/bootstrap.ts`) each build once per run.
import type { MemoryPorts } from "../memory/run.js";
import type { Outcome } from "../outcome/outcome.js";
import type { Plan } from "../plan/plan.js";
import type { ReviewPorts } from "../review/ports.js";
import type { TriagePorts } from "../triage/ports.js";

export type { CiPorts } from "../triage/ports.js";

export type { OpenWorkspace, Target, WorkSource } from "../review/ports.js";

/** Every feature's ports: what the registry hands whichever mode a plan picks. */
export interface ModePorts extends ReviewPorts, TriagePorts, MemoryPorts {}

/** One kind of run, on the ports its feature declares. */
export type Mode<P extends Plan = Plan, Ports = ModePorts> = (
  ports: Ports,
  plan: P,
) => Promise<Outcome>;
