import type { CallOptions } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { Publication, ReviewResult } from "../outcome/outcome.js";
import { recordedFindings, type Finding, type InlineResult } from "../outcome/review.js";
import type { ReviewPostDeps, ReviewPostSink } from "../review-post.js";
import { fingerprint, postedFinding, readState, renderState } from "./state.js";
import { chooseInline, sendReview, toReviewComment, wellFormed } from "./inline-review.js";

/**
 * The findings on their lines as one review pinned to the reviewed head. What is not posted
 * (below the minimum severity, over the limit, refused by GitHub) is kept for the comment.
 */
export async function publishReview(
  deps: ReviewPostDeps,
  sink: ReviewPostSink,
  item: Extract<Publication, { kind: "review" }>,
  reviewResult: ReviewResult,
  opts: CallOptions,
): Promise<void> {
  // What earlier runs put on the lines, from Rivumi's own comment only (anyone can paste a marker).
  const { state, notice } = readState(await deps.previousBody(item.pr, opts));
  const gone = new Set(item.gone);
  const known = new Set((state?.fingerprints ?? []).filter((f) => !gone.has(f)));
  const remember = (posted: Finding[]) => {
    const reviewed = item.reviewed ?? { head: state?.head, base: state?.base };
    sink.state(
      renderState({
        v: 2,
        ...(reviewed.head && reviewed.base ? { head: reviewed.head, base: reviewed.base } : {}),
        fingerprints: [...known, ...posted.map(fingerprint)],
        posted: [
          ...(state?.posted ?? []).filter((p) => !gone.has(p.f)),
          ...posted.map(postedFinding).filter((p) => p !== undefined),
        ],
      }),
    );
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
  if (!item.inline) {
    // Nothing goes on the lines; the state still moves on to this head.
    remember([]);
    return;
  }
  // Until it is sent, every chosen finding is listed: a failed review loses none of them.
  sink.inline({
    ...result,
    listed: [
      ...choice.inline.map((finding) => ({ finding, reason: "the review could not be posted" })),
      ...choice.listed,
    ],
  });
  const comments = choice.inline.map((f) => ({
    finding: f,
    comment: toReviewComment(f, deps.site),
  }));
  const sendable = comments.filter((c) => wellFormed(c.comment));
  for (const c of comments)
    if (!sendable.includes(c))
      result.listed.push({ finding: c.finding, reason: "its line numbers are not valid" });
  if (sendable.length === 0) {
    sink.inline(result);
    remember([]);
    return;
  }
  const n = sendable.length;
  const marker = `<!-- rivumi:review ${deps.stickyKey} -->`;
  const body = `${marker}\n${deps.redact(
    `Rivumi's review of \`${item.commitId.slice(0, 12)}\`: ${n} finding${n === 1 ? "" : "s"} on ${n === 1 ? "its line" : "their lines"}. The summary, the coverage and everything not shown here are in Rivumi's comment on this pull request.`,
  )}`;
  const sent = await sendReview(
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
  if (sent.duplicate) {
    // Another run of this job reviewed this head first: its review stands, and what this run
    // would have added is listed instead.
    for (const c of sendable)
      result.listed.push({
        finding: c.finding,
        reason: "this head already has Rivumi's review from another run",
      });
    result.url = sent.review?.url;
    sink.inline(result);
    remember(sendable.map((c) => c.finding));
    return;
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
  sink.inline(result);
  const onLines = sendable.filter((_, i) => !sent.refused.includes(i)).map((c) => c.finding);
  remember(onLines);
  // A review is journaled as the comment it is on GitHub's side: a body with line comments. It
  // comes first, as the event that ends the time GitHub took, so that time counts as publishing.
  if (sent.review)
    deps.journal.emit({
      type: "publish.comment",
      action: "created",
      id: sent.review.id,
      url: sent.review.url,
      state: sent.duplicate
        ? "review: already posted by another run of this job"
        : `review: ${result.posted} inline, ${sent.refused.length} refused`,
      bytes: body.length,
    });
  recordPlacements(deps.journal, reviewResult, onLines, sent.review?.url);
  return;
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
