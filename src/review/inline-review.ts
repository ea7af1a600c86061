// A review's findings on their lines: which ones go inline, how each comment reads, and one pull
// request review that GitHub accepts even when it refuses one of the comments.
import { findingMarker } from "./threads.js";
import type { CallOptions, GitHubPort, ReviewCommentInput, ReviewInfo } from "../github/port.js";
import { SEVERITIES, type Severity } from "../outcome/outcome.js";
import type { Finding } from "../outcome/review.js";
import { bound } from "../util/sanitize.js";
import { safeInline, safeMarkdown, type Site } from "../markdown/safe-markdown.js";
import type { PendingWait } from "../review-post.js";

/** GitHub's limit on one review comment's body. */
const INLINE_LIMIT = 65_536;

export interface InlineChoice {
  /** Findings posted on their lines, most severe first. */
  inline: Finding[];
  /** At or above the minimum severity but not posted inline, each with the reason. */
  listed: Array<{ finding: Finding; reason: string }>;
  /** Below the minimum severity: only counted. */
  below: Finding[];
}

const rank = (s: Severity) => SEVERITIES.indexOf(s);

/** Picks the findings that go on their lines: at least `minSeverity`, at most `max`, worst first. */
export function chooseInline(
  findings: readonly Finding[],
  opts: { minSeverity: Severity; max: number },
): InlineChoice {
  const out: InlineChoice = { inline: [], listed: [], below: [] };
  const sorted = [...findings].sort((a, b) => rank(a.severity) - rank(b.severity));
  for (const finding of sorted) {
    if (rank(finding.severity) > rank(opts.minSeverity)) out.below.push(finding);
    else if (out.inline.length < opts.max) out.inline.push(finding);
    else out.listed.push({ finding, reason: `over the limit of ${opts.max} inline comments` });
  }
  return out;
}

/** A fence no run of backticks in `text` can close. */
function fence(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  return "`".repeat(Math.max(3, longest + 1));
}

/**
 * One comment's body: severity, title, the model's words made inert (links stay only to `site`'s
 * repository), and a suggestion on RIGHT.
 */
export function renderInlineBody(finding: Finding, site?: Site): string {
  const title = finding.title ? ` · ${safeInline(finding.title.slice(0, 200), site)}` : "";
  const parts = [`**${finding.severity}**${title}`, "", safeMarkdown(finding.body, { site })];
  if (finding.replacement !== undefined && (finding.side ?? "RIGHT") === "RIGHT") {
    // Inside a code block nothing is a mention or a marker; the fence only has to stay closed.
    const code = finding.replacement.replace(/\r\n?/g, "\n").replace(/\n$/, "");
    const f = fence(code);
    parts.push("", `${f}suggestion`, code, f);
  }
  return bound(parts.join("\n"), INLINE_LIMIT - 100, "_…cut to fit GitHub's limit._");
}

/** A finding as a review comment; positions were placed and checked against the hunk index. */
export function toReviewComment(finding: Finding, site?: Site): ReviewCommentInput {
  const side = finding.side ?? "RIGHT";
  const range = finding.start_line !== undefined && finding.start_line < finding.line;
  return {
    path: finding.path,
    line: finding.line,
    side,
    ...(range ? { startLine: finding.start_line } : {}),
    // The hidden last line tells Rivumi's threads apart later (see `threads.ts`).
    body: `${renderInlineBody(finding, site)}\n${findingMarker(finding)}`,
  };
}

/** Whether a comment is one GitHub could take at all; anything else is never sent. */
export function wellFormed(c: ReviewCommentInput): boolean {
  return (
    c.path !== "" &&
    Number.isInteger(c.line) &&
    c.line > 0 &&
    (c.startLine === undefined ||
      (Number.isInteger(c.startLine) && c.startLine > 0 && c.startLine < c.line))
  );
}

const isUnprocessable = (error: unknown) => (error as { status?: number }).status === 422;

/** GitHub's 422 when the login already has a pending review on the pull request. */
function isOnePending(error: unknown): boolean {
  if (!isUnprocessable(error)) return false;
  const e = error as { message?: string; response?: { data?: unknown } };
  return /one pending review/i.test(`${e.message ?? ""} ${JSON.stringify(e.response?.data ?? "")}`);
}

