import { join } from "node:path";
import type { LastReview, ThreadPlan } from "../outcome/review.js";
import { readThreads, tidyThreads } from "./thread-run.js";
import { errorText } from "../util/error-text.js";
import type { RunContext } from "../context/for-run.js";
import type { InstructionDiagnostics } from "../context/instructions/types.js";
import type { AgentPlan } from "../plan/plan.js";
import { resolvePython } from "../rlm/python.js";
import { inPhase } from "../util/phase.js";
import { saveChanges, type SavedChanges } from "../workspace/changes.js";
import type { ReviewPorts, OpenWorkspace, Target } from "./ports.js";
import { findingsGone, type Gone } from "./no-longer-applies.js";
import { runAgentReview, workingTree, type ReviewRun } from "./agent-review.js";
import { decideScope } from "./scope.js";
import { indexForReview, type ScaledReview } from "./scale.js";

/** What a task's run left in its workspace, for the work that follows it there before it goes. */
export interface AgentWork {
  ws: OpenWorkspace;
  target: Target;
  run: ReviewRun;
  /** The edits saved as a patch in the run artifacts, when there were any. */
  saved: (SavedChanges & { file: string }) | undefined;
}

export interface AgentRunResult extends ReviewRun {
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
  /** What the last review of the pull request recorded, as read before this one. */
  last: LastReview;
  /** What to do with Rivumi's own review threads; undefined for a task or without a pull request. */
  threads: ThreadPlan | undefined;
}

/**
 * The stages from workspace to review, for one pull request or repository task. The progress
 * note goes out while the workspace is made, and memory loads meanwhile, so the first model
 * request waits only for what it needs. The diff is indexed once; a review that fits one
 * conversation runs the tool loop and the host's map reviews what the loop did not read, a larger
 * one goes to the map directly (see `review-scale.ts`). The workspace is removed at the end.
 */
export async function runAgent<T = undefined>(
  ports: ReviewPorts,
  plan: AgentPlan,
  /** Runs in the workspace once the agent is done and its edits are saved, before it is removed. */
  after?: (work: AgentWork) => Promise<T>,
): Promise<AgentRunResult & { after: T | undefined }> {
  const { settings, journal } = ports;
  const target = await ports.work.target(plan);
  if (plan.pr !== undefined) ports.progress({ pr: plan.pr, task: plan.task, head: target.head });
  // What the last review remembered, read once, while the workspace is made; the review's
  // publication gets it from here.
  const last: Promise<LastReview> =
    plan.kind === "review" && plan.pr !== undefined
      ? ports.lastReview(plan.pr).catch((error: unknown) => ({ unread: errorText(error) }))
      : Promise.resolve({});

  const started = Date.now();
  const ws: OpenWorkspace = await inPhase("workspace", () => ports.work.open(target, plan));
  let scaled: ScaledReview | undefined;
  let contextRead: Promise<RunContext> | undefined;
  try {
    journal.emit({
      type: "workspace.created",
      path: ws.root,
      head: ws.head,
      base: ws.mergeBase,
      source: ws.source,
      ms: Date.now() - started,
    });
    // The context (memory, instructions) is read beside the review's scope and index.
    contextRead = (async () => {
      const memory = await ports.memory();
      // A task's tools and instructions read the working tree; a review writes it only if the
      // tool loop runs (see `review`), so a large review never writes the head's files.
      if (plan.kind === "task") await inPhase("workspace", () => workingTree(ws));
      return inPhase("context", () => ws.context(memory));
    })();
    contextRead.catch(() => undefined); // awaited below, after the index
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
    const context = await contextRead;
    // The merge's REPL needs a python3; finding it takes a few processes, done while the map runs.
    if (scaled?.route === "rlm") resolvePython().catch(() => undefined);
    const task = scaled?.since ? `${plan.task}\n\n${sinceTask(scaled.since)}` : plan.task;
    const run = await runAgentReview(ports, { ...plan, task }, { target, ws, context, scaled });
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
    // Rivumi's review threads, read once the review is done, so a reply written meanwhile counts.
    const threads =
      plan.kind === "review" && plan.pr !== undefined
        ? await tidyThreads(ports, {
            read: readThreads(ports, plan.pr),
            root: ws.root,
            head: ws.head,
            findings: run.review?.findings ?? [],
            unanchored: run.unanchored,
            last: lastReview,
          })
        : undefined;
    const changesFile = context.edits ? join(ws.artifacts, "changes.patch") : undefined;
    const saved = changesFile ? await saveChanges(ws.root, ws.head, changesFile) : undefined;
    const work = saved && changesFile ? { ...saved, file: changesFile } : undefined;
    const followed = after ? await after({ ws, target, run, saved: work }) : undefined;
    return {
      after: followed,
      ...run,
      // What people dismissed in a thread is never posted again (see `threads.ts`).
      review: threads && run.review ? { ...run.review, findings: threads.kept } : run.review,
      unanchored: threads ? threads.keptUnanchored : run.unanchored,
      threads: threads?.plan,
      instructions: context.resolution.diagnostics,
      fullReviewWhy: scope.kind === "full" ? scope.why : undefined,
      notices: [
        ...(scope.kind === "full" && scope.why
          ? [`This pull request was reviewed in full: ${scope.why}.`]
          : []),
        ...context.notices,
        ...(scaled?.notices ?? []),
      ],
      changes: work ? { file: work.file, files: work.files, bytes: work.bytes } : undefined,
      head: ws.head,
      mergeBase: ws.mergeBase,
      gone,
      last: lastReview,
    };
  } finally {
    // A context still reading the workspace's git objects ends before the workspace does.
    await contextRead?.catch(() => undefined);
    await scaled?.dispose().catch(() => undefined);
    if (!settings.keepWorkspace) await ws.dispose().catch(() => undefined);
    // A kept workspace is kept to be looked at: it holds the head's files.
    else await workingTree(ws).catch(() => undefined);
  }
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
