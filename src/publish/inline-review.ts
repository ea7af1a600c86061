// A review's findings on their lines: which ones go inline, how each comment reads, and one pull
// request review that GitHub accepts even when it refuses one of the comments.
import type { CallOptions, GitHubPort, ReviewCommentInput, ReviewInfo } from "../github/port.js";
import { SEVERITIES, type Severity } from "../outcome/outcome.js";
import type { Finding } from "../outcome/review.js";
import { bound, neutralizeMarkdown } from "../util/sanitize.js";

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

/** One comment's body: severity, title, the model's words neutralised, and a suggestion on RIGHT. */
export function renderInlineBody(finding: Finding): string {
  const head = `**${finding.severity}**${finding.title ? ` · ${neutralizeMarkdown(oneLine(finding.title))}` : ""}`;
  const parts = [head, "", neutralizeMarkdown(finding.body)];
  if (finding.replacement !== undefined && (finding.side ?? "RIGHT") === "RIGHT") {
    // Inside a code block nothing is a mention or a marker; the fence only has to stay closed.
    const code = finding.replacement.replace(/\r\n?/g, "\n").replace(/\n$/, "");
    const f = fence(code);
    parts.push("", `${f}suggestion`, code, f);
  }
  return bound(parts.join("\n"), INLINE_LIMIT - 100, "_…cut to fit GitHub's limit._");
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, " ").slice(0, 200);

/** A finding as a review comment; positions were placed and checked against the hunk index. */
export function toReviewComment(finding: Finding): ReviewCommentInput {
  const side = finding.side ?? "RIGHT";
  const range = finding.start_line !== undefined && finding.start_line < finding.line;
  return {
    path: finding.path,
    line: finding.line,
    side,
    ...(range ? { startLine: finding.start_line } : {}),
    body: renderInlineBody(finding),
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

export interface SentReview {
  /** The review posted; undefined when no comment was left to send. */
  review: ReviewInfo | undefined;
  /** Indexes of the comments GitHub refused, found by splitting the batch. */
  refused: number[];
}

/**
 * Sends the comments as one review. GitHub refuses the whole review with a 422 that does not say
 * which comment it refused; then the culprits are found by trying halves as pending reviews
 * (seen only by their author, deleted at once), and the review goes out once without them.
 */
export async function sendReview(
  github: Pick<GitHubPort, "createReview" | "deletePendingReview">,
  pr: number,
  review: { commitId: string; body: string; comments: ReviewCommentInput[] },
  opts: CallOptions = {},
): Promise<SentReview> {
  const send = (comments: ReviewCommentInput[]) =>
    github.createReview(pr, { ...review, comments, event: "COMMENT" }, opts);
  try {
    return { review: await send(review.comments), refused: [] };
  } catch (error) {
    if (!isUnprocessable(error) || review.comments.length === 0) throw error;
    const refused = await culprits(review.comments.map((_, i) => i));
    // Every comment passes alone: the refusal was about the review itself.
    if (refused.length === 0) throw error;
    const kept = review.comments.filter((_, i) => !refused.includes(i));
    if (kept.length === 0) return { review: undefined, refused };
    return { review: await send(kept), refused };
  }

  async function culprits(indexes: number[]): Promise<number[]> {
    if (await accepted(indexes)) return [];
    if (indexes.length === 1) return indexes;
    const mid = Math.ceil(indexes.length / 2);
    return [...(await culprits(indexes.slice(0, mid))), ...(await culprits(indexes.slice(mid)))];
  }

  async function accepted(indexes: number[]): Promise<boolean> {
    const comments = indexes.map((i) => review.comments[i]!);
    try {
      const pending = await github.createReview(
        pr,
        { ...review, comments, event: undefined },
        opts,
      );
      await github.deletePendingReview(pr, pending.id, opts);
      return true;
    } catch (error) {
      if (isUnprocessable(error)) return false;
      throw error;
    }
  }
}
