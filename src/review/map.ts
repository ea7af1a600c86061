import { planBatches, type Batch } from "../coverage/batches.js";
import type { HunkRef } from "../coverage/ledger.js";
import type { Journal } from "../journal/journal.js";
import { capOf, type CapSource } from "../model/output-cap.js";
import type { ChatMessage, ModelPort, ModelReply } from "../model/port.js";
import { failedRequestTokens } from "../model/reply.js";
import { callWithRetry, type RetryPolicy } from "../model/retry.js";
import { askStructured } from "../model/structured.js";
import { addUsage, billedTokens, noUsage, type UsageTotal } from "../model/usage.js";
import { fenceUntrusted } from "../util/fence.js";
import { mapLimit } from "../util/map-limit.js";
import { hunkParts, renderHunks } from "../workspace/hunk-pages.js";
import { BudgetExhaustedError, estimateTokens, type TokenBudget } from "../diff-review/budget.js";
import type { DiffReview } from "../diff-review/diff-review.js";
import { childReplyShape, type ChildFinding } from "./findings.js";

export interface MapOptions {
  review: DiffReview;
  /** The child reviewers' model. */
  model: ModelPort;
  /** The child's system prompt for hunks in these directories (their instructions included). */
  system: (dirs: readonly string[]) => Promise<string>;
  budget: TokenBudget;
  /** Completion cap of each request, read when it is reserved (the run's cap may rise). */
  maxOutputTokens: CapSource;
  concurrency: number;
  /** Most characters of hunk text in one child request. */
  maxChars: number;
  /** A per-run random part of the fence around the hunks (see `fenceUntrusted`). */
  nonce: string;
  journal: Journal;
  signal: AbortSignal;
  retry: RetryPolicy;
  /** Called after every child request settles. */
  onSettled?: () => void;
}

export interface MapResult {
  findings: (ChildFinding & { batch: number })[];
  /** Batches sent (a hunk too long for one is one batch per part). */
  batches: number;
  /** Model requests sent: one per batch, and one more per repair turn. */
  requests: number;
  /** Batches whose first reply could not be read and that got a repair turn. */
  repairs: number;
  /** Batches without a reply that could be read: their hunks are not examined. */
  failed: number;
  /** Why some batches were not sent. */
  stopped: "budget" | "cancelled" | undefined;
  usage: UsageTotal;
}

/** A map that sent nothing: no batch, no request, no finding. */
export const emptyMap = (): MapResult => ({
  findings: [],
  batches: 0,
  requests: 0,
  repairs: 0,
  failed: 0,
  stopped: undefined,
  usage: noUsage(),
});

interface Request {
  batch: number;
  dirs: string[];
  refs: HunkRef[];
  text: () => Promise<string>;
}

/**
 * The RLM path's map, run by the host and not by the model: every hunk the rules leave in and no
 * request has examined yet goes to a child reviewer, in batches by directory, each request
 * carrying the whole text of its hunks and the instructions of its directories. Findings are
 * asked for in the shape `childReplyShape` gives; a reply that cannot be read (cut off at the
 * output cap among them) gets one repair turn, budgeted like the first request. A hunk counts as
 * examined only when its request got a reply that reads as findings; what the budget does not
 * cover is left open, most important directories first.
 */
