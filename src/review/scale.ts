// A pull request review at any size: the diff indexed once, a ledger of what models were sent,
// the tool loop for a diff that fits one conversation, and the host's map over child reviewers
// for everything else, so coverage never depends on what a model chose to read.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Settings } from "../config/settings.js";
import type { PromptContext, PromptSection } from "../prompt/section.js";
import { buildPrompt } from "../prompt/build.js";
import { instructionsSection } from "../prompt/sections/instructions.js";
import { memorySection } from "../prompt/sections/memory.js";
import { reviewChildSection } from "../prompt/sections/review-child.js";
import { reviewMergeSection } from "../prompt/sections/review-merge.js";
import { DEFAULT_RETRY } from "../model/retry.js";
import type { Usage } from "../model/port.js";
import { billedTokens } from "../model/usage.js";
import { costOf, tokensFor } from "../model/price.js";
import { TokenBudget } from "../diff-review/budget.js";
import { coverageSummary, openDiffReview, type DiffReview } from "../diff-review/diff-review.js";
import { mapHunks, type MapResult } from "./map.js";
import type { CoverageSummary, Progress } from "../outcome/outcome.js";
import type { HunkIndex } from "../workspace/hunk-index.js";
import type { ReviewScope } from "./scope.js";
import type { ReviewPorts, OpenWorkspace } from "./ports.js";
import { grouped } from "../util/grouped.js";

/** Characters of hunk text in one child request: about 20,000 tokens with the prompt around it. */
export const CHILD_BATCH_CHARS = 60_000;
/** The sticky comment's progress line is updated at most this often. */
export const PROGRESS_EVERY_MS = 15_000;

export interface ScaledReview {
  review: DiffReview;
  /**
   * The pull request's own diff (merge base to head), which findings are placed on: the same
   * index as `review.index` except in a re-review, where `review` holds only the new hunks.
   */
  anchor: HunkIndex;
  /** A re-review: the head the last review examined. */
  since: string | undefined;
  /** Every model request of the run reserves against this before it is sent. */
  budget: TokenBudget;
  /** The tool loop for a diff that fits one conversation; the host's map for a larger one. */
  route: "loop" | "rlm";
  /** Things the user should know about the diff itself (renames git gave up on). */
  notices: string[];
  dispose(): Promise<void>;
}

/**
 * The run's token budget: `max-tokens`, and with prices and `max-cost-usd` the tokens the cost
 * budget pays for at the dearer of the two prices, whichever is smaller. Reserving at the dearer
 * price can stop a little early; it can never overspend.
 */
export function runTokenLimit(settings: Settings): number {
  const { prices, maxCostUsd } = settings;
  if (!prices || maxCostUsd === undefined) return settings.maxTokens;
  const affordable = tokensFor(maxCostUsd, prices);
  return affordable === undefined ? settings.maxTokens : Math.min(settings.maxTokens, affordable);
}

/**
 * Indexes the diff in a folder of the run's own and decides the route by what the rules leave in.
 * A re-review indexes the new hunks for the models and the pull request's diff for placing.
 */
