// What the triage is given: the run's facts and the I/O it may do. The mode hands it the run's
// `ModePorts`, of which these are a part; tests pass object literals.
import type { SessionMemory } from "../context/session-context.js";
import type { ActionsPort } from "../github/port.js";
import type { BranchFile } from "../memory-store/branch-file.js";
import type { ModelPort } from "../model/port.js";
import type { RunFacts } from "../run-facts.js";

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
export interface TriagePorts extends RunFacts {
  /** The chat model the settings name, or another model of the same endpoint. */
  model(name?: string): Promise<ModelPort>;
  /** Explicit memory (the project's facts go to the digest). */
  memory(): Promise<SessionMemory>;
  /** GitHub Actions for failed-CI triage; only the action has them. */
  ci(): Promise<CiPorts>;
}
