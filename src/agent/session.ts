import type { PullFile } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { ModelPort } from "../model/port.js";
import type { CapSource } from "../model/output-cap.js";
import type { Prices } from "../model/price.js";
import type { SessionContext } from "../context/session-context.js";
import type { Conclusion } from "../outcome/outcome.js";
import { buildPrompt } from "../prompt/build.js";
import { newFenceNonce } from "../util/fence.js";
import { runLoop, type LoopResult } from "./loop.js";
import {
  costBudget,
  stopNote,
  tokenBudget,
  turnLimit,
  type LoopState,
  type StopCondition,
} from "./stop.js";
import { taskMessage } from "./task-message.js";
import { editTools } from "./tools/edit-tools.js";
import { reviewTools } from "./tools/index.js";
import type { TokenBudget } from "../diff-review/budget.js";
import type { DiffReview } from "../diff-review/diff-review.js";
import { createDiffPages } from "./tools/diff-pages.js";
import { createLoadSkill } from "./tools/load-skill.js";
import { submitReviewTool } from "./tools/submit-review.js";
import type { Tool } from "./tools/tool.js";

/** The limits a session stops at (the first one reached ends it) and the prices that cost it. */
export interface Budgets {
  maxTurns: number;
  maxTokens: number;
  timeoutMinutes: number;
  maxCostUsd: number | undefined;
  prices: Prices | undefined;
}

/** Everything one agent session needs, whether the action or the CLI started it. */
export interface SessionInput {
  context: SessionContext;
  /** Send the stable prefix's cache key as `prompt_cache_key`. */
  sendCacheKey: boolean;
  root: string;
  mergeBase: string;
  head: string;
  files: readonly PullFile[];
  task: string;
  purpose: "review" | "task";
  trusted: boolean;
  repository: string;
  event: string;
  pr: { number: number; title: string; body: string } | undefined;
  budgets: Budgets;
  model: ModelPort;
  journal: Journal;
  signal: AbortSignal;
  /** The indexed diff: `git_diff` pages from it and the ledger counts what was read. */
  review?: DiffReview;
  /** The run's token budget, shared with every other model request of the run. */
  tokenBudget?: TokenBudget;
  /** Completion cap of every request, read at each turn (the run's cap may rise). */
  maxOutputTokens?: CapSource;
  /** The run's fence id for the pull request's text (a fresh one when not given). */
  nonce?: string;
  /** Called after every model turn (progress). */
  onTurn?: (state: LoopState) => void;
}

export interface SessionResult {
  conclusion: Conclusion;
  loop: LoopResult;
  note: string | undefined;
}

/** The review tools, plus `load_skill` when skills can be loaded and the edit tools when allowed. */
export function toolsFor(context: SessionContext, review?: DiffReview): Tool[] {
  const tools: Tool[] = review
    ? [...reviewTools.filter((t) => t.name !== "git_diff"), createDiffPages(review)]
    : [...reviewTools];
  const skills = context.skillFiles;
  if (skills) tools.push(createLoadSkill(skills.source, skills.current, skills.maxBytes));
  if (context.edits) tools.push(...editTools);
  return [...tools, submitReviewTool];
}

/** Builds the prompt, runs the tool loop and reads its ending as a conclusion. */
export async function runSession(input: SessionInput): Promise<SessionResult> {
  const tools = toolsFor(input.context, input.review);
  const b = input.budgets;
  const nonce = input.nonce ?? newFenceNonce();
  const prompt = buildPrompt({
    date: new Date().toISOString().slice(0, 10),
    repository: input.repository,
    event: input.event,
    pr: input.pr?.number,
    base: input.mergeBase,
    head: input.head,
    model: input.model.model,
    budgets: {
      maxTurns: b.maxTurns,
      maxTokens: b.maxTokens,
      timeoutMinutes: b.timeoutMinutes,
      maxCostUsd: b.maxCostUsd,
    },
    trusted: input.trusted,
    purpose: input.purpose,
    changedFiles: input.files,
    toolNames: tools.map((t) => t.name),
    instructions: input.context.instructions,
    skills: input.context.skills,
    memory: input.context.memory,
    nonce,
  });
  input.journal.emit({
    type: "prompt.built",
    sections: prompt.manifest,
    bytes: Buffer.byteLength(prompt.system),
    cacheKey: prompt.cacheKey,
    cacheKeySent: input.sendCacheKey,
  });

  const stopWhen: StopCondition[] = [turnLimit(b.maxTurns), tokenBudget(b.maxTokens)];
  if (b.maxCostUsd !== undefined) stopWhen.push(costBudget(b.maxCostUsd));
  const loop = await runLoop({
    model: input.model,
    tools,
    toolContext: {
      root: input.root,
      diff: { base: input.mergeBase, head: input.head },
      signal: input.signal,
    },
    system: prompt.system,
    user: [taskMessage(input.task, input.pr, nonce)],
    stopWhen,
    prices: b.prices,
    journal: input.journal,
    signal: input.signal,
    ...(input.sendCacheKey ? { promptCacheKey: prompt.cacheKey } : {}),
    ...(input.context.afterWrite ? { afterWrite: input.context.afterWrite } : {}),
    ...(input.review ? { coverage: input.review.tracker } : {}),
    ...(input.tokenBudget ? { budget: input.tokenBudget } : {}),
    ...(input.maxOutputTokens ? { maxOutputTokens: input.maxOutputTokens } : {}),
    ...(input.onTurn ? { onTurn: input.onTurn } : {}),
  });
  const conclusion: Conclusion =
    loop.stop === "final-answer" ? "success" : loop.stop === "model-error" ? "failure" : "partial";
  const note =
    loop.stop === "final-answer"
      ? undefined
      : [stopNote(loop.stop), loop.error].filter(Boolean).join(" ");
  // A run cut short still reports the last thing the model said.
  const review =
    loop.review ?? (loop.lastText ? { summary: loop.lastText, findings: [] } : undefined);
  return { conclusion, loop: { ...loop, review }, note };
}
