import { errorText } from "../util/error-text.js";
import type { CallOptions, GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { Annotation, FixPosted, Outcome, Progress, Publication } from "../outcome/outcome.js";
import { bound } from "../util/sanitize.js";
import type { ThreadCounts } from "../outcome/review.js";
import type { PendingWait, ReviewPosted, ReviewPoster } from "../review-post.js";
import type { FeatureTexts } from "./feature-texts.js";
import { COMMENT_LIMIT, MARKER_ROOM } from "../markdown/limits.js";
import { renderProgress } from "./render.js";
import { redactOutcomeText } from "./redact-outcome.js";
import type { Site } from "../markdown/safe-markdown.js";
import { commitFix } from "./fix-commit.js";
import { writeIssueByMarker } from "./issue-by-marker.js";
import { StickyComment, stickyKey } from "./sticky-comment.js";

/** What one `publishAll` learns as it goes: failures by target, and what a review did with its threads. */
interface Tally {
  fail(target: string, error: unknown): void;
  threads?: ThreadCounts;
  fix?: FixPosted;
}

const CUT_NOTE =
  "_…cut to fit GitHub's comment limit; the full result is in the journal artifact._";

/** How each kind of publication is named in the journal and the log when it fails. */
const TARGETS: Record<Publication["kind"], string> = {
  "sticky-comment": "comment",
  review: "review with inline comments",
  reaction: "memory reaction",
  reply: "memory reply",
  "thread-reply": "reply in the review thread",
  "issue-by-marker": "triage issue",
  annotations: "annotations",
  "fix-commit": "fix commit",
};

/**
 * Carries out an outcome's publications on GitHub, and the progress notes before it. The one
 * place that writes results to GitHub: it keeps the sticky comment of each pull request, so the
 * final result updates the comment the progress note created.
 */
export class Publisher {
  private readonly stickies = new Map<string, StickyComment>();
  /** The final content of each sticky comment `publishAll` wrote, for the artifact's link. */
  private readonly written = new Map<StickyComment, string>();
  /** How to write again each comment and issue `publishAll` wrote, from another outcome. */
  private readonly rendered: Array<(outcome: Outcome, opts: CallOptions) => Promise<unknown>> = [];
  private self: Promise<string> | undefined;

  constructor(
    private readonly github: GitHubPort,
    private readonly opts: {
      journal: Journal;
      /** See `stickyKey`. */
      stickyKey: string;
      /** The `bot-login` input, when the workflow names Rivumi's login itself. */
      botLogin: string | undefined;
      redact: (text: string) => string;
      /** Each feature's own texts in the comment and the issue. */
      texts: FeatureTexts;
      /** Posts a review publication (`review/publish.ts`). */
      postReview: ReviewPoster;
      /** The repository whose pages what is posted may link to; without it nothing links. */
      site?: Site;
      /** How long a review waits for another run's pending review (tests shorten it). */
      pendingWait?: PendingWait;
      /** Writes one annotation to the run (a workflow command); annotations are skipped without it. */
      annotate?: (annotation: Annotation) => Promise<void>;
    },
  ) {}

  /**
   * The login Rivumi posts as: the `bot-login` input, or the token's own, remembered only once it
   * succeeds, so a transient failure is asked again.
   */
  readonly selfLogin = (): Promise<string> => {
    if (!this.self) {
      const asking = this.opts.botLogin
        ? Promise.resolve(this.opts.botLogin)
        : this.github.viewerLogin();
      this.self = asking;
      asking.catch(() => (this.self = undefined));
    }
    return this.self;
  };

  private sticky(pr: number, key = this.opts.stickyKey): StickyComment {
    let sticky = this.stickies.get(`${pr} ${key}`);
    if (!sticky) {
      sticky = new StickyComment(this.github, pr, this.selfLogin, key);
      this.stickies.set(`${pr} ${key}`, sticky);
    }
    return sticky;
  }

  /**
   * The body of Rivumi's own sticky comment on the pull request as it was before this run wrote to
   * it ("" when there was none): the review reads its last state from it (`review/state.ts`).
   */
  async previousBody(pr: number, opts: CallOptions = {}): Promise<string> {
    return (await this.sticky(pr).previous(opts)) ?? "";
  }

  /** Best effort: a failed progress note must not stop the run; the result tries again. */
  progress(update: Progress): void {
    const journal = this.opts.journal;
    this.sticky(update.pr)
      .upsert(renderProgress(update))
      .then(
        ({ action, comment, superseded }) => {
          // A newer text took this note's place; whoever wrote that journals the write.
          if (superseded) return;
          journal.emit({
            type: "publish.comment",
            action,
            id: comment.id,
            url: comment.url,
            state: "progress",
            bytes: comment.body.length,
          });
        },
        (error: unknown) =>
          journal.emit({
            type: "publish.failed",
            target: "progress comment",
            error: this.opts.redact(errorText(error)),
          }),
      );
  }

  /**
   * Carries out every publication of the outcome, in order, each best effort: a failure is
   * journaled and returned, and the next one still happens. Returns the sticky comment's URL.
   * `opts.signal` abandons what is in flight and what is left (each left item is a failure).
   */
  async publishAll(
    outcome: Outcome,
    opts: CallOptions = {},
  ): Promise<{
    commentUrl: string | undefined;
    failures: { target: string; error: string }[];
    /** What the review publication did with Rivumi's review threads, when there was one. */
    threads?: ThreadCounts;
    /** What became of a fix's commit, when there was one. */
    fix?: FixPosted;
  }> {
    let commentUrl: string | undefined;
    const failures: { target: string; error: string }[] = [];
    const tally: Tally = {
      fail: (target, error) => {
        const failure = { target, error: this.opts.redact(errorText(error)) };
        this.opts.journal.emit({ type: "publish.failed", ...failure });
        failures.push(failure);
      },
    };
    const shown = redactOutcomeText(outcome, this.opts.redact);
    for (const item of outcome.publications) {
      try {
        if (opts.signal?.aborted) throw new Error("publishing ran out of time before it");
        commentUrl = (await this.publish(item, shown, opts, tally)) ?? commentUrl;
      } catch (error) {
        tally.fail(TARGETS[item.kind], error);
      }
    }
    return {
      commentUrl,
      failures,
      ...(tally.threads ? { threads: tally.threads } : {}),
      ...(tally.fix ? { fix: tally.fix } : {}),
    };
  }

  /**
   * Adds a line with the journal artifact's link to every sticky comment `publishAll` wrote:
   * the artifact exists only after the comment, which must not wait for it. A comment with no
   * room left under GitHub's limit keeps its artifact name only.
   */
  async linkArtifact(url: string, opts: CallOptions = {}): Promise<void> {
    const line = `\n<sub>[Journal and result files](${url})</sub>`;
    for (const [sticky, content] of this.written) {
      if (content.length + line.length > COMMENT_LIMIT - MARKER_ROOM) continue;
      await sticky.upsert(content + line, opts);
    }
  }

  /**
   * Writes every comment and issue `publishAll` wrote again, rendered from `outcome`: what
   * happened after them changed what they must say (the journal artifact's upload failed, so the
   * run is partial and the artifact they named does not exist). A review's findings stay on their
   * lines; its comment is written again. Throws at the first failure.
   */
  async republish(outcome: Outcome, opts: CallOptions = {}): Promise<void> {
    for (const again of this.rendered) await again(outcome, opts);
  }

  /**
   * Publishes one item; returns the URL of the sticky comment it wrote, if any. Throws on
   * failure, except a review's: its parts fail one by one, through `tally`.
   */
  private async publish(
    item: Publication,
    outcome: Outcome,
    opts: CallOptions,
    tally: Tally,
  ): Promise<string | undefined> {
    const { journal, redact } = this.opts;
    switch (item.kind) {
      case "sticky-comment": {
        const again = (o: Outcome, op: CallOptions) => this.comment(item.pr, item.key, o, {}, op);
        const url = await again(outcome, opts);
        this.rendered.push(again);
        return url;
      }
      case "review": {
        if (outcome.result.kind !== "review")
          throw new Error("a review publication is rendered from a review");
        const posted = await this.opts
          .postReview(
            {
              github: this.github,
              journal,
              stickyKey: this.opts.stickyKey,
              redact,
              site: this.opts.site,
              pendingWait: this.opts.pendingWait,
              selfLogin: this.selfLogin,
            },
            item,
            outcome.result,
            opts,
          )
          .catch((error: unknown): ReviewPosted => ({
            inline: undefined,
            state: undefined,
            error,
          }));
        if (posted.error !== undefined) tally.fail(TARGETS.review, posted.error);
        if (posted.tidyError !== undefined) tally.fail("review thread replies", posted.tidyError);
        if (posted.threads) tally.threads = posted.threads;
        // The comment completes the review: it lists what is not on the lines, and the state.
        return this.completing(item.pr, undefined, outcome, posted, opts, tally);
      }
      case "fix-commit": {
        // The commit first, then the comment that says what became of it.
        const fix = await commitFix(this.github, journal, item, redact, opts);
        tally.fix = fix;
        if (fix.kind === "failed") tally.fail(TARGETS["fix-commit"], fix.error);
        return this.completing(item.pr, item.key, outcome, { fix }, opts, tally);
      }
      case "reaction":
        if (item.on === "review-comment")
          await this.github.createReviewCommentReaction(item.commentId, item.content, opts);
        else await this.github.createReaction(item.commentId, item.content, opts);
        return undefined;
      case "reply": {
        const comment = await this.github.createIssueComment(item.issue, redact(item.body), opts);
        journal.emit({
          type: "publish.comment",
          action: "created",
          id: comment.id,
          url: comment.url,
          state: item.state,
          bytes: comment.body.length,
        });
        return undefined;
      }
      case "thread-reply": {
        const body = redact(item.body);
        const reply = await this.github.replyToReviewComment(item.pr, item.commentId, body, opts);
        journal.emit({
          type: "publish.comment",
          action: "created",
          id: reply.id,
          url: reply.url,
          state: item.state,
          bytes: body.length,
        });
        return undefined;
      }
      case "issue-by-marker": {
        const again = (o: Outcome, op: CallOptions) =>
          writeIssueByMarker(
            { github: this.github, journal, redact, selfLogin: this.selfLogin },
            { key: item.key, ...this.opts.texts.issue(o, item.title) },
            o.conclusion,
            op,
          );
        await again(outcome, opts);
        this.rendered.push(again);
        return undefined;
      }
      case "annotations":
        for (const annotation of item.items)
          await this.opts.annotate?.({
            ...annotation,
            message: redact(annotation.message),
            title: redact(annotation.title),
          });
        return undefined;
    }
  }

  /**
   * Writes the comment that completes a review's or a fix's publication from what it posted, and
   * keeps how to write it again; a failure is the comment's own, not what it completes.
   */
  private async completing(
    pr: number,
    key: string | undefined,
    outcome: Outcome,
    posted: Partial<ReviewPosted> & { fix?: FixPosted },
    opts: CallOptions,
    tally: Tally,
  ): Promise<string | undefined> {
    const again = (o: Outcome, op: CallOptions) => this.comment(pr, key, o, posted, op);
    try {
      const url = await again(outcome, opts);
      this.rendered.push(again);
      return url;
    } catch (error) {
      tally.fail(TARGETS["sticky-comment"], error);
      return undefined;
    }
  }

  /**
   * Writes a sticky comment rendered from `outcome`: the job's own (`key` undefined) or a keyed
   * one. After a review, `posted` is what it put on the lines and the state line it carries
   * forward; returns the comment's URL.
   */
  private async comment(
    pr: number,
    key: string | undefined,
    outcome: Outcome,
    posted: Partial<ReviewPosted> & { fix?: FixPosted },
    opts: CallOptions,
  ): Promise<string> {
    const { texts, site } = this.opts;
    const body = this.opts.redact(
      texts.comment(outcome, posted.inline, site, posted.threads, posted.fix),
    );
    const sticky = this.sticky(
      pr,
      key === undefined
        ? undefined
        : stickyKey({ configured: key, workflow: undefined, job: undefined }),
    );
    const state = posted.state;
    // The state line is hidden and small; the visible text gives way to it at the limit.
    const room = COMMENT_LIMIT - MARKER_ROOM - (state ? state.length + 1 : 0);
    const visible = body.length > room ? bound(body, room, CUT_NOTE) : body;
    const content = state ? `${visible}\n${state}` : visible;
    const { action, comment } = await sticky.upsert(content, opts);
    this.written.set(sticky, content);
    this.opts.journal.emit({
      type: "publish.comment",
      action,
      id: comment.id,
      url: comment.url,
      state: outcome.conclusion,
      bytes: comment.body.length,
    });
    return comment.url;
  }
}
