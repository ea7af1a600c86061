// What the triage is given: the run's facts and the I/O it may do. The mode hands it the run's
// `ModePorts`, of which these are a part; tests pass object literals.
import type { Settings } from "../config/settings.js";
import type { SessionMemory } from "../context/session-context.js";
import type { ActionsPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { BranchFile } from "../memory-store/branch-file.js";
import type { ModelPort } from "../model/port.js";
import type { Trigger } from "../trigger/trigger.js";

/** What failed-CI triage reads: the Actions API, the log storage, and a folder for the logs. */
export interface CiPorts {
  github: ActionsPort;
  /** Streams a log from the storage URL GitHub redirected to, never with GitHub's token. */
  openLog(url: string, signal: AbortSignal): Promise<AsyncIterable<Uint8Array>>;
  /** A folder of this run's own, for the downloaded logs. */
  dir: string;
  /** The web server (https://github.com), for links to log lines. */
  serverUrl: string;
  /** The history of failures on the memory branch; without it a triage remembers nothing. */
  history?: BranchFile;
}

/** The part of the run's ports a triage uses. */
export interface TriagePorts {
  settings: Settings;
  trigger: Trigger;
  journal: Journal;
  /** Aborted on cancellation or timeout; its reason says which. */
  signal: AbortSignal;
  /** The journal artifact's name, for the texts that point at it. */
  journalName: string;
  /** When the run started (ms since the epoch), for its duration. */
  started: number;
  /** The chat model the settings name, or another model of the same endpoint. */
  model(name?: string): Promise<ModelPort>;
  /** Explicit memory (the project's facts go to the digest). */
  memory(): Promise<SessionMemory>;
  /** GitHub Actions for failed-CI triage; only the action has them. */
  ci(): Promise<CiPorts>;
  /** Removes secrets from text that leaves the run (notes). */
  redact: (text: string) => string;
}