export async function mapHunks(opts: MapOptions): Promise<MapResult> {
  const { review } = opts;
  const batches = planBatches(review.ledger, { maxChars: opts.maxChars });
  const requests = (
    await Promise.all(batches.map((batch, i) => requestsOf(opts, batch, i)))
  ).flat();
  const result = emptyMap();
  let seq = 0;
  await mapLimit(requests, opts.concurrency, async (request) => {
    if (result.stopped) return;
    if (opts.signal.aborted) {
      result.stopped = "cancelled";
      return;
    }
    const text = await request.text();
    const messages: ChatMessage[] = [
      { role: "system", content: await opts.system(request.dirs) },
      { role: "user", content: fenceUntrusted("diff-hunks", text, opts.nonce) },
    ];
    const chars = charsOf(messages);
    const cap = capOf(opts.maxOutputTokens);
    const reserved = estimateTokens(chars) + cap;
    if (!opts.budget.reserve(reserved)) {
      result.stopped = "budget";
      return;
    }
    const id = `batch-${++seq}`;
    review.ledger.markSent(request.refs, id);
    result.batches++;
    const started = Date.now();
    const asked = await askStructured({
      model: opts.model,
      shape: childReplyShape,
      messages,
      signal: opts.signal,
      maxTokens: cap,
      // The first request spends the hold taken above; a repair turn must be covered like it.
      around: (send, turn) =>
        budgeted(opts, turn.repair ? undefined : reserved, turn.messages, send),
    });
    result.requests += asked.sent;
    if (asked.repaired) result.repairs++;
    addUsage(result.usage, asked.usage);
    const findings = asked.value?.findings;
    const repair = asked.repairReason
      ? { repaired: asked.repaired, repairReason: asked.repairReason.slice(0, 300) }
      : {};
    if (findings) {
      review.ledger.markExamined(id);
      result.findings.push(...findings.map((f) => ({ ...f, batch: request.batch })));
    } else {
      review.ledger.markFailed(id);
      result.failed++;
      if (opts.signal.aborted) result.stopped = "cancelled";
      else if (asked.cause instanceof BudgetExhaustedError) result.stopped = "budget";
    }
    opts.journal.emit({
      type: "review.batch",
      id,
      hunks: request.refs.length,
      chars,
      ok: findings !== undefined,
      ms: Date.now() - started,
      ...(asked.replies.length > 0 ? { usage: asked.usage } : {}),
      ...(findings ? { findings: findings.length } : {}),
      ...repair,
      ...(findings ? {} : { error: clip(asked.error ?? "no reply") }),
    });
    opts.onSettled?.();
  });
  return result;
}

/** A batch is one request; one hunk too long for a batch is one request per part. */
async function requestsOf(opts: MapOptions, batch: Batch, index: number): Promise<Request[]> {
  const { review } = opts;
  const ids = batch.items.map((item) => item.id);
  if (!batch.split) {
    const text = () => renderHunks(review.index, ids);
    return [{ batch: index, dirs: batch.dirs, refs: ids.map((id) => ({ id })), text }];
  }
  const id = ids[0];
  if (id === undefined) return [];
  const parts = await hunkParts(review.index, id, opts.maxChars);
  return parts.map((part, k) => ({
    batch: index,
    dirs: batch.dirs,
    refs: [{ id, part: k + 1, of: parts.length }],
    text: () => Promise.resolve(part),
  }));
}

/**
 * One child request under the token budget: a hold reserved beforehand (the first request's,
 * taken before its hunks were marked sent) or here (a repair turn's, whose conversation is
 * longer), settled to what the provider counted; transient errors are retried.
 */
async function budgeted(
  opts: MapOptions,
  held: number | undefined,
  messages: readonly ChatMessage[],
  send: () => Promise<ModelReply>,
): Promise<ModelReply> {
  const hold = held ?? estimateTokens(charsOf(messages)) + capOf(opts.maxOutputTokens);
  if (held === undefined && !opts.budget.reserve(hold))
    throw new BudgetExhaustedError(hold, opts.budget.left);
  let spent = 0;
  try {
    const reply = await callWithRetry(send, {
      policy: opts.retry,
      signal: opts.signal,
      // A reply cut off before any answer was still billed.
      onFailure: ({ error }) => {
        spent = failedRequestTokens(error);
      },
    });
    spent = billedTokens(reply.usage);
    return reply;
  } finally {
    opts.budget.settle(hold, spent);
  }
}

function charsOf(messages: readonly ChatMessage[]): number {
  return messages.reduce((n, m) => n + (typeof m.content === "string" ? m.content.length : 0), 0);
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
