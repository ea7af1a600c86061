import type { Plan } from "../plan/plan.js";
import type { Mode } from "./ports.js";

type Registry = { [K in Plan["kind"]]: () => Promise<Mode<Extract<Plan, { kind: K }>>> };

/**
 * One mode per kind of plan, loaded only when a run needs it. A plan kind without a mode does not
 * compile. A new kind of run is a plan kind, a file in this folder and a line here.
 */
export const MODES = {
  review: async () => (await import("./review.js")).reviewMode,
  task: async () => (await import("./review.js")).reviewMode,
  fix: async () => (await import("./fix.js")).fixMode,
  memory: async () => (await import("./memory.js")).memoryMode,
  stop: async () => (await import("./stop.js")).stopMode,
  rlm: async () => (await import("./rlm.js")).rlmMode,
  triage: async () => (await import("./triage.js")).triageMode,
} satisfies Registry;

/** Runs the mode for this plan. */
export async function runMode<P extends Plan>(ports: Parameters<Mode>[0], plan: P) {
  const load = MODES[plan.kind] as () => Promise<Mode<P>>;
  return (await load())(ports, plan);
}
