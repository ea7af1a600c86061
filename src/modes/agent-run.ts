import { join } from "node:path";
import { abortReason, costOf } from "../agent/stop.js";
import { runSession, type SessionResult } from "../agent/session.js";
import { shouldSendCacheKey, type RunContext } from "../context/for-run.js";
import type { InstructionDiagnostics } from "../context/instructions/types.js";
import type { Usage } from "../model/port.js";
import type { Conclusion, CoverageSummary, StopReason } from "../outcome/outcome.js";
import type { Finding, Review } from "../outcome/review.js";
import type { AgentPlan } from "../plan/plan.js";
import type { MapResult } from "../review/map.js";
import { inPhase } from "../util/phase.js";
import { saveChanges } from "../workspace/changes.js";
import type { Trigger } from "../trigger/trigger.js";
import type { ModePorts, OpenWorkspace, Target } from "./ports.js";
import { resolvePython } from "../rlm/python.js";
import { findingsGone, type Gone } from "./review-gone.js";
import { decideScope } from "./review-scope.js";
import { mergeAfterLoop, mergeWithRoot, type MergedReview } from "./review-merge.js";
import {
  coverageProgress,
  indexForReview,
  mapOpenHunks,
  reportCoverage,
  shortfall,
  type ChildPromptFacts,
  type ScaledReview,
} from "./review-scale.js";

function repositoryName(trigger: Trigger): string {
  if (trigger.kind === "local") return trigger.root;
  return trigger.kind === "ignored" ? "" : `${trigger.repo.owner}/${trigger.repo.repo}`;
}

export interface AgentRunResult {
  conclusion: Conclusion;
  stop: StopReason | undefined;
  review: Review | undefined;
  note: string | undefined;
  turns: number;
  /** Model requests of every kind: the loop's turns, the child reviewers', the RLM root's. */
  requests: number;
  usage: Usage;
  costUsd: number | undefined;
  /** What the models were sent of the diff, counted by the code. */
  coverage: CoverageSummary | undefined;
  /** Findings on lines the diff does not show. */
  unanchored: Finding[];
  instructions: InstructionDiagnostics;
  notices: string[];
  /** The agent's edits as a patch in the run artifacts (task runs with `allow-edits`). */
  changes: { file: string; files: number; bytes: number } | undefined;
  /** The head commit the workspace was made at: what the review's inline comments are pinned to. */
  head: string;
  /** The merge base the diff was taken from: what the review state remembers beside the head. */
  mergeBase: string;
  /** Findings of earlier reviews whose lines are gone. */
  gone: Gone;
  /** Why a pull request reviewed before was reviewed in full this time. */
  fullReviewWhy: string | undefined;
}

const NO_USAGE: Usage = { promptTokens: 0, completionTokens: 0, cachedTokens: 0 };
const addUsage = (...all: Usage[]): Usage =>
  all.reduce(
    (a, b) => ({
      promptTokens: a.promptTokens + b.promptTokens,
      completionTokens: a.completionTokens + b.completionTokens,
      cachedTokens: a.cachedTokens + b.cachedTokens,
    }),
    NO_USAGE,
  );

/**
 * The stages from workspace to review, for one pull request or repository task. The progress
 * note goes out while the workspace is made, and memory loads meanwhile, so the first model
 * request waits only for what it needs. The diff is indexed once; a review that fits one
 * conversation runs the tool loop and the host's map reviews what the loop did not read, a larger
 * one goes to the map directly (see `review-scale.ts`). The workspace is removed at the end.
 */
