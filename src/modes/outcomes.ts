import type { Outcome, RunStats } from "../outcome/outcome.js";
import type { Plan } from "../plan/plan.js";

export { idleStats } from "../outcome/stats.js";

/**
 * The outcome of a run that failed in `phase`. A failed agent run still explains itself on its
 * pull request, even when it failed before its progress note.
 */
export function failedOutcome(opts: {
  plan: Plan | undefined;
  phase: string;
  message: string;
  stats: RunStats;
  journalName: string;
}): Outcome {
  const { plan } = opts;
  const pr = plan?.kind === "review" || plan?.kind === "task" ? plan.pr : undefined;
  return {
    conclusion: "failure",
    stop: undefined,
    note: `Rivumi failed in the ${opts.phase} phase: ${opts.message}`,
    stats: opts.stats,
    journalName: opts.journalName,
    notices: [],
    attachments: [],
    publications: pr !== undefined ? [{ kind: "sticky-comment", pr }] : [],
    result: { kind: "stop", fork: false },
  };
}
