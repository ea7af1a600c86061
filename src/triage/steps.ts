/**
 * Splits a job log into steps. In a GitHub Actions job log a step starts at a `##[group]Run …`
 * line (its header, which lists the script and inputs, ends at the next `##[endgroup]`); the post
 * steps and the job's end have plain lines of their own. A `gh run view --log` line names its step
 * in a tab-separated prefix. A log with none of these (Jenkins, plain output) is one step.
 */
import type { TriageStep } from "./types.js";

const RUN_HEADER = /^##\[group\](Run .*)$/;
const ENDGROUP = /^##\[endgroup\]/;
const PLAIN_STEP: ReadonlyArray<readonly [RegExp, string]> = [
  [/^Post job cleanup\.$/, "Post job cleanup"],
  [/^Cleaning up orphan processes$/, "Complete job"],
];
/**
 * The needles (see log-lines.ts) that find every line this module reacts to. Short needles that
 * start with a rare byte are the fastest for `Buffer.indexOf`, and none is over 7 bytes: Node
 * searches a needle of 8 bytes or more another way, 3–4 times slower on a job log (62 ms for
 * "Cleaning up o" over 100 MB, 16 ms for "Cleanin"). A few more lines are hits than the step
 * rules need; they classify as nothing.
 */
export const STEP_NEEDLES = ["##[", "Post j", "Cleanin"];

export interface StepRecord {
  readonly index: number;
  name: string;
  readonly start: number;
  /** First line after the header group; output starts here. */
  outputStart: number;
  failed: boolean;
}

/** What a line means for the step structure. */
export type StepEffect = "step-start" | "header" | "output";

export class StepTracker {
  private readonly records: StepRecord[] = [];
  private headerOpen = false;
  private sawMarkers = false;

  constructor(private readonly maxSteps = 1000) {
    this.records.push({ index: 0, name: "job", start: 1, outputStart: 1, failed: false });
  }

  /** The step the last observed line belongs to. */
  get current(): StepRecord {
    return this.records[this.records.length - 1]!;
  }

  /**
   * Feeds one cleaned line, in file order; `ghStep` is the step named by a `gh` prefix. Lines that
   * are not step markers need not be fed, except that every line with a `gh` prefix may be.
   */
  observe(no: number, text: string, ghStep?: string): StepEffect {
    if (!this.sawMarkers && (ghStep !== undefined || text.startsWith("##["))) {
      // a GitHub Actions log: what comes before the first step header is the runner's setup
      this.sawMarkers = true;
      if (this.records.length === 1) this.records[0]!.name = "Set up job";
    }
    const run = RUN_HEADER.exec(text);
    if (run) {
      this.start(no, ghStep ?? run[1]!.trim());
      this.headerOpen = true;
      return "step-start";
    }
    if (this.headerOpen) {
      if (ENDGROUP.test(text)) {
        this.headerOpen = false;
        this.current.outputStart = no + 1;
      }
      return "header";
    }
    for (const [re, name] of PLAIN_STEP)
      if (re.test(text)) {
        this.start(no, ghStep ?? name);
        return "step-start";
      }
    if (ghStep !== undefined && ghStep !== this.current.name) {
      this.start(no, ghStep);
      return "step-start";
    }
    return "output";
  }

  /** The steps with their line ranges; `lastLine` is the file's last line. */
  finish(lastLine: number): TriageStep[] {
    return this.records.map((r, i) => ({
      name: r.name,
      start_line: r.start,
      end_line: Math.max(r.start, (this.records[i + 1]?.start ?? lastLine + 1) - 1),
      failed: r.failed,
    }));
  }

  /** All steps so far, oldest first. */
  get all(): readonly StepRecord[] {
    return this.records;
  }

  private start(no: number, name: string): void {
    const cur = this.current;
    if (no === cur.start) {
      cur.name = name; // the first line of the log already opens a step
      cur.outputStart = no + 1;
      return;
    }
    if (this.records.length >= this.maxSteps) return; // pathological logs: fold the rest into the last
    this.records.push({
      index: this.records.length,
      name,
      start: no,
      outputStart: no + 1,
      failed: false,
    });
  }
}
