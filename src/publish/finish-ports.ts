// What publishing an outcome needs (see finish.ts), in a module of its own so that the steps of
// publishing kept in other files can share it.
import type { Journal } from "../journal/journal.js";
import type { ActionsCore } from "../runner-env.js";
import type { Redactor } from "../redact/redactor.js";
import type { StopWatch } from "./deadline.js";
import type { FeatureTexts } from "./feature-texts.js";
import type { Publisher } from "./publisher.js";
import type { Site } from "../markdown/safe-markdown.js";

export interface FinishPorts {
  /** As `ActionLog.ready()` gives it: what it prints is redacted and cannot issue a command. */
  core: ActionsCore;
  journal: Journal;
  redactor: Redactor;
  /** Writes results to GitHub; undefined when the run never had a GitHub client. */
  publisher:
    | (Pick<Publisher, "publishAll"> & Partial<Pick<Publisher, "linkArtifact" | "republish">>)
    | undefined;
  resultPath: string;
  journalPath: string;
  journalName: string;
  /** The runner gave a step summary file (GITHUB_STEP_SUMMARY). */
  stepSummary: boolean;
  /** The runner gave a token for the artifact service (ACTIONS_RUNTIME_TOKEN). */
  canUpload: boolean;
  say: (text: string) => void;
  /** The run's stop signals: a stop shortens the publishing steps, a later signal hurries them. */
  stops?: StopWatch | undefined;
  /** What each feature shows of its result in the summary. */
  texts: FeatureTexts;
  /** The repository whose pages the summary may link to. */
  site?: Site | undefined;
  /** The web address of an uploaded artifact, from its id. */
  artifactUrl?: ((id: number) => string) | undefined;
}
