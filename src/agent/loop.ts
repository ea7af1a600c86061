import { errorText } from "../util/error-text.js";
import * as z from "zod";
import type { Journal } from "../journal/journal.js";
import type { RequestThread } from "../journal/requests-log.js";
import type { ChatMessage, ModelPort, ModelReply, ToolSpec } from "../model/port.js";
import { callWithRetry, DEFAULT_RETRY, describeError, type RetryPolicy } from "../model/retry.js";
import { costOf, type Prices } from "../model/price.js";
import { addUsage, billedTokens, noUsage } from "../model/usage.js";
import { reviewFromText, reviewSchema, type Review } from "../outcome/review.js";
import { abortReason, aborted, type LoopState, type StopCondition } from "./stop.js";
import type { StopReason } from "../outcome/outcome.js";
import type { CoverageTracker } from "../diff-review/diff-review.js";
import { estimateTokens, type TokenBudget } from "../diff-review/budget.js";
import { capOf, type CapSource } from "../model/output-cap.js";
import { billedUsage, failedRequestTokens } from "../model/reply.js";
import { SUBMIT_REVIEW } from "./tools/submit-review.js";
import { ToolError } from "../util/errors.js";
import type { Tool, ToolContext } from "./tools/tool.js";

export interface LoopOptions {
  model: ModelPort;
  tools: readonly Tool[];
  toolContext: ToolContext;
  system: string;
  /** The user's messages: the task and the untrusted material that comes with it. */
  user: string[];
  stopWhen: StopCondition[];
  prices: Prices | undefined;
  journal: Journal;
  signal: AbortSignal;
  retry?: RetryPolicy;
  /** Called after every model turn, for progress reporting. */
  onTurn?: (state: LoopState) => void;
  /** Sent with every request to providers that route by it (OpenAI's `prompt_cache_key`). */
  promptCacheKey?: string;
  /**
   * Called after a turn in which a writing tool succeeded; a returned text is appended as a
   * context update (the instructions changed under the model's feet).
   */
  afterWrite?: () => Promise<string | undefined>;
  /** Completion cap of every request, read at each turn (the run's cap may rise). */
  maxOutputTokens?: CapSource;
  /** The run's token budget: each request reserves its size plus its cap before it is sent. */
  budget?: TokenBudget;
  /** Counts the diff hunks a request carries as examined once it is answered. */
  coverage?: CoverageTracker;
}

export interface LoopResult {
  stop: StopReason;
  review: Review | undefined;
  state: LoopState;
  /** Last thing the model said, kept so a run cut short still reports something. */
  lastText: string;
  error?: string;
}

const MAX_TOOL_OUTPUT = 60_000;
const LENGTH_NOTE = "(finish_reason: length)";

/** Characters of a conversation as sent: every message's text and tool-call arguments. */
function charsOf(messages: readonly ChatMessage[]): number {
  let chars = 0;
  for (const m of messages) {
    if (typeof m.content === "string") chars += m.content.length;
    else if (Array.isArray(m.content)) chars += JSON.stringify(m.content).length;
    if (m.role === "assistant")
      for (const call of m.tool_calls ?? [])
        chars += call.type === "function" ? call.function.arguments.length + 64 : 64;
    chars += 16;
  }
  return chars;
}

export function toolSpecs(tools: readonly Tool[]): ToolSpec[] {
  return tools.map((t) => ({
    type: "function",
    function: {
      name: t.name,
      description: t.description,
      parameters: z.toJSONSchema(t.parameters, { io: "input" }),
    },
  }));
}

