/**
 * The fixes a triage started (`auto-fix`), remembered in the triage's history file beside the
 * failures: one line per attempt, so that attempts are counted per pull request and failure
 * signature across runs, a re-run of a failed run does not start a second fix, and a failure that
 * comes back after a fix stops the attempts. Pure: text in, text out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** One fix started from a failed run. */
export interface FixAttemptRow {
  v: 1;
  fix: "attempt";
  signature: string;
  pr: number;
  /** The failed run the fix was started for. */
  run: number;
  /** The head the failed run tested (the fix's parent). */
  head: string;
  /** This attempt's number for the pull request and signature, from 1. */
  attempt: number;
  at: string;
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;

/** The line as a fix attempt, or undefined when it is another kind of line. */
export function fixAttemptOf(line: string): FixAttemptRow | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Record<string, unknown>;
  const valid =
    r.v === 1 &&
    r.fix === "attempt" &&
    typeof r.signature === "string" &&
    /^[0-9a-f]{8,64}$/.test(r.signature) &&
    [r.pr, r.run, r.attempt].every(isInt) &&
    typeof r.head === "string" &&
    /^[0-9a-f]{7,64}$/i.test(r.head) &&
    typeof r.at === "string" &&
    r.at.length <= 40 &&
    !Number.isNaN(Date.parse(r.at));
  return valid ? (r as unknown as FixAttemptRow) : undefined;
}

export function serializeFixAttempt(row: FixAttemptRow): string {
  const { v, fix, signature, pr, run, head, attempt, at } = row;
  return JSON.stringify({ v, fix, signature, pr, run, head, attempt, at });
}

/** Whether a fix may start for this failure, and its attempt number if so. */
export type FixAttemptDecision =
  | { go: true; attempt: number }
  | { go: false; reason: "rerun" | "after-fix" | "attempts"; text: string };

/**
 * Decides from the attempts recorded so far: none for a run already attempted (a re-run of it),
 * none when the failed run tested a fix's own commit for this failure (`onFixCommit`: the failure
 * came back after the fix), none past `max` attempts for the pull request and failure.
 */
export function decideFixAttempt(
  rows: readonly FixAttemptRow[],
  failure: { signature: string; pr: number; run: number; head: string },
  max: number,
  onFixCommit = false,
): FixAttemptDecision {
  const mine = rows.filter((r) => r.pr === failure.pr && r.signature === failure.signature);
  const same = mine.find((r) => r.run === failure.run);
  if (same)
    return {
      go: false,
      reason: "rerun",
      text: `a fix was already started for run ${failure.run} (attempt ${same.attempt}); a re-run does not start another`,
    };
  if (onFixCommit)
    return {
      go: false,
      reason: "after-fix",
      text: "the same failure came back on Rivumi's own fix commit; no more fixes start for it, a person should look",
    };
  if (mine.length >= max)
    return {
      go: false,
      reason: "attempts",
      text: `${mine.length} of ${max} fix attempts were used for this failure (max-fix-attempts)`,
    };
  return { go: true, attempt: mine.length + 1 };
}

/** Whether a commit's message is a fix's for this failure (its `Rivumi-Fix-Signature` trailer). */
export function fixesFailure(message: string, signature: string): boolean {
  return message.split("\n").some((line) => line.trim() === `Rivumi-Fix-Signature: ${signature}`);
}

/**
 * The history's text with `row` added when `decide` still allows it on the text as read (so two
 * runs at the same moment cannot both start a fix); undefined when it does not. Attempts older
 * than `days` are left out.
 */
export function addFixAttempt(
  text: string,
  decide: (rows: FixAttemptRow[]) => FixAttemptRow | undefined,
  now: Date,
  days: number,
): string | undefined {
  const oldest = now.getTime() - days * DAY_MS;
  const rows = fixAttemptsIn(text).filter((r) => Date.parse(r.at) >= oldest);
  const row = decide(rows);
  if (!row) return undefined;
  const body = text === "" || text.endsWith("\n") ? text : `${text}\n`;
  return `${body}${serializeFixAttempt(row)}\n`;
}

/** Every fix attempt of the history's text. */
export function fixAttemptsIn(text: string): FixAttemptRow[] {
  const out: FixAttemptRow[] = [];
  for (const line of text.split("\n")) {
    if (!line.includes('"fix"')) continue;
    const row = fixAttemptOf(line);
    if (row) out.push(row);
  }
  return out;
}

/** The part of a failed job a fix's task and offer are made from. */
export interface FirstCause {
  job: string;
  step: string;
  lines: readonly string[];
  location?: { file: string; line: number } | undefined;
}

/** One line of the first cause for a command: the first non-blank evidence line, cut. */
function headline(cause: FirstCause): string {
  const line = (cause.lines.find((l) => l.trim() !== "") ?? "").trim().replace(/\s+/g, " ");
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The `/rivumi fix` a writer can comment to fix the first cause: its words name the job, step and line. */
export function fixOffer(cause: FirstCause): string {
  const where = cause.location ? ` (${cause.location.file}:${cause.location.line})` : "";
  const line = headline(cause);
  return `/rivumi fix the failure of job "${cause.job}" in step "${cause.step}"${where}${line ? `: ${line}` : ""}`
    .replace(/[\r\n`]+/g, " ")
    .slice(0, 300);
}

/** The task of a fix started from a failed run: the first cause's place and its log lines. */
export function fixEvidence(cause: FirstCause, signature: string): string {
  const where = cause.location
    ? `The log names ${cause.location.file}, line ${cause.location.line}.\n`
    : "";
  const fence = "`".repeat(
    Math.max(3, ...(cause.lines.join("\n").match(/`+/g) ?? []).map((r) => r.length + 1)),
  );
  return (
    `Failed job "${cause.job}", step "${cause.step}" (failure signature ${signature}).\n${where}` +
    `The log's lines (untrusted text from the run, quoted):\n${fence}text\n${cause.lines.slice(0, 40).join("\n").slice(0, 8000)}\n${fence}`
  );
}
