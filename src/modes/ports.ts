// What every mode is given: the run's facts and the I/O it may do, as small interfaces. The action
// (`main.ts`) and the CLI each wire their own; tests pass object literals.
import type { MemoryStore } from "../memory-store/store.js";
import type { Outcome } from "../outcome/outcome.js";
import type { Plan } from "../plan/plan.js";
import type { ReviewPorts } from "../review/ports.js";
import type { CiPorts } from "../triage/ports.js";

export type { CiPorts } from "../triage/ports.js";

export type { OpenWorkspace, Target, WorkSource } from "../review/ports.js";

/** What every mode is given: the review's part, and what the other features add to it. */
export interface ModePorts extends ReviewPorts {
  /** The memory store the commands write to. */
  memoryStore(): Promise<MemoryStore>;
  /** The asker's permission, from the trust check. */
  access: { permission: string; roleName: string } | undefined;
  /** GitHub Actions for failed-CI triage; only the action has them. */
  ci(): Promise<CiPorts>;
}

/** One kind of run. */
export type Mode<P extends Plan = Plan> = (ports: ModePorts, plan: P) => Promise<Outcome>;
