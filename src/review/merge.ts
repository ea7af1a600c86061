// The last step of a review at any size: every finding placed on the diff or kept as "not
// anchored", and one summary, written by the RLM root over the child reviewers' findings or, when
// the root cannot, by the host. The root only writes words: it cannot add or drop coverage.
import type { Finding, Review, UnplacedFinding } from "../outcome/review.js";
import { noUsage, type UsageTotal } from "../model/usage.js";
import { capOf } from "../model/output-cap.js";
import { budgetedModel } from "../diff-review/budget.js";
import { dedupeFindings, toFinding } from "./findings.js";
import type { MapResult } from "./map.js";
import { runRlm, RlmSetupError, RlmUnconfinedError } from "../rlm/engine.js";
import { describeError } from "../model/retry.js";
import { placeFindings } from "./anchor.js";
import type { HunkIndex } from "../workspace/hunk-index.js";
import type { CoverageSummary } from "../outcome/outcome.js";
import {
  becauseOf,
  shortSummary,
  unansweredSummary,
  type ShortfallCause,
} from "./partial-summary.js";
import type { ReviewPorts } from "./ports.js";
import { mergeQuestion, type ChildPromptFacts, type ScaledReview } from "./scale.js";

/** Root turns of the merge: it groups and summarises, it does not read the diff again. */
const MERGE_ITERATIONS = 6;

export interface MergedReview {
  review: Review;
  /** Findings whose path and line no hunk of the diff shows. */
  unanchored: UnplacedFinding[];
  /** The root's usage, when it ran. */
  usage: UsageTotal;
  /** Model requests the root made: its turns and its own child calls. */
  requests: number;
  /** Who wrote the summary, and why not the root when it could not. */
  summaryBy: "root" | "host" | "loop";
  note: string | undefined;
}

/** Splits findings into those a hunk shows (checked by `placeFindings`) and the rest. */
export async function anchorFindings(
  index: HunkIndex,
  findings: readonly Finding[],
): Promise<{ anchored: Finding[]; unanchored: UnplacedFinding[] }> {
  const { placed, unplaced } = await placeFindings(index, findings);
  return { anchored: placed, unanchored: unplaced };
}

const asFinding = toFinding;

/**
 * The review of the tool loop, with whatever the host's map added after it: the loop's summary
 * stays, and a host-written line says what the child reviewers covered.
 */
export async function mergeAfterLoop(
  scaled: ScaledReview,
  loop: Review | undefined,
  map: MapResult | undefined,
): Promise<MergedReview> {
  const mapped = dedupeFindings(map?.findings ?? []).map(asFinding);
  const { anchored, unanchored } = await anchorFindings(scaled.anchor, [
    ...(loop?.findings ?? []),
    ...mapped,
  ]);
  const parts = [loop?.summary ?? ""];
  if (map && map.batches > 0)
    parts.push(
      `The conversation ended before it had read every hunk; ${map.batches} child review${map.batches === 1 ? "" : "s"} of the rest found ${mapped.length} more finding${mapped.length === 1 ? "" : "s"}.`,
    );
  const summary = parts.filter(Boolean).join("\n\n");
  return {
    review: {
      summary: summary || hostSummary(anchored.length + unanchored.length),
      findings: anchored,
    },
    unanchored,
    usage: noUsage(),
    requests: 0,
    summaryBy: "loop",
    note: undefined,
  };
}

/**
 * The RLM path's reduce: the root model reads every child finding in its REPL and writes the
 * summary. A root that fails, runs out of turns or cannot start leaves the host's summary; the
 * findings and the coverage are the host's either way.
 */
