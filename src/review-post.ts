// How the publisher hands a `review` publication to the review feature (`review/publish.ts`), which
// the composition root passes in as `postReview`: the feature posts the review and returns what the
// sticky comment must show; publish/ writes that comment, keeps the order and the login, and
// imports no feature. Both sides use this one shape, below them both.
import type { CallOptions, GitHubPort } from "./github/port.js";
import type { Journal } from "./journal/journal.js";
import type { Site } from "./markdown/safe-markdown.js";
import type { Publication, ReviewResult } from "./outcome/outcome.js";
import type { InlineResult, ThreadCounts } from "./outcome/review.js";

/** How long a review waits for another run's pending review before treating it as a dead run's. */
export interface PendingWait {
  tries: number;
  ms: number;
}

/** What the review publication needs from the publisher. */
export interface ReviewPostDeps {
  github: GitHubPort;
  journal: Journal;
  stickyKey: string;
  redact: (text: string) => string;
  /** The repository whose pages the comments may link to. */
  site?: Site | undefined;
  pendingWait?: PendingWait | undefined;
  selfLogin(): Promise<string>;
}

/**
 * What the review publication put on the lines and what the sticky comment that completes it
 * shows and carries. Returned even when GitHub refused the review (`error`): the comment then
 * lists every finding, and the state keeps what earlier reviews recorded.
 */
export interface ReviewPosted {
  /** What went on the lines and what is listed instead; undefined when nothing was to go there. */
  inline: InlineResult | undefined;
  /** The review state's hidden line; undefined when the last one could not be read (it is kept). */
  state: string | undefined;
  /** Why the review itself could not be posted, when it could not. */
  error?: unknown;
  /** What was done with Rivumi's review threads. */
  threads?: ThreadCounts;
  /** Why the replies in threads stopped, when GitHub refused one (a refused resolution is a note). */
  tidyError?: unknown;
}

/** Posts a review's findings on their lines, pinned to the reviewed head; never throws for it. */
export type ReviewPoster = (
  deps: ReviewPostDeps,
  item: Extract<Publication, { kind: "review" }>,
  result: ReviewResult,
  opts: CallOptions,
) => Promise<ReviewPosted>;
