import type { CallOptions, GitHubPort } from "../github/port.js";
import type { Journal } from "../journal/journal.js";
import type { Annotation, Outcome, Progress, Publication } from "../outcome/outcome.js";
import { recordedFindings, type Finding } from "../outcome/review.js";
import { bound } from "../util/sanitize.js";
import {
  chooseInline,
  sendReview,
  toReviewComment,
  wellFormed,
  type PendingWait,
} from "./inline-review.js";
import {
  fingerprint,
  postedFinding,
  readState,
  renderState,
  type LastReview,
} from "../outcome/review-state.js";
import {
  COMMENT_LIMIT,
  MARKER_ROOM,
  renderComment,
  renderProgress,
  type InlineResult,
} from "./render.js";
import { StickyComment, stickyKey } from "./sticky-comment.js";
import { renderTriageComment, renderTriageIssue, titleText } from "./triage-render.js";

const CUT_NOTE =
  "_…cut to fit GitHub's comment limit; the full result is in the journal artifact._";

/** How each kind of publication is named in the journal and the log when it fails. */
const TARGETS: Record<Publication["kind"], string> = {
  "sticky-comment": "comment",
  review: "review with inline comments",
  reaction: "memory reaction",
  reply: "memory reply",
  "issue-by-marker": "triage issue",
  annotations: "annotations",
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
  private self: Promise<string> | undefined;
  /** What the review publication put on the lines, for the sticky comment that follows it. */
  private inline: InlineResult | undefined;
  /** The review state the sticky comment of each pull request carries after this run. */
  private readonly states = new Map<number, string>();

  constructor(
    private readonly github: GitHubPort,
    private readonly opts: {
      journal: Journal;
      /** See `stickyKey`. */
      stickyKey: string;
      /** The `bot-login` input, when the workflow names Rivumi's login itself. */
      botLogin: string | undefined;
      redact: (text: string) => string;
      /** How long a review waits for another run's pending review (tests shorten it). */
      pendingWait?: PendingWait;
      /** Writes one annotation to the run (a workflow command); annotations are skipped without it. */
      annotate?: (annotation: Annotation) => Promise<void>;
    },
  ) {}

  /** The token's own login; remembered only once it succeeds, so a transient failure is asked again. */
  private selfLogin = (): Promise<string> => {
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
   * What Rivumi's own sticky comment on the pull request remembered before this run wrote to it:
   * the last review's state, or why it was ignored.
   */
  async lastReview(pr: number, opts: CallOptions = {}): Promise<LastReview> {
    return readState((await this.sticky(pr).previous(opts)) ?? "");
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
            error: this.opts.redact(error instanceof Error ? error.message : String(error)),
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
  ): Promise<{ commentUrl: string | undefined; failures: { target: string; error: string }[] }> {
    let commentUrl: string | undefined;
    const failures: { target: string; error: string }[] = [];
    for (const item of outcome.publications) {
      try {
        if (opts.signal?.aborted) throw new Error("publishing ran out of time before it");
        const url = await this.publish(item, outcome, opts);
        if (item.kind === "sticky-comment") commentUrl = url;
      } catch (error) {
        const failure = {
          target: TARGETS[item.kind],
          error: this.opts.redact(error instanceof Error ? error.message : String(error)),
        };
        this.opts.journal.emit({ type: "publish.failed", ...failure });
        failures.push(failure);
      }
    }
    return { commentUrl, failures };
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

  /** Publishes one item; returns the URL of the comment it wrote, if any. Throws on failure. */
  async publish(
    item: Publication,
    outcome: Outcome,
    opts: CallOptions = {},
  ): Promise<string | undefined> {
    const { journal, redact } = this.opts;
    switch (item.kind) {
      case "sticky-comment": {
        const { triage } = outcome;
        const body = redact(
          triage
            ? renderTriageComment({ ...outcome, triage })
            : renderComment(outcome, this.inline),
        );
        const key =
          item.key === undefined
            ? undefined
            : stickyKey({ configured: item.key, workflow: undefined, job: undefined });
        const sticky = this.sticky(item.pr, key);
        const state = key === undefined ? this.states.get(item.pr) : undefined;
        // The state line is hidden and small; the visible text gives way to it at the limit.
        const room = COMMENT_LIMIT - MARKER_ROOM - (state ? state.length + 1 : 0);
        const visible = body.length > room ? bound(body, room, CUT_NOTE) : body;
        const content = state ? `${visible}\n${state}` : visible;
        const { action, comment } = await sticky.upsert(content, opts);
        this.written.set(sticky, content);
        journal.emit({
          type: "publish.comment",
          action,
          id: comment.id,
          url: comment.url,
          state: outcome.conclusion,
          bytes: comment.body.length,
        });
        return comment.url;
      }
      case "review":
        return this.review(item, outcome, opts);
      case "reaction":
        await this.github.createReaction(item.commentId, item.content, opts);
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
        return comment.url;
      }
      case "issue-by-marker":
        return this.issueByMarker(item, outcome, opts);
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
   * The findings on their lines as one review pinned to the reviewed head. What is not posted
   * (below the minimum severity, over the limit, refused by GitHub) is kept for the comment.
   */
  private async review(
    item: Extract<Publication, { kind: "review" }>,
    outcome: Outcome,
    opts: CallOptions,
  ): Promise<string | undefined> {
    // What earlier runs put on the lines, from Rivumi's own comment only (anyone can paste a marker).
    const { state, notice } = await this.lastReview(item.pr, opts);
    const gone = new Set(item.gone);
    const known = new Set((state?.fingerprints ?? []).filter((f) => !gone.has(f)));
    const remember = (posted: Finding[]) => {
      const reviewed = item.reviewed ?? { head: state?.head, base: state?.base };
      this.states.set(
        item.pr,
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
    const findings = item.inline ? (outcome.review?.findings ?? []) : [];
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
      return undefined;
    }
    // Until it is sent, every chosen finding is listed: a failed review loses none of them.
    this.inline = {
      ...result,
      listed: [
        ...choice.inline.map((finding) => ({ finding, reason: "the review could not be posted" })),
        ...choice.listed,
      ],
    };
    const comments = choice.inline.map((f) => ({ finding: f, comment: toReviewComment(f) }));
    const sendable = comments.filter((c) => wellFormed(c.comment));
    for (const c of comments)
      if (!sendable.includes(c))
        result.listed.push({ finding: c.finding, reason: "its line numbers are not valid" });
    if (sendable.length === 0) {
      this.inline = result;
      remember([]);
      return undefined;
    }
    const n = sendable.length;
    const marker = `<!-- rivumi:review ${this.opts.stickyKey} -->`;
    const body = `${marker}\n${this.opts.redact(
      `Rivumi's review of \`${item.commitId.slice(0, 12)}\`: ${n} finding${n === 1 ? "" : "s"} on ${n === 1 ? "its line" : "their lines"}. The summary, the coverage and everything not shown here are in Rivumi's comment on this pull request.`,
    )}`;
    const sent = await sendReview(
      this.github,
      item.pr,
      {
        commitId: item.commitId,
        body,
        comments: sendable.map((c) => ({ ...c.comment, body: this.opts.redact(c.comment.body) })),
        marker,
        self: await this.selfLogin(),
      },
      { ...opts, ...(this.opts.pendingWait ? { wait: this.opts.pendingWait } : {}) },
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
      this.inline = result;
      remember(sendable.map((c) => c.finding));
      return undefined;
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
    this.inline = result;
    const onLines = sendable.filter((_, i) => !sent.refused.includes(i)).map((c) => c.finding);
    remember(onLines);
    this.recordPlacements(outcome, onLines, sent.review?.url);
    // A review is journaled as the comment it is on GitHub's side: a body with line comments.
    if (sent.review)
      this.opts.journal.emit({
        type: "publish.comment",
        action: "created",
        id: sent.review.id,
        url: sent.review.url,
        state: sent.duplicate
          ? "review: already posted by another run of this job"
          : `review: ${result.posted} inline, ${sent.refused.length} refused`,
        bytes: body.length,
      });
    return undefined;
  }

  /**
   * The review's findings again, now that it is known which went on their lines: the journal's
   * page shows the last `review.findings` event.
   */
  private recordPlacements(outcome: Outcome, onLines: Finding[], url: string | undefined): void {
    this.opts.journal.emit({
      type: "review.findings",
      findings: recordedFindings(outcome.review?.findings ?? [], outcome.unanchored ?? [], {
        inline: new Set(onLines),
        url,
      }),
    });
  }

  /**
   * Updates the open issue Rivumi opened for this key, found by the hidden marker on its first
   * line and its author (anyone can paste a marker), or opens one. Returns the issue's URL.
   */
  private async issueByMarker(
    item: Extract<Publication, { kind: "issue-by-marker" }>,
    outcome: Outcome,
    opts: CallOptions,
  ): Promise<string> {
    const { triage } = outcome;
    if (!triage) throw new Error("an issue by marker is rendered from a triage");
    const marker = `<!-- rivumi:issue ${stickyKey({ configured: item.key, workflow: undefined, job: undefined })} -->`;
    const body = `${marker}\n${this.opts.redact(renderTriageIssue({ ...outcome, triage }))}`;
    const title = this.opts.redact(titleText(item.title)).slice(0, 256);
    const login = await this.selfLogin();
    const self = login.toLowerCase();
    const own = (await this.github.listOpenIssuesBy(login, opts))
      .filter(
        (i) => i.author.toLowerCase() === self && i.body.split("\n", 1)[0]?.trimEnd() === marker,
      )
      .sort((a, b) => a.number - b.number)[0];
    const issue = own
      ? await this.github.updateIssue(own.number, { title, body }, opts)
      : await this.github.createIssue(title, body, opts);
    this.opts.journal.emit({
      type: "publish.comment",
      action: own ? "updated" : "created",
      id: issue.number,
      url: issue.url,
      state: outcome.conclusion,
      bytes: body.length,
    });
    return issue.url;
  }
}
