// A job's best candidates as evidence: quoted with a few lines of context, linked to the lines of
// the job's log page, with the repository file and line the log names near them.
import { createReadStream } from "node:fs";
import type { WorkflowStepInfo } from "../github/port.js";
import type { TriageEvidence } from "../outcome/outcome.js";
import { cleanLine } from "./clean-line.js";
import type { TriageResult, TriageStep } from "./index.js";
import { locationIn } from "./annotations.js";
import { originalLine, type SavedLog } from "./log-file.js";

/** Candidates kept per job, and how much of each is quoted. */
const EVIDENCE_PER_JOB = 5;
const LINES_PER_EVIDENCE = 12;
/** Lines after a candidate quoted with it: the expected and received values after an assertion. */
const CONTEXT_AFTER = 4;
/** Lines after a candidate searched for the file and line it is about (a stack's first frame). */
const LOCATION_AFTER = 15;
const CHARS_PER_LINE = 300;

/** The evidence of one job's triage, read from its saved log in one pass. */
export async function quoteEvidence(
  result: TriageResult,
  log: SavedLog,
  job: {
    jobUrl: string;
    steps: readonly WorkflowStepInfo[];
    failedStep: WorkflowStepInfo | undefined;
  },
): Promise<TriageEvidence[]> {
  const where = (line: number) => stepOf(result.steps, line);
  const top = result.candidates.slice(0, EVIDENCE_PER_JOB);
  const spans = top.map((c) => {
    const stepEnd = where(c.start_line)?.end_line ?? c.end_line;
    const last = Math.min(
      c.start_line + LINES_PER_EVIDENCE - 1,
      Math.max(c.end_line, Math.min(stepEnd, c.end_line + CONTEXT_AFTER)),
    );
    return [
      c.start_line,
      log.cut && c.start_line <= log.cut.afterLine ? Math.min(last, log.cut.afterLine) : last,
    ] as const;
  });
  const windows = top.map((c) => {
    const stepEnd = where(c.start_line)?.end_line ?? c.end_line;
    return [
      c.start_line,
      Math.max(c.end_line, Math.min(stepEnd, c.end_line + LOCATION_AFTER)),
    ] as const;
  });
  const text = await readLines(log.path, [...spans, ...windows]);
  return top.flatMap((c, i) => {
    const start = originalLine(c.start_line, log.cut);
    const end = originalLine(c.end_line, log.cut);
    if (start === undefined || end === undefined) return [];
    const [from, to] = spans[i]!;
    const lines: string[] = [];
    for (let n = from; n <= to; n++) lines.push((text.get(n) ?? "").slice(0, CHARS_PER_LINE));
    let location: TriageEvidence["location"];
    for (let n = c.start_line; n <= windows[i]![1] && !location; n++)
      location = locationIn(text.get(n) ?? "");
    const evidence: TriageEvidence = {
      startLine: start,
      endLine: end,
      step: c.step,
      kind: c.kind,
      lines,
      url: lineUrl(job.jobUrl, job.steps, where(c.start_line), job.failedStep, start, log),
      ...(location ? { location } : {}),
    };
    return [evidence];
  });
}

/** The job's page at a line of one step (`#step:4:17`), or the page itself when the step is not known. */
export function lineUrl(
  jobUrl: string,
  apiSteps: readonly WorkflowStepInfo[],
  logStep: TriageStep | undefined,
  failedStep: WorkflowStepInfo | undefined,
  line: number,
  log: SavedLog,
): string {
  if (!logStep) return jobUrl;
  const number =
    apiSteps.find((s) => sameStep(s.name, logStep.name))?.number ??
    (logStep.failed ? failedStep?.number : undefined);
  const start = originalLine(logStep.start_line, log.cut);
  if (number === undefined || start === undefined) return jobUrl;
  return `${jobUrl}#step:${number}:${Math.max(1, line - start + 1)}`;
}

/** The lines of `spans` (inclusive, 1-based, split on `\n` only) of a file, cleaned; one pass. */
async function readLines(
  path: string,
  spans: ReadonlyArray<readonly [number, number]>,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  const last = Math.max(0, ...spans.map(([, to]) => to));
  const wanted = (n: number) => spans.some(([from, to]) => from <= n && n <= to);
  let n = 1;
  let partial: Buffer[] = [];
  const stream = createReadStream(path);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let at = 0;
    for (let nl = chunk.indexOf(0x0a); nl >= 0 && n <= last; nl = chunk.indexOf(0x0a, at)) {
      if (wanted(n))
        found.set(
          n,
          cleanLine(Buffer.concat([...partial, chunk.subarray(at, nl)]).toString("utf8")),
        );
      partial = [];
      at = nl + 1;
      n++;
    }
    if (n > last) break;
    // Only the start of a wanted line is kept across chunks: it is quoted cut short anyway.
    if (wanted(n) && partial.reduce((sum, b) => sum + b.length, 0) < 4096)
      partial.push(chunk.subarray(at, at + 4096));
  }
  if (n <= last && wanted(n) && partial.length > 0)
    found.set(n, cleanLine(Buffer.concat(partial).toString("utf8")));
  stream.destroy();
  return found;
}

/** The step a line of the saved log belongs to. */
export function stepOf(steps: readonly TriageStep[], line: number): TriageStep | undefined {
  return steps.find((s) => s.start_line <= line && line <= s.end_line);
}

/** The API names a `run:` step without a name as its log does (`Run npm test`); some omit `Run `. */
export function sameStep(a: string, b: string): boolean {
  const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, " ");
  const bare = (s: string) => norm(s).replace(/^run /, "");
  return norm(a) === norm(b) || bare(a) === bare(b);
}
