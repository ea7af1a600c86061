// What the history says of one signature: how often and where it failed in the window, whether it
// is known flaky, and whether it is new to the run's pull request. Pure.
import { HISTORY_DAYS, type HistoryRow } from "./history.js";

/** A failure as the summary names it: where and when. */
export interface SeenFailure {
  at: string;
  run: number;
  attempt: number;
  branch: string;
  /** `owner/repo` of a fork's head. */
  fork: string | undefined;
  onDefault: boolean;
  pulls: number[];
}

export interface SignatureHistory {
  signature: string;
  days: number;
  /** Run attempts that failed with it in the window, this one included. */
  failures: number;
  firstSeen: SeenFailure;
  /** Where it failed, most recent first; a fork's branch carries the fork. */
  branches: Array<{ name: string; fork: string | undefined }>;
  /** Runs that failed with it and then passed on a re-run of the same commit. */
  passedOnRerun: number;
  /** Commits of the default branch where it failed and the same workflow also passed. */
  passedOnDefault: number;
  flaky: boolean;
  /** Only this run and runs of the same pull request have had it. */
  isNew: boolean;
  /** The latest failure with it on the default branch other than this run. */
  lastOnDefault: SeenFailure | undefined;
}

/** The run being triaged, to tell it from earlier ones. */
export interface CurrentRun {
  run: number;
  pulls: readonly number[];
}

/** The summary of `signature` from the rows stored; undefined when no row has it. */
export function summariseHistory(
  rows: readonly HistoryRow[],
  signature: string,
  current: CurrentRun,
): SignatureHistory | undefined {
  const mine = rows
    .filter((r) => r.signature === signature)
    .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.run - b.run || a.attempt - b.attempt);
  const first = mine[0];
  if (!first) return undefined;
  const attempts = new Set(mine.map((r) => `${r.run}/${r.attempt}`));
  const rerunPassed = new Set(mine.filter((r) => r.passed?.how === "rerun").map((r) => r.run));
  const commitPassed = new Set(
    mine.filter((r) => r.passed?.how === "commit").map((r) => `${r.path}@${r.sha}`),
  );
  const branches = new Map<string, { name: string; fork: string | undefined }>();
  for (const r of [...mine].reverse()) {
    const key = `${r.fork ?? ""}:${r.branch}`;
    if (!branches.has(key)) branches.set(key, { name: r.branch, fork: r.fork });
  }
  const others = mine.filter((r) => r.run !== current.run);
  const samePull = (r: HistoryRow) => r.pulls.some((p) => current.pulls.includes(p));
  const onDefault = others.filter((r) => r.on_default);
  const last = onDefault[onDefault.length - 1];
  return {
    signature,
    days: HISTORY_DAYS,
    failures: attempts.size,
    firstSeen: seen(first),
    branches: [...branches.values()],
    passedOnRerun: rerunPassed.size,
    passedOnDefault: commitPassed.size,
    flaky: rerunPassed.size + commitPassed.size > 0,
    isNew: others.every(samePull),
    lastOnDefault: last ? seen(last) : undefined,
  };
}

function seen(r: HistoryRow): SeenFailure {
  return {
    at: r.at,
    run: r.run,
    attempt: r.attempt,
    branch: r.branch,
    fork: r.fork,
    onDefault: r.on_default,
    pulls: r.pulls,
  };
}
