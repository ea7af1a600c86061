// The root loop of one RLM level: the model writes one ```repl cell per turn, the REPL runs it,
// the model sees a clipped preview of the result; `finalize` or a limit ends it.
import { addUsage, noUsage, type UsageTotal } from "../model/usage.js";
import type { ModelPort, ModelReply } from "../model/port.js";
import { describeError, type RetryPolicy } from "../model/retry.js";
import type { ChildBroker } from "./children.js";
import type { RlmOptions, RlmResult, RlmStop } from "./types.js";
import {
  cellFeedback,
  clip,
  contractReminder,
  keptReply,
  openingMessage,
  rootMessages,
  TRUNCATED,
  type Turn,
} from "./feedback.js";
import { RlmUnconfinedError } from "./confinement.js";
import { ReplHost } from "./host.js";
import { completeWithRetry, promptChars } from "./model-call.js";
import type { RlmLimits } from "./options.js";
import { RLM_SYSTEM_PROMPT } from "./prompt.js";
import type { Coverage } from "./protocol.js";
import { extractReplBlocks } from "./repl-block.js";
import type { RlmInput } from "./sandbox.js";

const MAX_ANSWER = 200_000;
/** How much of a cell's code and output its journal event keeps. */
const CELL_CODE_PREVIEW = 4_000;
const CELL_OUTPUT_PREVIEW = 2_000;

export interface Level {
  depth: number;
  input: RlmInput;
  question: string;
  model: ModelPort;
  limits: RlmLimits;
  broker: ChildBroker;
  opts: RlmOptions;
  signal: AbortSignal;
  retry: RetryPolicy;
  onTurn?(iteration: number, usage: UsageTotal): void;
}

export type LevelResult = Omit<RlmResult, "childCalls">;

