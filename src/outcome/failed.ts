import type { Outcome, RunStats } from "./outcome.js";

/**
 * The outcome of a run that failed in `phase`. A failed agent run still explains itself on its
 * pull request (`pr`), even when it failed before its progress note.
 */
export function failedOutcome(opts: {
  pr: number | undefined;
  phase: string;
  message: string;
  stats: RunStats;
  journalName: string;
}): Outcome {
  const { pr } = opts;
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
