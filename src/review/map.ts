import { planBatches, type Batch } from "../coverage/batches.js";
import type { HunkRef } from "../coverage/ledger.js";
import type { Journal } from "../journal/journal.js";
import { capOf, type CapSource } from "../model/output-cap.js";
import type { ChatMessage, ModelPort, Usage } from "../model/port.js";
import { describeError, isTransient, retryDelay, sleep, type RetryPolicy } from "../model/retry.js";
import { fenceUntrusted } from "../util/fence.js";
import { mapLimit } from "../util/map-limit.js";
import { hunkParts, renderHunks } from "../workspace/hunk-pages.js";
import { estimateTokens, type TokenBudget } from "./budget.js";
import type { DiffReview } from "./diff-review.js";
import { parseChildReply, type ChildFinding } from "./findings.js";

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
  requests: number;
  failed: number;
  /** Why some batches were not sent. */
  stopped: "budget" | "cancelled" | undefined;
  usage: Usage;
}

interface Request {
  batch: number;
  dirs: string[];
  refs: HunkRef[];
  text: () => Promise<string>;
}

/**
 * The RLM path's map, run by the host and not by the model: every hunk the rules leave in and no
 * request has examined yet goes to a child reviewer, in batches by directory, each request
 * carrying the whole text of its hunks and the instructions of its directories. A hunk counts as
 * examined only when its request got a reply that parses as findings; what the budget does not
 * cover is left open, most important directories first.
 */
export async function mapHunks(opts: MapOptions): Promise<MapResult> {
  const { review } = opts;
  const batches = planBatches(review.ledger, { maxChars: opts.maxChars });
  const requests = (
    await Promise.all(batches.map((batch, i) => requestsOf(opts, batch, i)))
  ).flat();
  const result: MapResult = {
    findings: [],
    requests: 0,
    failed: 0,
    stopped: undefined,
    usage: { promptTokens: 0, completionTokens: 0, cachedTokens: 0 },
  };
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
    const chars = messages.reduce(
      (n, m) => n + (typeof m.content === "string" ? m.content.length : 0),
      0,
    );
    const cap = capOf(opts.maxOutputTokens);
    const reserved = estimateTokens(chars) + cap;
    if (!opts.budget.reserve(reserved)) {
      result.stopped = "budget";
      return;
    }
    const id = `batch-${++seq}`;
    review.ledger.markSent(request.refs, id);
    result.requests++;
    const started = Date.now();
    let spent = 0;
    try {
      const reply = await complete(opts, messages, cap);
      spent = reply.usage.promptTokens + reply.usage.completionTokens;
      result.usage.promptTokens += reply.usage.promptTokens;
      result.usage.completionTokens += reply.usage.completionTokens;
      result.usage.cachedTokens += reply.usage.cachedTokens;
      const findings = reply.finishReason === "length" ? undefined : parseChildReply(reply.content);
      if (!findings) throw new Error(`the reply was not a findings object (${reply.finishReason})`);
      review.ledger.markExamined(id);
      result.findings.push(...findings.map((f) => ({ ...f, batch: request.batch })));
      opts.journal.emit({
        type: "review.batch",
        id,
        hunks: request.refs.length,
        chars,
        ok: true,
        ms: Date.now() - started,
        usage: reply.usage,
        findings: findings.length,
      });
    } catch (error) {
      review.ledger.markFailed(id);
      result.failed++;
      if (opts.signal.aborted) result.stopped = "cancelled";
      opts.journal.emit({
        type: "review.batch",
        id,
        hunks: request.refs.length,
        chars,
        ok: false,
        ms: Date.now() - started,
        error: describeError(error).message,
      });
    } finally {
      opts.budget.settle(reserved, spent);
      opts.onSettled?.();
    }
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

async function complete(opts: MapOptions, messages: ChatMessage[], cap: number) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await opts.model.complete(messages, [], opts.signal, {
        maxTokens: cap,
      });
    } catch (error) {
      if (opts.signal.aborted || !isTransient(error) || attempt >= opts.retry.attempts) throw error;
      await sleep(retryDelay(error, attempt, opts.retry), opts.signal);
    }
  }
}