/** Runs the native tool loop until a stop condition or a final answer. Never throws for model errors. */
export async function runLoop(opts: LoopOptions): Promise<LoopResult> {
  const messages: ChatMessage[] = [
    { role: "system", content: opts.system },
    ...opts.user.map((content): ChatMessage => ({ role: "user", content })),
  ];
  const specs = toolSpecs(opts.tools);
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  const usage = noUsage();
  const state: LoopState = { turns: 0, usage, costUsd: costOf(usage, opts.prices) };
  const conditions = [aborted(opts.signal), ...opts.stopWhen];
  let lastText = "";

  const specsChars = JSON.stringify(specs).length;
  const recorded = opts.journal.requests?.thread();
  for (;;) {
    const stop = conditions.map((c) => c(state)).find((r) => r !== undefined);
    if (stop) return { stop, review: undefined, state, lastText };
    // The request's own size counts: one that would not fit what is left is not sent.
    const cap = opts.maxOutputTokens === undefined ? undefined : capOf(opts.maxOutputTokens);
    const reserved = estimateTokens(charsOf(messages) + specsChars) + (cap ?? 0);
    if (opts.budget && !opts.budget.reserve(reserved))
      return { stop: "max-tokens", review: undefined, state, lastText };
    state.turns += 1;
    const carried = opts.coverage?.sending();

    let reply: ModelReply;
    try {
      reply = await requestWithRetry(opts, { messages, specs, turn: state.turns, recorded, cap });
    } catch (error) {
      opts.budget?.settle(reserved, failedRequestTokens(error));
      if (carried) opts.coverage?.failed(carried);
      // A reply cut off before any answer was still generated, and is billed.
      const billed = billedUsage(error);
      if (billed) {
        addUsage(usage, billed);
        state.costUsd = costOf(usage, opts.prices);
      }
      if (opts.signal.aborted)
        return { stop: abortReason(opts.signal), review: undefined, state, lastText };
      // Cut off at the cap before a word: truncated as before, with which cap to raise.
      if (billed)
        return {
          stop: "truncated",
          review: undefined,
          state,
          lastText,
          error: describeError(error).message,
        };
      return {
        stop: "model-error",
        review: undefined,
        state,
        lastText,
        error: describeError(error).message,
      };
    }
    opts.budget?.settle(reserved, billedTokens(reply.usage));
    if (carried) opts.coverage?.answered(carried);
    addUsage(usage, reply.usage);
    state.costUsd = costOf(usage, opts.prices);
    if (reply.content.trim()) lastText = reply.content;
    opts.onTurn?.(state);

    // A reply cut off at the length limit is not an answer, whatever it holds: its last tool
    // call (a review among them) may be missing its end.
    if (reply.finishReason === "length")
      return { stop: "truncated", review: undefined, state, lastText, error: LENGTH_NOTE };
    if (reply.toolCalls.length === 0) {
      return { stop: "final-answer", review: reviewFromText(reply.content), state, lastText };
    }
    messages.push({
      role: "assistant",
      content: reply.content || null,
      tool_calls: reply.toolCalls.map((c) => ({
        id: c.id,
        type: "function",
        function: { name: c.name, arguments: c.arguments },
      })),
      // Given back only to a server that sent it: DeepSeek's thinking mode needs it with a
      // tool-call turn, while strict servers (Mistral) refuse the field.
      ...(reply.reasoningContent ? { reasoning_content: reply.reasoningContent } : {}),
    });
    let review: Review | undefined;
    let wrote = false;
    for (const call of reply.toolCalls) {
      const output = await runTool(opts, byName, call, state.turns);
      messages.push({ role: "tool", tool_call_id: call.id, content: output.text });
      if (call.name === SUBMIT_REVIEW && output.ok)
        review = reviewSchema.parse(JSON.parse(call.arguments));
      if (output.ok && byName.get(call.name)?.writes) wrote = true;
    }
    const update = wrote && opts.afterWrite ? await opts.afterWrite() : undefined;
    if (update) messages.push({ role: "user", content: update });
    if (review) return { stop: "final-answer", review, state, lastText };
  }
}

