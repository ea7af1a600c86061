import { runMemoryCommand, type MemoryPorts } from "../memory/run.js";
import type { MemoryPlan } from "../plan/plan.js";
import type { Mode } from "./ports.js";

/** A memory command: the feature's run (`memory/run.ts`) on the ports it declares. */
export const memoryMode: Mode<MemoryPlan, MemoryPorts> = (ports) => runMemoryCommand(ports);