export async function indexForReview(
  ports: ReviewPorts,
  ws: OpenWorkspace,
  scope: ReviewScope = { kind: "full" },
): Promise<ScaledReview> {
  const { settings, journal, signal } = ports;
  const dir = await mkdtemp(join(tmpdir(), "rivumi-review-"));
  const dispose = () => rm(dir, { recursive: true, force: true });
  let whole: Promise<HunkIndex> | undefined;
  try {
    const common = {
      root: ws.root,
      mergeBase: ws.mergeBase,
      head: ws.head,
      includePaths: settings.includePaths,
      excludePaths: settings.excludePaths,
      maxFileBytes: settings.maxFileBytes,
      signal,
    };
    const incremental = scope.kind === "incremental";
    // The pull request's own diff: indexed with the workspace where it can be (see `diff`), or
    // here for a re-review, beside the new hunks' index.
    whole =
      ws.diff?.() ??
      (incremental
        ? openDiffReview({ ...common, from: ws.mergeBase, runDir: join(dir, "pull-request") }).then(
            (r) => r.index,
          )
        : undefined);
    whole?.catch(() => undefined); // awaited below, after the review's own index
    const known = !incremental && whole ? await whole : undefined;
    // Hunks that fit the tool loop whatever the rules leave out go to the loop, which reads the
    // head's files: their checkout starts now, beside the rules' read of `.gitattributes`.
    const early = known !== undefined && hunksFit(known, settings.rlmThresholdBytes);
    if (early) checkOut(ws);
    const review = await openDiffReview({
      ...common,
      from: incremental ? scope.from : ws.mergeBase,
      runDir: dir,
      ...(incremental ? { pullRequestPaths: new Set(ws.files.map((f) => f.path)) } : {}),
      ...(known ? { index: known } : {}),
    });
    const anchor = (await whole) ?? review.index;
    const report = review.ledger.report({ maxListed: 0 });
    const reviewable = report.bytes.total - report.bytes.excluded;
    const route = reviewable <= settings.rlmThresholdBytes ? "loop" : "rlm";
    if (!early && route === "loop" && report.hunks.total > report.hunks.excluded) checkOut(ws);
    const { index } = review;
    journal.emit({
      type: "review.indexed",
      files: index.totals.files,
      hunks: index.totals.hunks,
      bytes: index.totals.bytes,
      ms: index.ms,
      renameLimit: index.renameLimit,
      renameLimitHit: index.renameLimitHit,
      excludedFiles: report.files.excluded,
      route,
      ...(incremental ? { since: scope.since, by: scope.by } : {}),
    });
    const notices = index.renameLimitHit
      ? [
          `git gave up detecting renames (limit ${index.renameLimit} files): some renamed files are reviewed as a deletion and an addition.`,
        ]
      : [];
    return {
      review,
      anchor,
      since: incremental ? scope.since : undefined,
      budget: new TokenBudget(runTokenLimit(settings)),
      route,
      notices,
      dispose: () => (settings.keepWorkspace ? Promise.resolve() : dispose()),
    };
  } catch (error) {
    // A re-review's second index may still be writing into the folder: let it end first.
    await whole?.catch(() => undefined);
    await dispose();
    throw error;
  }
}

/**
 * Whether the diff's hunks, all of them, fit `limit` bytes: what the ledger counts before the
 * rules leave any out. Stops counting past the limit.
 */
function hunksFit(index: HunkIndex, limit: number): boolean {
  let bytes = 0;
  for (const file of index.files)
    for (const hunk of file.hunks) if ((bytes += hunk.length) > limit) return false;
  return true;
}

/**
 * Starts writing the head's files into the workspace, for the tool loop that will read them; the
 * loop awaits the same checkout (`workingTree`), and a failure shows there.
 */
function checkOut(ws: OpenWorkspace): void {
  ws.worktree?.().catch(() => undefined);
}

/** The prompt facts the child prompt's sections read; the child sees no tools. */
export type ChildPromptFacts = Omit<
  PromptContext,
  "instructions" | "toolNames" | "skills" | "memory"
>;

/**
 * Sends every open hunk to a child reviewer (see `mapHunks`), each batch with the instructions
 * that govern its directories and the memory for them, nothing else.
 */
export async function mapOpenHunks(
  ports: ReviewPorts,
  scaled: ScaledReview,
  opts: {
    facts: ChildPromptFacts;
    instructionsFor: (dirs: readonly string[]) => Promise<string>;
    memoryFor: (dirs: readonly string[]) => PromptContext["memory"];
    onSettled: () => void;
  },
): Promise<MapResult> {
  const { settings } = ports;
  const model = await ports.model(settings.childModel);
  const prompts = new Map<string, Promise<string>>();
  const system = (dirs: readonly string[]) => {
    const key = [...dirs].sort().join("\u0000");
    let prompt = prompts.get(key);
    if (!prompt) {
      prompt = opts
        .instructionsFor(dirs)
        .then((text) => childPrompt(opts.facts, text, opts.memoryFor(dirs)));
      prompts.set(key, prompt);
    }
    return prompt;
  };
  return mapHunks({
    review: scaled.review,
    model,
    system,
    budget: scaled.budget,
    maxOutputTokens: ports.outputCap,
    concurrency: settings.reviewConcurrency,
    maxChars: CHILD_BATCH_CHARS,
    nonce: opts.facts.nonce,
    journal: ports.journal,
    signal: ports.signal,
    retry: DEFAULT_RETRY,
    onSettled: opts.onSettled,
  });
}

