// How the publisher hands a `review` publication to the review feature (`review/publish.ts`), which
// the composition root passes in as `postReview`: publish/ keeps the sticky comment, the order and
// the login, and imports no feature. Both sides use this one shape, below them both.
import type { CallOptions, GitHubPort } from "./github/port.js";
import type { Journal } from "./journal/journal.js";
import type { Site } from "./markdown/safe-markdown.js";
import type { Publication, ReviewResult } from "./outcome/outcome.js";
import type { InlineResult } from "./outcome/review.js";

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
  /** Rivumi's sticky comment as it was before this run wrote to it ("" when there was none). */
  previousBody(pr: number, opts: CallOptions): Promise<string>;
}

/** Where the review publication leaves what the sticky comment that follows it shows. */
export interface ReviewPostSink {
  /** What went on the lines and what is listed instead; called again as that becomes known. */
  inline(result: InlineResult): void;
  /** The review state the sticky comment carries after this run. */
  state(text: string): void;
}

/** Posts a review publication: the findings on their lines, pinned to the reviewed head. */
export type ReviewPoster = (
  deps: ReviewPostDeps,
  sink: ReviewPostSink,
  item: Extract<Publication, { kind: "review" }>,
  result: ReviewResult,
  opts: CallOptions,
) => Promise<void>;