export interface SentReview {
  /** The review on the pull request; undefined when no comment was left to send. */
  review: ReviewInfo | undefined;
  /** Indexes of the comments GitHub refused, found by splitting the batch. */
  refused: number[];
  /** Another run of this job had already posted its review of this head: this one was not sent. */
  duplicate: boolean;
}

export interface ReviewToSend {
  commitId: string;
  /** Carries `marker`, by which another run of the same job recognises the review. */
  body: string;
  comments: ReviewCommentInput[];
  marker: string;
  /** Rivumi's own login. */
  self: string;
}

const WAIT: PendingWait = { tries: 5, ms: 2_000 };

/**
 * Sends the comments as one review, once per head and job. The review is first created pending:
 * GitHub allows one pending review per login and pull request, so two runs of Rivumi never sit
 * between their check and their submit at once, and the second one finds the first one's review
 * and withdraws its own. A 422 for the comments does not say which one GitHub refused; then the
 * culprits are found by trying halves as pending reviews (seen only by their author, deleted at
 * once), and the review goes out without them.
 */
export async function sendReview(
  github: Pick<GitHubPort, "createReview" | "deletePendingReview" | "submitReview" | "listReviews">,
  pr: number,
  review: ReviewToSend,
  opts: CallOptions & { wait?: PendingWait } = {},
): Promise<SentReview> {
  const wait = opts.wait ?? WAIT;
  const self = review.self.toLowerCase();
  const pending = async (comments: ReviewCommentInput[]): Promise<ReviewInfo> => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await github.createReview(pr, { ...review, comments, event: undefined }, opts);
      } catch (error) {
        if (!isOnePending(error) || attempt > wait.tries) throw error;
        if (attempt < wait.tries) {
          await sleep(wait.ms, opts.signal);
          continue;
        }
        // A pending review that outlived every wait is a dead run's: remove it and go on.
        const stale = (await github.listReviews(pr, opts)).find(
          (r) => r.state === "PENDING" && r.author.toLowerCase() === self,
        );
        if (stale) await github.deletePendingReview(pr, stale.id, opts);
      }
    }
  };

  let refused: number[] = [];
  let held: ReviewInfo;
  try {
    held = await pending(review.comments);
  } catch (error) {
    if (!isUnprocessable(error) || isOnePending(error) || review.comments.length === 0) throw error;
    refused = await culprits(review.comments.map((_, i) => i));
    // Every comment passes alone: the refusal was about the review itself.
    if (refused.length === 0) throw error;
    const kept = review.comments.filter((_, i) => !refused.includes(i));
    if (kept.length === 0) return { review: undefined, refused, duplicate: false };
    held = await pending(kept);
  }
  try {
    const already = (await github.listReviews(pr, opts)).find(
      (r) =>
        r.id !== held.id &&
        r.state !== "PENDING" &&
        r.author.toLowerCase() === self &&
        r.commitId === review.commitId &&
        r.body.includes(review.marker),
    );
    if (already) {
      await github.deletePendingReview(pr, held.id, opts);
      return { review: already, refused, duplicate: true };
    }
    const sent = await github.submitReview(
      pr,
      held.id,
      { body: review.body, event: "COMMENT" },
      opts,
    );
    return { review: sent, refused, duplicate: false };
  } catch (error) {
    // Best effort: a pending review left behind would hold up the next run for a while.
    await github.deletePendingReview(pr, held.id, opts).catch(() => undefined);
    throw error;
  }

  async function culprits(indexes: number[]): Promise<number[]> {
    if (await accepted(indexes)) return [];
    if (indexes.length === 1) return indexes;
    const mid = Math.ceil(indexes.length / 2);
    return [...(await culprits(indexes.slice(0, mid))), ...(await culprits(indexes.slice(mid)))];
  }

  async function accepted(indexes: number[]): Promise<boolean> {
    try {
      const probe = await pending(indexes.map((i) => review.comments[i]!));
      await github.deletePendingReview(pr, probe.id, opts);
      return true;
    } catch (error) {
      if (isUnprocessable(error) && !isOnePending(error)) return false;
      throw error;
    }
  }
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });
}