const NO_PROMPT_MEMORY: PromptContext["memory"] = { entries: [], source: undefined };

/** A child reviewer's system prompt: its task, then its directories' instructions and memory. */
export function childPrompt(
  facts: ChildPromptFacts,
  instructions: string,
  memory: PromptContext["memory"] = NO_PROMPT_MEMORY,
): string {
  return sectionsPrompt(
    facts,
    instructions,
    [reviewChildSection, instructionsSection, memorySection],
    memory,
  );
}

/** The RLM root's question for the merge, rendered from its named section. */
export function mergeQuestion(facts: ChildPromptFacts): string {
  return sectionsPrompt(facts, "", [reviewMergeSection]);
}

function sectionsPrompt(
  facts: ChildPromptFacts,
  instructions: string,
  sections: readonly PromptSection[],
  memory = NO_PROMPT_MEMORY,
): string {
  const ctx: PromptContext = {
    ...facts,
    instructions: { text: instructions, sources: [] },
    toolNames: [],
    skills: [],
    memory,
  };
  return buildPrompt(ctx, sections).system;
}

/**
 * Reports how far the review has got: on the pull request's sticky comment at most every
 * `PROGRESS_EVERY_MS`, and on the CLI's status line (at most every second, and once at the end).
 * Cost is what the run has spent so far.
 */
export function coverageProgress(
  ports: ReviewPorts,
  scaled: ScaledReview,
  where: Omit<Progress, "coverage"> | undefined,
  spent: () => Usage,
): (final?: boolean) => void {
  // The progress note went out before the review began: the first count follows a full interval
  // after this point, so a review shorter than that writes no comment between the note and its
  // result.
  let last = Date.now();
  let lastStatus = 0;
  const prices = ports.settings.prices;
  return (final = false) => {
    const now = Date.now();
    const { examined, inScope } = scaled.review.ledger.progress();
    const elapsedMs = now - ports.started;
    const usage = spent();
    const costUsd = costOf(usage, prices);
    if (ports.status && (final || now - lastStatus >= 1000)) {
      lastStatus = now;
      ports.status(
        `review: ${grouped(examined)} of ${grouped(inScope)} hunks · ${Math.round(elapsedMs / 1000)} s · ${grouped(billedTokens(usage))} tokens`,
      );
    }
    // The final count goes to the status line only: the result replaces the comment next.
    if (!where || final || now - last < PROGRESS_EVERY_MS) return;
    last = now;
    ports.progress({ ...where, coverage: { examined, total: inScope, elapsedMs, costUsd } });
  };
}

/** Why a review stopped short of complete coverage, in the words the coverage line uses. */
export function shortfall(opts: {
  cancelled: boolean;
  budget: boolean;
  failed: number;
  mapped: boolean;
  /** The tool loop ended because the endpoint kept failing (no child reviewer was sent then). */
  endpointFailed?: boolean;
}): string {
  if (opts.cancelled) return "cancelled";
  if (opts.budget) return "budget reached";
  if (opts.failed > 0) return `${opts.failed} child request${opts.failed === 1 ? "" : "s"} failed`;
  if (opts.endpointFailed) return "the model endpoint failed";
  return opts.mapped ? "not every hunk was answered" : "the review ended before reading every hunk";
}

/** The ledger as the outcome and the journal carry it. */
export function reportCoverage(
  ports: ReviewPorts,
  scaled: ScaledReview,
  reason: string | undefined,
): CoverageSummary {
  const complete = scaled.review.ledger.progress();
  const summary = coverageSummary(
    scaled.review.ledger,
    complete.examined >= complete.inScope ? undefined : reason,
    scaled.since,
  );
  ports.journal.emit({
    type: "review.coverage",
    line: summary.line,
    complete: summary.complete,
    report: summary.report,
  });
  return summary;
}