export async function runAgent(ports: ModePorts, plan: AgentPlan): Promise<AgentRunResult> {
  const { settings, journal } = ports;
  const target = await ports.work.target(plan);
  if (plan.pr !== undefined) ports.progress({ pr: plan.pr, task: plan.task, head: target.head });
  // What the last review remembered, read while the workspace is made.
  const last =
    plan.kind === "review" && plan.pr !== undefined && ports.lastReview
      ? ports.lastReview(plan.pr).catch(() => undefined)
      : Promise.resolve(undefined);

  const started = Date.now();
  const ws: OpenWorkspace = await inPhase("workspace", () => ports.work.open(target, plan));
  let scaled: ScaledReview | undefined;
  try {
    journal.emit({
      type: "workspace.created",
      path: ws.root,
      head: ws.head,
      base: ws.mergeBase,
      source: ws.source,
      ms: Date.now() - started,
    });
    const memory = await ports.memory();
    // A task's tools and instructions read the working tree; a review writes it only if the tool
    // loop runs (see `review`), so a large review never writes the head's files.
    if (plan.kind === "task") await inPhase("workspace", () => workingTree(ws));
    const context = await inPhase("context", () => ws.context(memory));
    const lastReview = await last;
    const scope = await decideScope({
      plan,
      ws,
      incremental: settings.reviewScope === "incremental",
      last: lastReview,
      signal: ports.signal,
    });
    if (plan.kind === "review")
      journal.emit({
        type: "review.scope",
        scope: scope.kind,
        ...(scope.kind === "incremental"
          ? { since: scope.since, from: scope.from }
          : scope.why
            ? { why: scope.why }
            : {}),
      });
    if (ws.files.length > 0 && ws.mergeBase !== ws.head)
      scaled = await inPhase("workspace", () => indexForReview(ports, ws, scope));
    // The merge's REPL needs a python3; finding it takes a few processes, done while the map runs.
    if (scaled?.route === "rlm") resolvePython().catch(() => undefined);
    const task = scaled?.since ? `${plan.task}\n\n${sinceTask(scaled.since)}` : plan.task;
    const run = await review(ports, { ...plan, task }, { target, ws, context, scaled });
    const posted = lastReview?.state?.posted ?? [];
    const gone =
      plan.kind === "review" && posted.length > 0
        ? await findingsGone({
            root: ws.root,
            head: ws.head,
            changed: new Set(ws.files.map((f) => f.path)),
            posted,
            signal: ports.signal,
          }).catch(() => NOTHING_GONE)
        : NOTHING_GONE;
    const changesFile = context.edits ? join(ws.artifacts, "changes.patch") : undefined;
    const saved = changesFile ? await saveChanges(ws.root, ws.head, changesFile) : undefined;
    return {
      ...run,
      instructions: context.resolution.diagnostics,
      fullReviewWhy: scope.kind === "full" ? scope.why : undefined,
      notices: [
        ...(scope.kind === "full" && scope.why
          ? [`This pull request was reviewed in full: ${scope.why}.`]
          : []),
        ...context.notices,
        ...(scaled?.notices ?? []),
      ],
      changes: saved && changesFile ? { file: changesFile, ...saved } : undefined,
      head: ws.head,
      mergeBase: ws.mergeBase,
      gone,
    };
  } finally {
    await scaled?.dispose().catch(() => undefined);
    if (!settings.keepWorkspace) await ws.dispose().catch(() => undefined);
    // A kept workspace is kept to be looked at: it holds the head's files.
    else await workingTree(ws).catch(() => undefined);
  }
}

type ReviewRun = Omit<
  AgentRunResult,
  "instructions" | "notices" | "changes" | "head" | "mergeBase" | "gone" | "fullReviewWhy"
>;

/** Resolves once the workspace's working tree holds the head's files. */
function workingTree(ws: OpenWorkspace): Promise<void> {
  return ws.worktree?.() ?? Promise.resolve();
}

const NOTHING_GONE: Gone = { findings: [], fingerprints: [] };

/** What the tool loop of a re-review is told besides its task. */
function sinceTask(since: string): string {
  return (
    `Rivumi reviewed this pull request before, at ${since.slice(0, 12)}. Review only what changed ` +
    "since then: the git_diff tool shows exactly those hunks. Place findings on lines of the " +
    "pull request's own diff."
  );
}