async function requestWithRetry(
  opts: LoopOptions,
  req: {
    messages: ChatMessage[];
    specs: ToolSpec[];
    turn: number;
    /** This turn's completion cap, as reserved. */
    cap: number | undefined;
    /** Where the request's new messages are recorded, once, whatever the retries. */
    recorded: RequestThread | undefined;
  },
): Promise<ModelReply> {
  const { messages, specs, turn } = req;
  const requestsSeq = req.recorded?.request(turn, messages, specs);
  // Each attempt is journaled: a request event, then a response event with its reply or error.
  let started = 0;
  return callWithRetry(
    async (attempt) => {
      const reply = await opts.model.complete(messages, specs, opts.signal, {
        ...(opts.promptCacheKey ? { promptCacheKey: opts.promptCacheKey } : {}),
        ...(req.cap ? { maxTokens: req.cap } : {}),
      });
      opts.journal.emit({
        type: "model.response",
        turn,
        attempt,
        ms: Date.now() - started,
        usage: reply.usage,
        finishReason: reply.finishReason,
        toolCalls: reply.toolCalls.length,
      });
      if (requestsSeq !== undefined) req.recorded?.reply(requestsSeq, reply);
      return reply;
    },
    {
      policy: opts.retry ?? DEFAULT_RETRY,
      signal: opts.signal,
      onAttempt: (attempt) => {
        opts.journal.emit({
          type: "model.request",
          turn,
          attempt,
          messages: messages.length,
          bytes: Buffer.byteLength(JSON.stringify(messages)),
          model: opts.model.model,
          ...(requestsSeq !== undefined ? { requestsSeq } : {}),
        });
        started = Date.now();
      },
      onFailure: ({ error, attempt, willRetry }) => {
        const { message, status } = describeError(error);
        opts.journal.emit({
          type: "model.response",
          turn,
          attempt,
          ms: Date.now() - started,
          error: message,
          ...(status !== undefined ? { status } : {}),
          ...(billedUsage(error) ? { usage: billedUsage(error) } : {}),
          willRetry,
        });
      },
    },
  );
}

async function runTool(
  opts: LoopOptions,
  byName: Map<string, Tool>,
  call: { id: string; name: string; arguments: string },
  turn: number,
): Promise<{ ok: boolean; text: string }> {
  opts.journal.emit({
    type: "tool.call",
    turn,
    id: call.id,
    name: call.name,
    arguments: call.arguments.slice(0, 2000),
  });
  const started = Date.now();
  const finish = (ok: boolean, text: string, error?: string) => {
    const bounded =
      text.length > MAX_TOOL_OUTPUT
        ? `${text.slice(0, MAX_TOOL_OUTPUT)}\n[output cut at ${MAX_TOOL_OUTPUT} characters]`
        : text;
    opts.journal.emit({
      type: "tool.result",
      turn,
      id: call.id,
      name: call.name,
      ok,
      ms: Date.now() - started,
      bytes: Buffer.byteLength(bounded),
      ...(error ? { error } : {}),
    });
    return { ok, text: bounded };
  };
  const tool = byName.get(call.name);
  if (!tool) {
    const names = [...byName.keys()].join(", ");
    return finish(
      false,
      `Error: there is no tool named "${call.name}". Available tools: ${names}.`,
      "unknown tool",
    );
  }
  let args: unknown;
  try {
    args = call.arguments.trim() === "" ? {} : JSON.parse(call.arguments);
  } catch {
    return finish(
      false,
      `Error: the arguments of ${call.name} are not valid JSON. Send one JSON object matching the tool's schema.`,
      "bad json",
    );
  }
  const parsed = tool.parameters.safeParse(args);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((i) => `- ${i.path.join(".") || "(arguments)"}: ${i.message}`)
      .join("\n");
    return finish(
      false,
      `Error: invalid arguments for ${call.name}:\n${problems}\nFix these and call it again.`,
      "invalid arguments",
    );
  }
  try {
    return finish(true, await tool.execute(parsed.data, opts.toolContext));
  } catch (error) {
    if (error instanceof ToolError) return finish(false, `Error: ${error.message}`, error.message);
    const message = errorText(error);
    return finish(false, `Error: ${call.name} failed: ${message}`, message);
  }
}
