// A review or task run by the tool loop, the host's map, or both, and its result: what the
// models examined, the merged findings, and the conclusion the coverage allows.
import { abortReason } from "../agent/stop.js";
import { runSession, type Budgets, type SessionResult } from "../agent/session.js";
import type { Settings } from "../config/settings.js";
import { shouldSendCacheKey, type RunContext } from "../context/for-run.js";
import { costOf } from "../model/price.js";
import { noUsage, sumUsage, type UsageTotal } from "../model/usage.js";
import type { Conclusion, CoverageSummary, StopReason } from "../outcome/outcome.js";
import type { Finding, Review } from "../outcome/review.js";
import type { AgentPlan } from "../plan/plan.js";
import { emptyMap, type MapResult } from "./map.js";
import type { Trigger } from "../trigger/trigger.js";
import { inPhase } from "../util/phase.js";
import { newFenceNonce } from "../util/fence.js";
import type { ReviewPorts, OpenWorkspace, Target } from "./ports.js";
import { honestReview, mergeAfterLoop, mergeWithRoot, type MergedReview } from "./merge.js";
import {
  coverageProgress,
  mapOpenHunks,
  reportCoverage,
  shortfall,
  type ChildPromptFacts,
  type ScaledReview,
} from "./scale.js";

/** What the models did for a review or task, and what it adds up to. */
export interface ReviewRun {
  conclusion: Conclusion;
  stop: StopReason | undefined;
  review: Review | undefined;
  note: string | undefined;
  turns: number;
  /** Model requests of every kind: the loop's turns, the child reviewers', the RLM root's. */
  requests: number;
  usage: UsageTotal;
  costUsd: number | undefined;
  /** What the models were sent of the diff, counted by the code. */
  coverage: CoverageSummary | undefined;
  /** Findings on lines the diff does not show. */
  unanchored: Finding[];
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

const noneOf = (n: number) => (n === 1 ? "The 1 hunk was not" : `None of the ${n} hunks was`);

function repositoryName(trigger: Trigger): string {
  if (trigger.kind === "local") return trigger.root;
  return trigger.kind === "ignored" ? "" : `${trigger.repo.owner}/${trigger.repo.repo}`;
}

/** Resolves once the workspace's working tree holds the head's files. */
export function workingTree(ws: OpenWorkspace): Promise<void> {
  return ws.worktree?.() ?? Promise.resolve();
}

/**
 * Runs the review: the tool loop for a task or a diff that fits one conversation, then the host's
 * map over whatever hunks no answered request carried; the RLM root merges what the map found.
 */
export async function runAgentReview(
  ports: ReviewPorts,
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
    budgets: budgetsOf(settings),
    trusted: plan.trusted,
    purpose: plan.kind,
    changedFiles: ws.files,
    // One fence id for the run: its prompt, its task message and its child reviewers' hunks.
    nonce: newFenceNonce(),
  };
  let loopUsage: UsageTotal = noUsage();
  let mapUsage: UsageTotal = noUsage();
  const progress = scaled
    ? coverageProgress(
        ports,
        scaled,
        plan.pr !== undefined ? { pr: plan.pr, task: plan.task, head: ws.head } : undefined,
        () => sumUsage(loopUsage, mapUsage),
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
        budgets: budgetsOf(settings),
        model: await ports.model(),
        journal: ports.journal,
        signal,
        context: context.context,
        sendCacheKey: shouldSendCacheKey(settings.promptCacheKey, settings.baseUrl),
        maxOutputTokens: ports.outputCap,
        nonce: facts.nonce,
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
      memoryFor: (dirs) => context.memoryFor(dirs),
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
    endpointFailed: session?.loop.stop === "model-error",
  });
  const coverage = reportCoverage(ports, scaled, reason);
  const merged: MergedReview = session
    ? await mergeAfterLoop(scaled, session.loop.review, map)
    : await mergeWithRoot(ports, scaled, map ?? emptyMap(), coverage.line, facts);
  const usage = sumUsage(loopUsage, mapUsage, merged.usage);

  const conclusion = conclude(plan, session, coverage, map);
  const stop: StopReason | undefined =
    session?.loop.stop ?? (cancelled ? abortReason(signal) : budget ? "max-tokens" : undefined);
  const review =
    plan.kind === "review"
      ? honestReview(merged, {
          coverage,
          cause: {
            // The first thing that cut the review short: a stop, the loop's own end, the budget.
            stop: cancelled
              ? abortReason(signal)
              : session && session.loop.stop !== "final-answer"
                ? session.loop.stop
                : budget
                  ? "max-tokens"
                  : undefined,
            batches: map?.batches ?? 0,
            failed: map?.failed ?? 0,
          },
          // Some model answered for the hunks: the loop, or a child reviewer.
          answered: !session || session.loop.review !== undefined || (map?.batches ?? 0) > 0,
        })
      : merged.review;
  const notes = [
    conclusion === "success" ? undefined : session?.note,
    !coverage.complete && plan.kind === "review"
      ? coverage.hunks.examined === 0
        ? `${noneOf(coverage.hunks.total - coverage.hunks.excluded)} examined: ${reason}.`
        : `The review is partial: ${reason}. ${counted(coverage.hunks.notReached, "hunk")} ${coverage.hunks.notReached === 1 ? "was" : "were"} not examined.`
      : undefined,
    merged.note,
  ].filter((n): n is string => Boolean(n));
  return {
    conclusion,
    stop,
    review,
    note: notes.length > 0 ? notes.join(" ") : undefined,
    turns: session?.loop.state.turns ?? 0,
    // Every request that reached a server: a request refused for a parameter and sent again
    // counts twice, as the server saw it.
    requests:
      (session?.loop.state.turns ?? 0) +
      (map?.requests ?? 0) +
      merged.requests +
      ports.resentRequests(),
    usage,
    costUsd: costOf(usage, settings.prices),
    coverage,
    unanchored: merged.unanchored,
  };
}

/**
 * Stops of the tool loop that mean a budget or the time ran out. A run that hit one is `partial`
 * whatever covered the hunks afterwards: the README promises it, and the loop's own answer (its
 * summary, the findings it was still working on) never came.
 */
const LIMIT_STOPS: ReadonlySet<StopReason> = new Set([
  "max-turns",
  "max-tokens",
  "max-cost",
  "timeout",
  "cancelled",
]);

/**
 * A task keeps its loop's conclusion. A review is `success` only with complete coverage and a loop
 * that did not run out of a budget: another early end of the loop (a reply cut off) is forgiven
 * when the map covered what it left; a review that examined nothing because every request failed
 * is a failure; anything between is partial.
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
    const allFailed = map !== undefined && map.batches > 0 && map.failed === map.batches;
    return allFailed && coverage.hunks.examined === 0 ? "failure" : "partial";
  }
  if (session && LIMIT_STOPS.has(session.loop.stop)) return "partial";
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
function nothingNew(ports: ReviewPorts, scaled: ScaledReview): ReviewRun {
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
    usage: noUsage(),
    costUsd: costOf(noUsage(), ports.settings.prices),
    coverage,
    unanchored: [],
  };
}

/** The limits a run stops at, picked out of the settings: the agent gets these, not the tokens. */
function budgetsOf(settings: Settings): Budgets {
  const { maxTurns, maxTokens, timeoutMinutes, maxCostUsd, prices } = settings;
  return { maxTurns, maxTokens, timeoutMinutes, maxCostUsd, prices };
}
