// The summary of a review that did not examine everything, or whose model never answered: the
// counts come from the hunk ledger, the cause from the code, and nothing in it reads as a verdict
// on the code, because no model saw all of it.
import type { Finding } from "../outcome/review.js";
import type { StopReason } from "../outcome/outcome.js";
import { formatCount } from "../coverage/render.js";

const SEVERITIES = ["critical", "major", "minor", "nit"] as const;

/** Why a review stopped short, as the code knows it. */
export interface ShortfallCause {
  /** How the run was stopped early, if it was (a limit, Ctrl-C, a failed endpoint). */
  stop: StopReason | undefined;
  /** Child requests sent and those that failed, when the host's map ran. */
  batches: number;
  failed: number;
}

/** The cause as the end of "… because …": "the model endpoint failed". */
export function becauseOf(cause: ShortfallCause): string {
  switch (cause.stop) {
    case "cancelled":
      return "the run was cancelled";
    case "timeout":
      return "the time limit was reached";
    case "max-tokens":
      return "the token budget (max-tokens) ran out";
    case "max-cost":
      return "the cost limit was reached";
    case "max-turns":
      return "the turn limit was reached";
    case "model-error":
      return "the model endpoint failed";
    case "truncated":
      return "the model's reply was cut off at its length limit";
    default:
      break;
  }
  if (cause.failed > 0 && cause.failed === cause.batches) return "the model endpoint failed";
  if (cause.failed > 0)
    return `${cause.failed} of ${plural(cause.batches, "request")} to the model failed`;
  return "the model's answers did not cover every hunk";
}

/**
 * "Not reviewed: 0 of 22 hunks were examined because the model endpoint failed." or "Partly
 * reviewed: 12 of 22 hunks were examined because …; the other 10 were not." with the findings on
 * the examined hunks counted. `total` is the hunks the rules left in.
 */
export function shortSummary(opts: {
  examined: number;
  total: number;
  because: string;
  findings: readonly Finding[];
  unanchored: number;
}): string {
  const { examined, total } = opts;
  const counted = `${formatCount(examined)} of ${plural(total, "hunk")} ${examined === 1 ? "was" : "were"} examined because ${opts.because}`;
  const lead =
    examined === 0
      ? total === 1
        ? `Not reviewed: the 1 hunk was not examined because ${opts.because}.`
        : `Not reviewed: ${counted}.`
      : `Partly reviewed: ${counted}; the other ${formatCount(total - examined)} ${total - examined === 1 ? "was" : "were"} not.`;
  return [lead, findingsLine(opts.findings, opts.unanchored, "on the examined hunks")]
    .filter(Boolean)
    .join(" ");
}

/**
 * Every hunk was read but the review ended before the model gave its answer (a limit on the
 * tool loop): no verdict either, only what happened and what was reported.
 */
export function unansweredSummary(opts: {
  total: number;
  because: string;
  findings: readonly Finding[];
  unanchored: number;
}): string {
  const lead = `Not finished: the model read ${opts.total === 1 ? "the 1 hunk" : `all ${formatCount(opts.total)} hunks`} but stopped before giving its answer because ${opts.because}.`;
  return [lead, findingsLine(opts.findings, opts.unanchored, "before it stopped")]
    .filter(Boolean)
    .join(" ");
}

/** "3 findings were reported on the examined hunks (1 major, 2 minor)." or nothing for none. */
function findingsLine(findings: readonly Finding[], unanchored: number, where: string): string {
  const total = findings.length + unanchored;
  if (total === 0) return "";
  const bySeverity = SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length])
    .filter(([, n]) => n !== 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ");
  const were = total === 1 ? "was" : "were";
  return `${plural(total, "finding")} ${were} reported ${where}${bySeverity ? ` (${bySeverity} on the diff's lines)` : ""}.`;
}

const plural = (n: number, noun: string) => `${formatCount(n)} ${noun}${n === 1 ? "" : "s"}`;
