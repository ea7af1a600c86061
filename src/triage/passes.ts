// How a pass is known. The triage runs only on failures, so nothing records a pass when it happens;
// instead, when a signature fails again, its earlier failures are looked up in the Actions API:
// a run whose latest attempt passed after a failed one passed on a re-run of the same commit, and
// a commit of the default branch where the same workflow has a successful run passed and failed
// without a change of code. What is found is written on the failure's row, so it is asked once.
import type { ActionsPort } from "../github/port.js";
import type { FoundPass, HistoryRow } from "./history.js";

/** Requests one triage may spend looking for passes. */
export const PASS_LOOKUPS = 10;

export interface PassQuery {
  github: Pick<ActionsPort, "getWorkflowRun" | "listWorkflowRuns">;
  /** The repository's default branch; without it only re-runs are looked at. */
  defaultBranch: string | undefined;
  signal: AbortSignal;
}

export interface PassesFound {
  passes: FoundPass[];
  lookups: number;
  errors: number;
}

/**
 * Passes of the commits of `rows` (earlier failures of the run's signatures) and of the current
 * failure `current` (a row being added), newest failures first, within `PASS_LOOKUPS` requests.
 */
export async function findPasses(
  query: PassQuery,
  rows: readonly HistoryRow[],
  current: readonly HistoryRow[],
): Promise<PassesFound> {
  const found: PassesFound = { passes: [], lookups: 0, errors: 0 };
  const open = [...rows]
    .filter((r) => !r.passed)
    .sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  const thisRun = current[0]?.run;
  const ask = async <T>(call: () => Promise<T>): Promise<T | undefined> => {
    if (found.lookups >= PASS_LOOKUPS || query.signal.aborted) return undefined;
    found.lookups++;
    try {
      return await call();
    } catch {
      // A run deleted since, or a moment's refusal: that failure stays unresolved this time.
      found.errors++;
      return undefined;
    }
  };

  // A re-run of an earlier run: its latest attempt passed after the attempts remembered.
  const runs = new Map<number, number>();
  for (const r of open)
    if (r.run !== thisRun) runs.set(r.run, Math.max(runs.get(r.run) ?? 0, r.attempt));
  for (const [id, attempt] of runs) {
    const run = await ask(() => query.github.getWorkflowRun(id));
    if (run && run.attempt > attempt && run.conclusion === "success")
      found.passes.push({
        how: "rerun",
        run: id,
        attempt: run.attempt,
        sha: run.headSha,
        path: run.path,
      });
  }

  // The default branch: the same workflow passed at a commit where it failed.
  const branch = query.defaultBranch;
  if (branch === undefined) return found;
  const commits = new Map<string, HistoryRow>();
  for (const r of [...current, ...open]) {
    const key = `${r.path}@${r.sha}`;
    const cleared = found.passes.some((p) => p.run === r.run);
    if (r.on_default && !cleared && !commits.has(key)) commits.set(key, r);
  }
  for (const r of commits.values()) {
    const runs = await ask(() =>
      query.github.listWorkflowRuns({
        workflow: workflowOf(r),
        branch,
        status: "success",
        headSha: r.sha,
        perPage: 5,
      }),
    );
    const green = runs?.find((g) => g.headSha === r.sha && g.id !== r.run);
    if (green)
      found.passes.push({
        how: "commit",
        run: green.id,
        attempt: green.attempt,
        sha: r.sha,
        path: r.path,
      });
  }
  return found;
}

/** The workflow as the runs listing names it: its file, else (a dynamic workflow) its id. */
export function workflowOf(r: { path: string; workflow_id: number }): string | number {
  return /^\.github\/workflows\/([^/]+)$/.exec(r.path)?.[1] ?? r.workflow_id;
}