async function review(
  ports: ModePorts,
  plan: AgentPlan,
  at: { target: Target; ws: OpenWorkspace; context: RunContext; scaled: ScaledReview | undefined },
): Promise<ReviewRun> {
  const { settings, trigger, signal } = ports;
  const { target, ws, context, scaled } = at;
  const facts: ChildPromptFacts = {
    date: new Date().toISOString().slice(0, 10),
    repository: repositoryName(trigger),
    event: trigger.kind,
    pr: target.pull?.number,
    base: ws.mergeBase,
    head: ws.head,
    model: settings.childModel ?? settings.model,
    budgets: settings,
    trusted: plan.trusted,
    purpose: plan.kind,
    changedFiles: ws.files,
  };
  let loopUsage = NO_USAGE;
  let mapUsage = NO_USAGE;
  const progress = scaled
    ? coverageProgress(
        ports,
        scaled,
        plan.pr !== undefined ? { pr: plan.pr, task: plan.task, head: ws.head } : undefined,
        () => addUsage(loopUsage, mapUsage),
      )
    : undefined;

  if (plan.kind === "review" && scaled?.since && scaled.review.ledger.progress().inScope === 0)
    return nothingNew(ports, scaled);

  // A task, or a review that fits one conversation, runs the tool loop, whose tools read files.
  const loop = !scaled || scaled.route === "loop" || plan.kind === "task";
  if (loop) await inPhase("workspace", () => workingTree(ws));
  const session: SessionResult | undefined = loop
    ? await runSession({
        root: ws.root,
        mergeBase: ws.mergeBase,
        head: ws.head,
        files: ws.files,
        task: plan.task,
        purpose: plan.kind,
        trusted: plan.trusted,
        repository: facts.repository,
        event: trigger.kind,
        pr: target.pull,
        budgets: { ...settings, prices: settings.prices },
        model: await ports.model(),
        journal: ports.journal,
        signal,
        context: context.context,
        sendCacheKey: shouldSendCacheKey(settings.promptCacheKey, settings.baseUrl),
        maxOutputTokens: settings.maxOutputTokens,
        ...(scaled ? { review: scaled.review, tokenBudget: scaled.budget } : {}),
        onTurn: (state) => {
          loopUsage = state.usage;
          progress?.();
        },
      })
    : undefined;
  if (session) loopUsage = session.loop.state.usage;
  if (!scaled) return fromSession(session!);

  // Whatever no answered request carried goes to the child reviewers (reviews only: a task is
  // not held to coverage).
  const open = () => {
    const { examined, inScope } = scaled.review.ledger.progress();
    return examined < inScope;
  };
  let map: MapResult | undefined;
  if (plan.kind === "review" && open() && !signal.aborted && session?.conclusion !== "failure") {
    map = await mapOpenHunks(ports, scaled, {
      facts,
      instructionsFor: (dirs) => context.instructionsFor(dirs),
      onSettled: () => progress?.(),
    });
    mapUsage = map.usage;
  }
  progress?.(true);

  const cancelled = signal.aborted;
  const budget = map?.stopped === "budget" || session?.loop.stop === "max-tokens";
  const reason = shortfall({
    cancelled,
    budget,
    failed: map?.failed ?? 0,
    mapped: map !== undefined,
  });
  const coverage = reportCoverage(ports, scaled, reason);
  const merged: MergedReview = session
    ? await mergeAfterLoop(scaled, session.loop.review, map)
    : await mergeWithRoot(ports, scaled, map ?? emptyMap(), coverage.line, facts);
  const usage = addUsage(loopUsage, mapUsage, merged.usage);

  const conclusion = conclude(plan, session, coverage, map);
  const stop: StopReason | undefined =
    session?.loop.stop ?? (cancelled ? abortReason(signal) : budget ? "max-tokens" : undefined);
  const notes = [
    conclusion === "success" ? undefined : session?.note,
    !coverage.complete && plan.kind === "review"
      ? `The review is partial: ${reason}. ${coverage.hunks.notReached} hunks were not examined.`
      : undefined,
    merged.note,
  ].filter((n): n is string => Boolean(n));
  return {
    conclusion,
    stop,
    review: merged.review,
    note: notes.length > 0 ? notes.join(" ") : undefined,
    turns: session?.loop.state.turns ?? 0,
    requests: (session?.loop.state.turns ?? 0) + (map?.requests ?? 0) + merged.requests,
    usage,
    costUsd: costOf(usage, settings.prices),
    coverage,
    unanchored: merged.unanchored,
  };
}

/**
 * A task keeps its loop's conclusion. A review is `success` only with complete coverage: the
 * loop's own stop is forgiven when the map covered what it left; a review that examined nothing
 * because every request failed is a failure; anything between is partial.
 */
function conclude(
  plan: AgentPlan,
  session: SessionResult | undefined,
  coverage: CoverageSummary,
  map: MapResult | undefined,
): Conclusion {
  if (plan.kind === "task") return session!.conclusion;
  if (session?.conclusion === "failure" && coverage.hunks.examined === 0) return "failure";
  if (!coverage.complete) {
    const allFailed = map !== undefined && map.requests > 0 && map.failed === map.requests;
    return allFailed && coverage.hunks.examined === 0 ? "failure" : "partial";
  }
  return session?.conclusion === "failure" ? "partial" : "success";
}

function fromSession(session: SessionResult): ReviewRun {
  const state = session.loop.state;
  return {
    conclusion: session.conclusion,
    stop: session.loop.stop,
    review: session.loop.review,
    note: session.note,
    turns: state.turns,
    requests: state.turns,
    usage: state.usage,
    costUsd: state.costUsd,
    coverage: undefined,
    unanchored: [],
  };
}

/** A re-review with no new hunk to read: complete without a model request. */
function nothingNew(ports: ModePorts, scaled: ScaledReview): ReviewRun {
  const coverage = reportCoverage(ports, scaled, undefined);
  return {
    conclusion: "success",
    stop: undefined,
    review: {
      summary: `Nothing new to review since \`${scaled.since!.slice(0, 7)}\`: the new commits change no hunk the rules leave in.`,
      findings: [],
    },
    note: undefined,
    turns: 0,
    requests: 0,
    usage: NO_USAGE,
    costUsd: costOf(NO_USAGE, ports.settings.prices),
    coverage,
    unanchored: [],
  };
}

const emptyMap = (): MapResult => ({
  findings: [],
  requests: 0,
  failed: 0,
  stopped: undefined,
  usage: NO_USAGE,
});
