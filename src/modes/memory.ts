import { runMemoryCommand } from "../memory/run.js";
import type { MemoryPlan } from "../plan/plan.js";
import type { Mode } from "./ports.js";

/** A memory command: the feature's run (`memory/run.ts`) on the run's ports. */
export const memoryMode: Mode<MemoryPlan> = (ports) => runMemoryCommand(ports);
