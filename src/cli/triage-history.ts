// `rivumi triage --history`: the failures the action remembered, read from the local clone's copy
// of the memory branch (after `git fetch`); no network of its own. Every string in the history came
// from a run, a fork's among them: control and hidden characters are shown as markers.
import { TRIAGE_HISTORY_FILE } from "../memory-store/branch-file.js";
import { HISTORY_DAYS, parseHistory, type HistoryRow } from "../triage/history.js";
import { summariseHistory, type SignatureHistory } from "../triage/history-summary.js";
import { revealInvisible } from "../util/invisible.js";
import { git } from "../workspace/git.js";
import { notARepository } from "./paths.js";
import { UsageError } from "./usage-error.js";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface HistoryQuery {
  /** A folder of the clone. */
  repo: string;
  /** The memory branch (`memory-branch`). */
  branch: string;
  /** Only this signature (or the signatures starting with it). */
  signature?: string;
  now: Date;
}

export interface LocalHistory {
  /** The ref and file read: `origin/rivumi-memory:triage-history.jsonl`. */
  source: string;
  rows: number;
  skipped: number;
  signatures: Array<
    SignatureHistory & { lastSeen: HistoryRow; workflows: string[]; jobs: string[] }
  >;
}

/** Reads the history from the clone: the remote-tracking branch, else a local one of that name. */
export async function readLocalHistory(query: HistoryQuery): Promise<LocalHistory> {
  const root = await git(query.repo, ["rev-parse", "--show-toplevel"], { allowFail: true });
  if (!root) throw notARepository(query.repo);
  const refs = [`refs/remotes/origin/${query.branch}`, `refs/heads/${query.branch}`];
  let ref: string | undefined;
  for (const candidate of refs) {
    const sha = await git(root, ["rev-parse", "--verify", "--quiet", `${candidate}^{commit}`], {
      allowFail: true,
    });
    if (sha) {
      ref = candidate;
      break;
    }
  }
  if (!ref) {
    throw new UsageError(
      `no branch ${query.branch} in this clone (looked for origin/${query.branch} and ${query.branch}); run \`git fetch origin ${query.branch}\` first, or name the memory branch with --branch`,
    );
  }
  const short = ref.replace(/^refs\/(remotes\/|heads\/)/, "");
  const source = `${short}:${TRIAGE_HISTORY_FILE}`;
  const text = await git(root, ["show", `${ref}:${TRIAGE_HISTORY_FILE}`], { allowFail: true });
  const parsed = parseHistory(text);
  const oldest = query.now.getTime() - HISTORY_DAYS * DAY_MS;
  const rows = parsed.rows.filter(
    (r) =>
      Date.parse(r.at) >= oldest &&
      (!query.signature || r.signature.startsWith(query.signature.toLowerCase())),
  );
  const bySignature = new Map<string, HistoryRow[]>();
  for (const r of rows) bySignature.set(r.signature, [...(bySignature.get(r.signature) ?? []), r]);
  // Nothing is "this run" here: every failure is an earlier one.
  const nobody = { run: -1, pulls: [] };
  const signatures = [...bySignature].map(([signature, mine]) => {
    const summary = summariseHistory(mine, signature, nobody)!;
    const lastSeen = mine.reduce((a, b) => (Date.parse(b.at) >= Date.parse(a.at) ? b : a));
    return {
      ...summary,
      lastSeen,
      workflows: [...new Set(mine.map((r) => r.workflow))],
      jobs: [...new Set(mine.map((r) => r.job))],
    };
  });
  signatures.sort((a, b) => Date.parse(b.lastSeen.at) - Date.parse(a.lastSeen.at));
  return { source, rows: rows.length, skipped: parsed.skipped, signatures };
}

/** The readable form: one block per signature, the most recently failed first. */
export function formatHistory(history: LocalHistory): string {
  const out = [
    `Failure history in ${history.source}: ${history.rows} failed jobs in the last ${HISTORY_DAYS} days` +
      (history.skipped === 1 ? " (1 line that is not a row skipped)" : "") +
      (history.skipped > 1 ? ` (${history.skipped} lines that are not rows skipped)` : ""),
  ];
  if (history.signatures.length === 0) out.push("", "No failure remembered.");
  for (const s of history.signatures) {
    const passes = [
      ...(s.passedOnRerun > 0 ? [`passed on re-run ${times(s.passedOnRerun)}`] : []),
      ...(s.passedOnDefault > 0
        ? [`passed on the default branch without a code change ${times(s.passedOnDefault)}`]
        : []),
    ];
    const state = s.flaky ? "known flaky" : s.failures > 1 ? "seen before" : "seen once";
    out.push(
      "",
      `${s.signature}  ${state}: failed ${times(s.failures)} in ${s.days} days${passes.length > 0 ? `, ${passes.join(", ")}` : ""}`,
      `  first seen ${seenText(s.firstSeen)}`,
      `  last seen  ${seenText(s.lastSeen)}`,
      `  branches   ${s.branches.map((b) => show(b.fork ? `${b.fork.split("/")[0]}:${b.name}` : b.name)).join(", ")}`,
      `  workflow   ${s.workflows.map(show).join(", ")} · job ${s.jobs.map(show).join(", ")}`,
    );
  }
  return out.join("\n");
}

const times = (n: number) => (n === 1 ? "once" : `${n} times`);

function seenText(r: {
  at: string;
  branch: string;
  fork?: string | undefined;
  run: number;
  attempt: number;
}): string {
  const branch = r.fork ? `${r.fork.split("/")[0]}:${r.branch}` : r.branch;
  return `${r.at.slice(0, 16).replace("T", " ")} on ${show(branch)} (run ${r.run} attempt ${r.attempt})`;
}

/** A name from a run, on one line, every hidden or control character shown as a marker. */
function show(text: string): string {
  return revealInvisible(text.replace(/\s+/g, " ")).text;
}
