/**
 * The triage's memory of failures: one JSON line per failed job of a triaged run attempt, kept 30
 * days, in a file of the memory branch of its own (never the memory prompts read). Pure: the text
 * in, the text to write out; the store and the Actions API are the caller's.
 */

import { fixAttemptOf } from "./fix-attempts.js";

export const HISTORY_VERSION = 1;
export const HISTORY_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** How a failure was seen to pass without a change of code. */
export interface HistoryPass {
  /** `rerun`: a later attempt of the same run passed; `commit`: another run of the same commit. */
  how: "rerun" | "commit";
  run: number;
  attempt: number;
}

/** One failed job of one run attempt. Every string in it came from a run: untrusted. */
export interface HistoryRow {
  v: 1;
  signature: string;
  /** When it was triaged (ISO 8601). */
  at: string;
  workflow: string;
  /** The workflow file (`.github/workflows/ci.yml`); empty for a workflow without one. */
  path: string;
  workflow_id: number;
  job: string;
  job_id: number;
  run: number;
  attempt: number;
  branch: string;
  sha: string;
  event: string;
  /** `owner/repo` of a fork's head; absent for this repository's own branches. */
  fork?: string;
  /** On the repository's default branch, from this repository (not a fork's branch of that name). */
  on_default: boolean;
  pulls: number[];
  /** Set once the same commit was seen passing. */
  passed?: HistoryPass;
}

/** A pass found in the Actions API, to be marked on the failures it clears. */
export type FoundPass = HistoryPass & { sha: string; path: string };

/** The valid rows of the file, and how many lines were not rows. */
export function parseHistory(text: string): { rows: HistoryRow[]; skipped: number } {
  const rows: HistoryRow[] = [];
  let skipped = 0;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const row = rowOf(line);
    if (row) rows.push(row);
    // A fix's attempt (`fix-attempts.ts`) shares the file; it is not a failure.
    else if (!fixAttemptOf(line)) skipped++;
  }
  return { rows, skipped };
}

/** One line of the file, fields in a fixed order. */
export function serializeHistoryRow(row: HistoryRow): string {
  const { v, signature, at, workflow, path, workflow_id, job, job_id, run, attempt } = row;
  const ordered = {
    ...{ v, signature, at, workflow, path, workflow_id, job, job_id, run, attempt },
    ...{ branch: row.branch, sha: row.sha, event: row.event },
    ...(row.fork !== undefined ? { fork: row.fork } : {}),
    ...{ on_default: row.on_default, pulls: row.pulls },
    ...(row.passed ? { passed: row.passed } : {}),
  };
  // U+2028/U+2029 escaped too, so that no reader sees two lines in one.
  return JSON.stringify(ordered)
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** The dedup key: a failed job of a run attempt is remembered once, however often it is triaged. */
export const rowKey = (r: Pick<HistoryRow, "run" | "attempt" | "job_id">) =>
  `${r.run}/${r.attempt}/${r.job_id}`;

/**
 * The file with `add` remembered, `passes` marked on the failures they clear and rows older than
 * 30 days left out; undefined when nothing changes. A line of a later version is kept as it is;
 * a line that is no row is dropped.
 */
export function mergeHistory(
  text: string,
  change: { add: readonly HistoryRow[]; passes: readonly FoundPass[]; now: Date },
): string | undefined {
  const oldest = change.now.getTime() - HISTORY_DAYS * DAY_MS;
  const out: string[] = [];
  const keys = new Set<string>();
  let changed = false;
  for (const line of text.split("\n")) {
    if (line.trim() === "") continue;
    const row = rowOf(line);
    if (!row) {
      const attempt = fixAttemptOf(line);
      if (attempt && Date.parse(attempt.at) >= oldest) out.push(line);
      else if (!attempt && laterVersion(line)) out.push(line);
      else changed = true;
      continue;
    }
    if (Date.parse(row.at) < oldest) {
      changed = true;
      continue;
    }
    keys.add(rowKey(row));
    const passed = row.passed ?? change.passes.find((p) => clears(p, row));
    if (passed && !row.passed) {
      out.push(serializeHistoryRow({ ...row, passed: passOnly(passed) }));
      changed = true;
    } else out.push(line);
  }
  for (const row of change.add) {
    if (keys.has(rowKey(row))) continue;
    keys.add(rowKey(row));
    const passed = change.passes.find((p) => clears(p, row));
    out.push(serializeHistoryRow(passed ? { ...row, passed: passOnly(passed) } : row));
    changed = true;
  }
  return changed ? out.map((l) => `${l}\n`).join("") : undefined;
}

/** A re-run's pass clears the run's earlier attempts; a commit's, that commit's failures on the default branch. */
export function clears(pass: FoundPass, row: HistoryRow): boolean {
  if (pass.how === "rerun") return row.run === pass.run && row.attempt < pass.attempt;
  return row.on_default && row.sha === pass.sha && row.path === pass.path && row.run !== pass.run;
}

const passOnly = ({ how, run, attempt }: HistoryPass): HistoryPass => ({ how, run, attempt });

function laterVersion(line: string): boolean {
  try {
    const v = (JSON.parse(line) as { v?: unknown } | null)?.v;
    return typeof v === "number" && v > HISTORY_VERSION;
  } catch {
    return false;
  }
}

const isInt = (x: unknown): x is number => Number.isSafeInteger(x) && (x as number) >= 0;
const isText = (x: unknown, max = 500): x is string => typeof x === "string" && x.length <= max;

function rowOf(line: string): HistoryRow | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const r = value as Record<string, unknown>;
  const valid =
    r.v === HISTORY_VERSION &&
    isText(r.signature, 64) &&
    /^[0-9a-f]{8,64}$/.test(r.signature) &&
    isText(r.at, 40) &&
    !Number.isNaN(Date.parse(r.at)) &&
    [r.workflow, r.path, r.job, r.branch, r.event].every((s) => isText(s)) &&
    [r.workflow_id, r.job_id, r.run, r.attempt].every(isInt) &&
    isText(r.sha, 64) &&
    /^[0-9a-f]{7,64}$/i.test(r.sha) &&
    (r.fork === undefined || isText(r.fork)) &&
    typeof r.on_default === "boolean" &&
    Array.isArray(r.pulls) &&
    r.pulls.every(isInt) &&
    (r.passed === undefined || passOf(r.passed) !== undefined);
  return valid ? (r as unknown as HistoryRow) : undefined;
}

function passOf(x: unknown): HistoryPass | undefined {
  if (typeof x !== "object" || x === null) return undefined;
  const p = x as Record<string, unknown>;
  return (p.how === "rerun" || p.how === "commit") && isInt(p.run) && isInt(p.attempt)
    ? (p as unknown as HistoryPass)
    : undefined;
}
