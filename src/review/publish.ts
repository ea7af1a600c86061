import { errorText } from "../util/error-text.js";
import type { CallOptions } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { Publication, ReviewResult } from "../outcome/outcome.js";
import {
  recordedFindings,
  type Finding,
  type InlineResult,
  type ThreadCounts,
} from "../outcome/review.js";
import type { ReviewPostDeps, ReviewPosted } from "../review-post.js";
import { fingerprint, postedFinding, renderState } from "./state.js";
import { chooseInline, sendReview, toReviewComment, wellFormed } from "./inline-review.js";

/**
 * The findings on their lines as one review pinned to the reviewed head, and what the sticky
 * comment that completes the publication shows: what is not posted (below the minimum severity,
 * over the limit, refused by GitHub) is listed there, and the state moves on. The last review's
 * state comes with the item, as read before the mode; nothing here reads it again.
 */
export async function publishReview(
  deps: ReviewPostDeps,
  item: Extract<Publication, { kind: "review" }>,
  reviewResult: ReviewResult,
  opts: CallOptions,
): Promise<ReviewPosted> {
  const posted = await postFindings(deps, item, reviewResult, opts);
  const tidied = await tidyThreads(deps, item, opts);
  return {
    ...posted,
    threads: tidied.counts,
    ...(tidied.error ? { tidyError: tidied.error } : {}),
  };
}

/**
 * Carries out what the review decided about its threads: resolves the fixed ones until GitHub
 * first refuses (then resolves no more this run, and says why, naming the permission when it is
 * one), and answers the "fixed" claims whose line is still there (a reply needs only
 * `pull-requests: write`, so a refused resolution does not stop them).
 */
async function tidyThreads(
  deps: ReviewPostDeps,
  item: Extract<Publication, { kind: "review" }>,
  opts: CallOptions,
): Promise<{ counts: ThreadCounts; error?: unknown }> {
  const { threads } = item;
  const counts: ThreadCounts = {
    resolved: 0,
    replied: 0,
    dismissals: threads.dismissed.length,
    suppressed: threads.suppressed,
    ...(threads.unread ? { unread: threads.unread } : {}),
  };
  try {
    for (const t of threads.resolve) {
      await deps.github.resolveReviewThread(t.id, opts);
      counts.resolved++;
    }
  } catch (error) {
    counts.refused = refusedWhy(error);
    deps.journal.emit({
      type: "publish.failed",
      target: "review thread resolution",
      error: deps.redact(counts.refused),
    });
  }
  try {
    for (const r of threads.replies) {
      await deps.github.replyToReviewComment(item.pr, r.commentId, deps.redact(r.body), opts);
      counts.replied++;
    }
  } catch (error) {
    return { counts, error };
  }
  return { counts };
}

/** Why resolving stopped, for the comment, the summary and `result.json`. */
function refusedWhy(error: unknown): string {
  const text = errorText(error);
  return (error as { type?: unknown }).type === "FORBIDDEN"
    ? `GitHub refused to resolve a review thread (${text}): the workflow's token needs \`permissions: contents: write\`, or set resolve-outdated-threads: false`
    : `GitHub refused to resolve a review thread: ${text}`;
}