export async function mergeWithRoot(
  ports: ReviewPorts,
  scaled: ScaledReview,
  map: MapResult,
  coverageLine: string,
  facts: ChildPromptFacts,
): Promise<MergedReview> {
  const findings = dedupeFindings(map.findings);
  const { anchored, unanchored } = await anchorFindings(scaled.anchor, findings.map(asFinding));
  const base = { unanchored, review: { summary: "", findings: anchored } };
  const { settings } = ports;
  // The root needs room for a few turns; below that the host's summary is the honest answer.
  const cap = ports.outputCap;
  const needed = MERGE_ITERATIONS * (capOf(cap) + 4_000);
  if (scaled.budget.left < needed || ports.signal.aborted) {
    const why = ports.signal.aborted
      ? "the run was stopped"
      : "too little of the token budget was left";
    return hostMerged(base, findings.length, `the summary was written by Rivumi itself: ${why}`);
  }
  const root = budgetedModel(await ports.model(), scaled.budget, cap);
  const child = budgetedModel(await ports.model(settings.childModel), scaled.budget, cap);
  const input = JSON.stringify({
    coverage: coverageLine,
    findings: findings.map((f) => ({ ...f, severity: f.severity })),
    files: scaled.review.index.files.map((f) => ({
      path: f.path,
      status: f.status,
      hunks: f.hunks.length,
    })),
  });
  try {
    const result = await runRlm({
      input: { text: input },
      question: mergeQuestion(facts),
      model: root,
      childModel: child,
      journal: ports.journal,
      signal: ports.signal,
      maxIterations: MERGE_ITERATIONS,
      maxTokens: Math.max(1, Math.min(scaled.budget.left, 1_000_000)),
      sandbox: settings.rlmSandbox,
    });
    const usage = result.usage;
    const requests = result.iterations + result.childCalls;
    if (!result.finalized || result.answer.trim() === "")
      return {
        ...hostMerged(
          base,
          findings.length,
          `the summary was written by Rivumi itself: the RLM root ended without an answer (${result.stop})`,
        ),
        usage,
        requests,
      };
    return {
      ...base,
      review: { ...base.review, summary: result.answer.trim() },
      usage,
      requests,
      summaryBy: "root",
      note: undefined,
    };
  } catch (error) {
    // An unconfined REPL ran nothing: its message says why, and the summary stays the host's.
    const why =
      error instanceof RlmUnconfinedError
        ? error.message
        : error instanceof RlmSetupError
          ? `the RLM engine could not start (${error.message})`
          : `the RLM root failed (${describeError(error).message})`;
    return hostMerged(base, findings.length, `the summary was written by Rivumi itself: ${why}`);
  }
}

function hostMerged(
  base: Omit<MergedReview, "usage" | "requests" | "summaryBy" | "note">,
  total: number,
  note: string,
): MergedReview {
  return {
    ...base,
    review: { ...base.review, summary: hostSummary(total, base.review.findings) },
    usage: noUsage(),
    requests: 0,
    summaryBy: "host",
    note,
  };
}

/**
 * The summary a reader can act on. When the ledger shows hunks no model examined, or the loop
 * never gave its answer and no child reviewer ran, no model's words and no host line that reads
 * as a verdict stand: the host says how much was examined and why not the rest.
 */
export function honestReview(
  merged: MergedReview,
  at: { coverage: CoverageSummary; cause: ShortfallCause; answered: boolean },
): Review {
  const { hunks } = at.coverage;
  const total = hunks.total - hunks.excluded;
  const counts = {
    because: becauseOf(at.cause),
    findings: merged.review.findings,
    unanchored: merged.unanchored.length,
  };
  if (hunks.examined < total)
    return {
      ...merged.review,
      summary: shortSummary({ ...counts, examined: hunks.examined, total }),
    };
  if (!at.answered) return { ...merged.review, summary: unansweredSummary({ ...counts, total }) };
  return merged.review;
}

const SEVERITIES = ["critical", "major", "minor", "nit"] as const;

/** A plain count of what the child reviewers found, for when no model wrote a summary. */
function hostSummary(total: number, findings: readonly Finding[] = []): string {
  if (total === 0) return "The child reviewers found no problems in the hunks they examined.";
  const bySeverity = SEVERITIES.map((s) => [s, findings.filter((f) => f.severity === s).length])
    .filter(([, n]) => n !== 0)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ");
  return `The child reviewers reported ${total} finding${total === 1 ? "" : "s"}${bySeverity ? ` (${bySeverity} on the diff's lines)` : ""}.`;
}
