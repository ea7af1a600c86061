import { join } from "node:path";
import { parseGitattributes } from "../coverage/gitattributes.js";
import { CoverageLedger, type HunkRef } from "../coverage/ledger.js";
import { coverageJson } from "../coverage/render.js";
import { decideFiles } from "../coverage/rules.js";
import type { CoverageSummary } from "../outcome/outcome.js";
import { git } from "../workspace/git.js";
import { buildHunkIndex, type HunkIndex } from "../workspace/hunk-index.js";

/** The diff under review, indexed once, and the ledger of what models have read of it. */
export interface DiffReview {
  index: HunkIndex;
  ledger: CoverageLedger;
  /** Hunks put on a page by a tool since the last model request, waiting to be sent. */
  tracker: CoverageTracker;
}

/**
 * Indexes the pull request's diff in the run folder and decides which files the rules leave out.
 * The rules come from the inputs and the base commit's `.gitattributes`, never from the head:
 * a pull request must not exclude itself from review.
 */
export async function openDiffReview(opts: {
  root: string;
  /** The diff's old side: the merge base, or the last reviewed head for a re-review. */
  from: string;
  /** The pull request's merge base: where the rules' `.gitattributes` are read. */
  mergeBase: string;
  head: string;
  /** For a diff other than the pull request's own: the paths the pull request changes. */
  pullRequestPaths?: ReadonlySet<string>;
  /** The diff `from`..`head` indexed already; otherwise it is indexed into `runDir`. */
  index?: HunkIndex;
  runDir: string;
  includePaths: readonly string[];
  excludePaths: readonly string[];
  maxFileBytes: number;
  signal: AbortSignal;
}): Promise<DiffReview> {
  const [index, attributes] = await Promise.all([
    opts.index ??
      buildHunkIndex({
        root: opts.root,
        from: opts.from,
        to: opts.head,
        runDir: join(opts.runDir, "review"),
        maxFileBytes: opts.maxFileBytes,
        signal: opts.signal,
      }),
    git(opts.root, ["show", `${opts.mergeBase}:.gitattributes`], {
      allowFail: true,
      signal: opts.signal,
    }),
  ]);
  const { decisions } = decideFiles(index.files, {
    includePaths: opts.includePaths,
    excludePaths: opts.excludePaths,
    maxFileBytes: opts.maxFileBytes,
    attributes: parseGitattributes(attributes ?? ""),
    ...(opts.pullRequestPaths ? { pullRequestPaths: opts.pullRequestPaths } : {}),
  });
  const ledger = new CoverageLedger(index.files, decisions);
  return { index, ledger, tracker: new CoverageTracker(ledger) };
}

/**
 * Connects what tools put on a page with the model requests that carry it: pages read since the
 * last request are sent with the next one, and count as examined only if it is answered.
 */
export class CoverageTracker {
  private waiting: HunkRef[] = [];
  private seq = 0;

  constructor(private readonly ledger: CoverageLedger) {}

  /** A tool result carried these hunks (whole, or one part of one). */
  carried(refs: readonly HunkRef[]): void {
    this.waiting.push(...refs);
  }

  /** A model request is about to carry everything read since the last one; returns its id. */
  sending(): string {
    const id = `loop-${++this.seq}`;
    this.ledger.markSent(this.waiting, id);
    this.waiting = [];
    return id;
  }

  answered(id: string): void {
    this.ledger.markExamined(id);
  }

  failed(id: string): void {
    this.ledger.markFailed(id);
  }
}

/** The ledger as the outcome carries it. */
export function coverageSummary(
  ledger: CoverageLedger,
  reason?: string,
  since?: string,
): CoverageSummary {
  const report = ledger.report();
  const json = coverageJson(report, { ...(reason ? { reason } : {}), ...(since ? { since } : {}) });
  const { hunks } = report;
  return {
    line: json.line,
    complete: report.complete,
    hunks: {
      total: hunks.total,
      examined: hunks.examined,
      excluded: hunks.excluded,
      notReached: hunks.notReached,
    },
    report: json,
  };
}
