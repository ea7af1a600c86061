/**
 * Failed-CI log triage without a model: streams a job log, finds the few short line ranges that
 * most likely state why the job failed, and gives the failure a signature that stays the same on
 * a re-run.
 */
import { rankCandidates } from "./candidates.js";
import { Collector, NEEDLES } from "./collector.js";
import { scanLog } from "./log-lines.js";
import type { StepRecord } from "./steps.js";
import { failureSignature } from "./signature.js";
import type { TriageOptions, TriageResult } from "./types.js";
import { grouped } from "../util/grouped.js";

export type * from "./types.js";
export { diffLogs, type LogDiff, type LogDiffOptions } from "./log-diff.js";
export { failureSignature, normaliseLine } from "./signature.js";

/** How many of the top candidates the signature is made of. */
const SIGNATURE_CANDIDATES = 3;

/** Triage of the job log at `path`. */
export async function triageLog(path: string, options: TriageOptions = {}): Promise<TriageResult> {
  const collector = new Collector();
  const scan = await scanLog(
    path,
    {
      needles: NEEDLES,
      ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    },
    collector.onHit,
  );
  collector.finish(scan.tail(40));
  const records = collector.steps.all;
  const preferred = options.failedStep ? findStep(records, options.failedStep) : undefined;
  const failedSteps = new Set(records.filter((r) => r.failed).map((r) => r.index));
  const candidates = rankCandidates({
    signals: collector.store.all(),
    stepNames: records.map((r) => r.name),
    failedSteps,
    failingStep: preferred ?? failingStep(collector),
    ...(preferred !== undefined ? { preferredStep: preferred } : {}),
  });
  return {
    candidates,
    signature: failureSignature(candidates.slice(0, SIGNATURE_CANDIDATES)),
    steps: collector.steps.finish(scan.lines),
    truncated: scan.truncated,
    ...(preferred !== undefined ? { failedStep: records[preferred]!.name } : {}),
  };
}

/** A quoted line longer than this is cut, with a note saying so. */
export const QUOTE_MAX_CHARS = 2000;

/** A candidate's line as shown: whole, unless it is over `QUOTE_MAX_CHARS`. */
export function quotedLine(line: string): string {
  if (line.length <= QUOTE_MAX_CHARS) return line;
  return `${line.slice(0, QUOTE_MAX_CHARS)}… [line cut at ${grouped(QUOTE_MAX_CHARS)} characters]`;
}

/**
 * The JSON that `rivumi triage --json` prints: the result, each candidate with its lines as shown
 * (timestamps and colour codes removed; `start_line` is the first one's number in the file).
 */
export function triageJson(result: TriageResult): object {
  return {
    candidates: result.candidates.map(({ lines, ...rest }) => ({
      ...rest,
      lines: lines.map(quotedLine),
    })),
    signature: result.signature,
    steps: result.steps,
    ...(result.truncated ? { truncated: true } : {}),
  };
}

/** The step that failed the job: the first to report a failure, else the first with an error. */
function failingStep(collector: Collector): number | undefined {
  const first = (steps: Iterable<number>) => Math.min(...steps);
  if (collector.failures.size > 0) return first(collector.failures.keys());
  if (collector.annotated.size > 0) return first(collector.annotated);
  return collector.steps.all.length === 1 ? 0 : undefined;
}

/**
 * The step the caller named: the same name, else the same command after `Run `, else one name
 * starting with the other; among several, one that failed.
 */
function findStep(records: readonly StepRecord[], name: string): number | undefined {
  const norm = (s: string) => s.toLowerCase().replace(/\s+/g, " ").trim();
  const bare = (s: string) => norm(s).replace(/^run /, "");
  const wanted = bare(name);
  const tests: ReadonlyArray<(r: StepRecord) => boolean> = [
    (r) => norm(r.name) === norm(name),
    (r) => bare(r.name) === wanted,
    (r) => {
      const have = bare(r.name);
      return (
        Math.min(have.length, wanted.length) >= 4 &&
        (have.startsWith(wanted) || wanted.startsWith(have))
      );
    },
  ];
  for (const test of tests) {
    const found = records.filter(test);
    const pick = found.find((r) => r.failed) ?? found[0];
    if (pick) return pick.index;
  }
  return undefined;
}