/** Runs one level's REPL and root loop to the end; throws only if its REPL cannot start. */
export async function runLevel(l: Level): Promise<LevelResult> {
  const { depth, limits, broker, opts } = l;
  const journal = opts.journal;
  const host = await ReplHost.start({
    input: l.input,
    python: opts.python,
    isolation: opts.isolation,
    sandbox: opts.sandbox,
    cellTimeoutMs: limits.cellTimeoutMs,
    maxBatch: limits.maxBatch,
    maxChildChars: limits.maxChildChars,
    maxSourceChars: limits.maxSourceChars,
    searchSeconds: limits.searchSeconds,
    onChild: (raw) => broker.handle(raw, depth),
    status: () => broker.status(),
  }).catch((error: unknown) => {
    if (error instanceof RlmUnconfinedError)
      journal.emit({ type: "rlm.unconfined", depth, reason: error.reason });
    throw error;
  });
  journal.emit({
    type: "rlm.started",
    depth,
    inputChars: host.meta.chars,
    isolation: host.isolation,
    python: host.python,
    confinement: host.confinement,
  });
  // Cancelling stops a running cell too, instead of waiting for its time limit.
  const onAbort = () => void host.close();
  l.signal.addEventListener("abort", onAbort, { once: true });
  const opening = openingMessage(l.question, host.meta, limits, depth);
  // Each level's root conversation is recorded for replay, as the agent loop's is.
  const recorded = journal.requests?.thread(`rlm-depth${depth}`);
  const turns: Turn[] = [];
  const usage = noUsage();
  let iterations = 0;
  let streak = 0;
  let maxChars = 0;
  let lastOutput = "";
  let coverage: Coverage | null = null;
  let stop: RlmStop = "iteration-limit";
  let final: { value: string; confidence: string | null } | undefined;
  let error: string | undefined;
  try {
    for (;;) {
      const halt = l.signal.aborted
        ? "cancelled"
        : iterations >= limits.maxIterations
          ? "iteration-limit"
          : depth > 0 && broker.tokensLeft() <= 0
            ? "budget"
            : undefined;
      if (halt) {
        stop = halt;
        break;
      }
      iterations++;
      const messages = rootMessages(
        RLM_SYSTEM_PROMPT,
        opening,
        turns,
        limits,
        iterations === limits.maxIterations,
      );
      const chars = promptChars(messages);
      maxChars = Math.max(maxChars, chars);
      const started = Date.now();
      const requestsSeq = recorded?.request(iterations, messages, []);
      const turn = {
        type: "rlm.turn" as const,
        depth,
        iteration: iterations,
        promptChars: chars,
        model: l.model.model,
        ...(requestsSeq !== undefined ? { requestsSeq } : {}),
      };
      let reply: ModelReply;
      try {
        reply = await completeWithRetry(l.model, messages, l.signal, l.retry);
      } catch (e) {
        error = describeError(e).message;
        stop = l.signal.aborted ? "cancelled" : "model-error";
        journal.emit({ ...turn, ms: Date.now() - started, outcome: "model-error", error });
        break;
      }
      if (requestsSeq !== undefined) recorded?.reply(requestsSeq, reply);
      addUsage(usage, reply.usage);
      if (depth > 0) broker.addUsage(reply.usage);
      l.onTurn?.(iterations, usage);
      const truncated = reply.finishReason === "length";
      const blocks = truncated ? [] : extractReplBlocks(reply.content);
      const outcome = truncated
        ? "truncated"
        : blocks.length === 1
          ? "ran"
          : blocks.length === 0
            ? "no-block"
            : "several-blocks";
      journal.emit({
        ...turn,
        ms: Date.now() - started,
        usage: reply.usage,
        finishReason: reply.finishReason,
        outcome,
      });
      if (truncated) {
        // Code from a reply cut off mid-way is never run, complete as it may look.
        turns.push({ assistant: keptReply(reply.content), feedback: TRUNCATED });
        continue;
      }
      if (blocks.length !== 1) {
        if (++streak >= 3) {
          stop = "contract";
          error = "three replies in a row without exactly one ```repl block";
          break;
        }
        turns.push({
          assistant: keptReply(reply.content),
          feedback: contractReminder(blocks.length, streak),
        });
        continue;
      }
      streak = 0;
      const code = blocks[0]!;
      const cell = await host.exec(code);
      journal.emit({
        type: "rlm.cell",
        depth,
        iteration: iterations,
        ms: Math.round(cell.ms),
        stdoutChars: cell.stdoutChars,
        code: clip(code, CELL_CODE_PREVIEW),
        output: clip(cell.stdout, CELL_OUTPUT_PREVIEW),
        ...(cell.error ? { error: clip(cell.error, 500) } : {}),
        ...(cell.lost ? { lost: true } : {}),
        ...(cell.final ? { finalized: true } : {}),
      });
      if (cell.coverage) coverage = cell.coverage;
      if (cell.stdout.trim()) lastOutput = cell.stdout;
      if (cell.final) {
        final = cell.final;
        stop = "finalized";
        break;
      }
      turns.push({
        assistant: keptReply(reply.content),
        feedback: cellFeedback(cell, iterations, limits.previewChars),
      });
    }
  } finally {
    l.signal.removeEventListener("abort", onAbort);
    await host.close();
  }
  journal.emit({
    type: "rlm.finished",
    depth,
    iterations,
    childCalls: broker.admitted,
    finalized: final !== undefined,
    reason: stop,
    usage,
    rootMaxPromptChars: maxChars,
  });
  return {
    answer: final
      ? clip(final.value, MAX_ANSWER)
      : unfinished(stop, limits.maxIterations, lastOutput, error),
    confidence: final?.confidence ?? null,
    finalized: final !== undefined,
    stop,
    iterations,
    coverage,
    usage,
    rootMaxPromptChars: maxChars,
    isolation: host.isolation,
    ...(error ? { error } : {}),
  };
}

function unfinished(
  stop: RlmStop,
  maxIterations: number,
  lastOutput: string,
  error: string | undefined,
): string {
  const why: Record<RlmStop, string> = {
    finalized: "",
    "iteration-limit": `The run reached its limit of ${maxIterations} turns before finalize() was called`,
    contract: "The run failed: three replies in a row did not hold exactly one ```repl block",
    "model-error": `The run failed: the model request failed (${error ?? "unknown error"})`,
    budget: "The run stopped: the shared token budget is spent",
    cancelled: "The run was cancelled",
  };
  const known = lastOutput.trim()
    ? `What it printed last (clipped):\n${clip(lastOutput.trim(), 2000)}`
    : "Nothing had been printed yet.";
  return `${why[stop]}. ${known}`;
}
