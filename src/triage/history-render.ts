// The triage's history in its comment: the line it leads with (known flaky, seen before, or new),
// the earlier run on the default branch, or why there is no history. Branch names and forks come
// from runs, a fork's among them: each is a code span it cannot close.
import type {
  TriageHistory,
  TriageReport,
  TriageSeen,
  TriageSignatureHistory,
} from "../outcome/outcome.js";
import { code, plain } from "./publish-text.js";

/** Branches named in the lead line; the others are counted. */
const BRANCHES_NAMED = 5;
/** A difference from the last green run this short goes before the evidence of a new failure. */
export const SHORT_DIFF = 10;

const times = (n: number) => (n === 1 ? "once" : `${n} times`);
const day = (iso: string) => iso.slice(0, 10);

/** The lines the triage leads with: the first failed job's history, or why there is none. */
export function historyLead(report: TriageReport): string[] {
  const history = report.history;
  if (!history) return [];
  if (!history.recorded)
    return [`_No failure history in ${code(history.source)}: ${plain(history.reason)}._`];
  const first = history.signatures.find((s) => s.signature === report.jobs[0]?.signature);
  return first ? [statement(first, history)] : [];
}

/** The history of a failed job that is not the first one, for its own section. */
export function historyOf(report: TriageReport, signature: string): string | undefined {
  const history = report.history;
  if (!history?.recorded || signature === report.jobs[0]?.signature) return undefined;
  const found = history.signatures.find((s) => s.signature === signature);
  return found ? statement(found, history) : undefined;
}

/** Whether a job's short difference from the last green run goes first: the failure is new here. */
export function diffFirst(report: TriageReport): boolean {
  const history = report.history;
  return history?.recorded === true && history.baseGreen !== undefined;
}

function statement(
  s: TriageSignatureHistory,
  history: Extract<TriageHistory, { recorded: true }>,
): string {
  const inWindow = `failed ${times(s.failures)} in ${s.days} days`;
  const onDefault = (seen: TriageSeen | undefined) =>
    seen
      ? ` Also failed on ${code(seen.branch)}: [run ${seen.run}](${seen.url}) on ${day(seen.at)}.`
      : "";
  if (s.flaky) {
    const passes = [
      ...(s.passedOnRerun > 0 ? [`passed on re-run ${times(s.passedOnRerun)}`] : []),
      ...(s.passedOnDefault > 0
        ? [
            `passed on ${code(history.defaultBranch ?? "the default branch")} without a code change ${times(s.passedOnDefault)}`,
          ]
        : []),
    ];
    return `**Known flaky** (${[inWindow, ...passes].join(", ")}) · ${firstSeen(s)} · ${branches(s)}.${onDefault(s.lastOnDefault)}`;
  }
  if (s.isNew) {
    // New means no run outside this pull request had it, so where it was first seen is here.
    const where =
      s.firstSeen.pulls.length > 0 ? "this pull request" : code(branchName(s.firstSeen));
    const count = s.failures > 1 ? ` (${inWindow})` : "";
    const green = history.baseGreen
      ? ` The last run of this workflow on ${code(history.baseGreen.branch)} passed ([run ${history.baseGreen.run}](${history.baseGreen.url})).`
      : "";
    return `**New failure**, first seen on ${where}${count}.${green}`;
  }
  return `**Seen before** (${inWindow}) · ${firstSeen(s)} · ${branches(s)}.${onDefault(s.lastOnDefault)}`;
}

function firstSeen(s: TriageSignatureHistory): string {
  const seen = s.firstSeen;
  return `first seen ${day(seen.at)} on ${code(branchName(seen))} ([run ${seen.run}](${seen.url}))`;
}

function branches(s: TriageSignatureHistory): string {
  const named = s.branches.slice(0, BRANCHES_NAMED).map((b) => code(branchName(b)));
  const more = s.branches.length - named.length;
  const label = s.branches.length === 1 ? "branch" : "branches";
  return `${label} ${named.join(", ")}${more > 0 ? ` and ${more} more` : ""}`;
}

/** A fork's branch with the fork's owner before it, as GitHub shows a pull request's head. */
function branchName(b: { name?: string; branch?: string; fork: string | undefined }): string {
  const name = b.name ?? b.branch ?? "";
  return b.fork ? `${b.fork.split("/")[0]}:${name}` : name;
}
