/** What `triageLog` returns; its JSON form is what `rivumi triage --json` prints. */

/** What a candidate is evidence of. */
export type CandidateKind =
  | "test"
  | "build"
  | "types"
  | "lint"
  | "dependency"
  | "infrastructure"
  | "crash"
  | "exception"
  | "timeout"
  | "cancelled"
  | "error"
  | "exit-code";

/** A short range of the log that likely states why the job failed. */
export interface TriageCandidate {
  /** First line, 1-based, counted by splitting the file on `\n` only. */
  readonly start_line: number;
  /** Last line, inclusive. */
  readonly end_line: number;
  /** Name of the step the range belongs to. */
  readonly step: string;
  readonly kind: CandidateKind;
  /** Higher is more likely the cause; only the order within one result means anything. */
  readonly score: number;
  /** The range's lines with timestamps and colour codes removed. */
  readonly lines: readonly string[];
}

/** One step of the job as the log shows it. */
export interface TriageStep {
  readonly name: string;
  readonly start_line: number;
  readonly end_line: number;
  /** The step reported an error or a failing exit code. */
  readonly failed: boolean;
}

export interface TriageResult {
  /** Best first. */
  readonly candidates: readonly TriageCandidate[];
  /** Short hex hash of the top candidates' normalised lines; stable across re-runs. */
  readonly signature: string;
  readonly steps: readonly TriageStep[];
  /** The file was longer than `maxBytes`: only its end was searched (line numbers stay exact). */
  readonly truncated: boolean;
  /** The step `failedStep` was matched to; absent when none was named or none matched. */
  readonly failedStep?: string;
}

export interface TriageOptions {
  /** The failed step's name as the Actions API gives it; its candidates are preferred. */
  readonly failedStep?: string;
  /** Search only the last this many bytes of the file (the lines before are only counted). */
  readonly maxBytes?: number;
  /** Stops the scan (Ctrl-C): `triageLog` rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}
