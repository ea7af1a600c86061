// What every feature's ports start with: the run's facts and the one transformation every text
// that leaves the run goes through. Each feature adds the I/O it needs (`review/ports.ts`,
// `triage/ports.ts`, `memory/run.ts`); the mode registry's `ModePorts` is all of them.
import type { Settings } from "./config/settings.js";
import type { Journal } from "./journal/journal.js";
import type { Trigger } from "./trigger/trigger.js";

export interface RunFacts {
  settings: Settings;
  trigger: Trigger;
  journal: Journal;
  /** Aborted on cancellation or timeout; its reason says which. */
  signal: AbortSignal;
  /** The journal artifact's name, for the texts that point at it. */
  journalName: string;
  /** When the run started (ms since the epoch), for its duration. */
  started: number;
  /** Removes secrets from text that leaves the run (replies, notes). */
  redact: (text: string) => string;
}