async function postFindings(
  deps: ReviewPostDeps,
  item: Extract<Publication, { kind: "review" }>,
  reviewResult: ReviewResult,
  opts: CallOptions,
): Promise<ReviewPosted> {
  const { state, notice, unread } = item.last;
  const gone = new Set(item.gone);
  const known = new Set((state?.fingerprints ?? []).filter((f) => !gone.has(f)));
  const stateAfter = (posted: Finding[]) => {
    const reviewed = item.reviewed ?? { head: state?.head, base: state?.base };
    return renderState({
      v: 2,
      ...(reviewed.head && reviewed.base ? { head: reviewed.head, base: reviewed.base } : {}),
      fingerprints: [...known, ...posted.map(fingerprint)],
      posted: [
        ...(state?.posted ?? []).filter((p) => !gone.has(p.f)),
        ...posted.map(postedFinding).filter((p) => p !== undefined),
      ],
      dismissed: [...(state?.dismissed ?? []), ...item.threads.dismissed],
    });
  };
  const findings = item.inline ? (reviewResult.review?.findings ?? []) : [];
  const fresh = findings.filter((f) => !known.has(fingerprint(f)));
  const choice = chooseInline(fresh, { minSeverity: item.minSeverity, max: item.maxComments });
  const result: InlineResult = {
    url: undefined,
    posted: 0,
    listed: choice.listed,
    below: choice.below,
    repeated: findings.length - fresh.length,
    ...(notice ? { notice } : {}),
  };
  // Nothing goes on the lines; the state still moves on to this head.
  if (!item.inline)
    return { inline: undefined, state: unread === undefined ? stateAfter([]) : undefined };
  // Every chosen finding is listed instead: the state line already in the comment stays.
  const listedAll = (reason: string): InlineResult => ({
    ...result,
    listed: [...choice.inline.map((finding) => ({ finding, reason })), ...choice.listed],
  });
  // Without what earlier reviews put on the lines, any finding could be a repeat.
  if (unread !== undefined)
    return {
      inline: listedAll(
        "Rivumi could not read its earlier comment, so it put nothing on the lines rather than repeat a finding",
      ),
      state: undefined,
    };
  const comments = choice.inline.map((f) => ({
    finding: f,
    comment: toReviewComment(f, deps.site),
  }));
  const sendable = comments.filter((c) => wellFormed(c.comment));
  for (const c of comments)
    if (!sendable.includes(c))
      result.listed.push({ finding: c.finding, reason: "its line numbers are not valid" });
  if (sendable.length === 0) return { inline: result, state: stateAfter([]) };
  const n = sendable.length;
  const marker = `<!-- rivumi:review ${deps.stickyKey} -->`;
  const body = `${marker}\n${deps.redact(
    `Rivumi's review of \`${item.commitId.slice(0, 12)}\`: ${n} finding${n === 1 ? "" : "s"} on ${n === 1 ? "its line" : "their lines"}. The summary, the coverage and everything not shown here are in Rivumi's comment on this pull request.`,
  )}`;
  let sent;
  try {
    sent = await sendReview(
      deps.github,
      item.pr,
      {
        commitId: item.commitId,
        body,
        comments: sendable.map((c) => ({ ...c.comment, body: deps.redact(c.comment.body) })),
        marker,
        self: await deps.selfLogin(),
      },
      { ...opts, ...(deps.pendingWait ? { wait: deps.pendingWait } : {}) },
    );
  } catch (error) {
    // A failed review loses no finding: the comment lists them all.
    return { inline: listedAll("the review could not be posted"), state: undefined, error };
  }
  if (sent.duplicate) {
    // Another run of this job reviewed this head first: its review stands, and what this run
    // would have added is listed instead.
    for (const c of sendable)
      result.listed.push({
        finding: c.finding,
        reason: "this head already has Rivumi's review from another run",
      });
    result.url = sent.review?.url;
    return { inline: result, state: stateAfter(sendable.map((c) => c.finding)) };
  }
  sendable.forEach((c, i) => {
    if (sent.refused.includes(i))
      result.listed.push({
        finding: c.finding,
        reason: "GitHub refused its place in the diff",
      });
  });
  result.url = sent.review?.url;
  result.posted = n - sent.refused.length;
  const onLines = sendable.filter((_, i) => !sent.refused.includes(i)).map((c) => c.finding);
  // A review is journaled as the comment it is on GitHub's side: a body with line comments. It
  // comes first, as the event that ends the time GitHub took, so that time counts as publishing.
  if (sent.review)
    deps.journal.emit({
      type: "publish.comment",
      action: "created",
      id: sent.review.id,
      url: sent.review.url,
      state: `review: ${result.posted} inline, ${sent.refused.length} refused`,
      bytes: body.length,
    });
  recordPlacements(deps.journal, reviewResult, onLines, sent.review?.url);
  return { inline: result, state: stateAfter(onLines) };
}

/**
 * The review's findings again, now that it is known which went on their lines: the journal's
 * page shows the last `review.findings` event.
 */
function recordPlacements(
  journal: Journal,
  reviewResult: ReviewResult,
  onLines: Finding[],
  url: string | undefined,
): void {
  journal.emit({
    type: "review.findings",
    findings: recordedFindings(reviewResult.review?.findings ?? [], reviewResult.unanchored, {
      inline: new Set(onLines),
      url,
    }),
  });
}
