/**
 * Pull-request reviews and review comments. A comment must sit on a line of its file's diff
 * (RIGHT: added or context lines by head numbering; LEFT: removed or context lines by base
 * numbering), as GitHub requires; otherwise the whole review is refused with 422.
 */
import {
  checkBodyLength,
  notFound,
  ok,
  okPage,
  unprocessable,
  type RouteResult,
} from "./github-http.js";
import * as json from "./github-json.js";
import {
  addReaction,
  listReactions,
  type Handler,
  type RouteContext,
} from "./github-route-context.js";
import { place, type CommentInput, type Placement } from "./github-review-placement.js";
import type { RepoState } from "./github-state.js";
import { addReply } from "./github-threads.js";
import type { PullRecord, ReviewCommentRecord, ReviewRecord } from "./github-types.js";

const STATE_OF: Record<string, ReviewRecord["state"]> = {
  APPROVE: "APPROVED",
  REQUEST_CHANGES: "CHANGES_REQUESTED",
  COMMENT: "COMMENTED",
};

export const reviewRoutes: Record<string, Handler> = {
  "pulls/create-review": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("pull_number");
    const { pull, user: author } = repo.pull(number);
    const input = ctx.body as {
      body?: string;
      event?: string;
      commit_id?: string;
      comments?: CommentInput[];
    };
    const body = input.body ?? "";
    checkBodyLength(body, "PullRequestReview");
    for (const c of input.comments ?? []) checkBodyLength(c.body, "PullRequestReviewComment");
    const commitId = commitOf(pull, input.commit_id);
    if (input.event === undefined && visibleReviews(ctx, repo, number).some(isOwnPending(ctx))) {
      throw unprocessable("User can only have one pending review per pull request");
    }
    checkVerdict(ctx, repo, author.login, input.event, body, input.comments ?? []);
    const placements = (input.comments ?? []).map((c) => place(pull, c));

    const review = newReview(ctx, number, body, input.event, commitId);
    repo.reviews.set(review.id, review);
    placements.forEach((placement, i) => {
      const c = newComment(ctx, review, placement, input.comments![i]!.body);
      repo.reviewComments.set(c.id, c);
    });
    return ok(json.review(ctx.state, repo, review));
  },

  "pulls/submit-review": (ctx) => {
    const repo = ctx.repo();
    const review = ownReview(ctx);
    if (review.state !== "PENDING") {
      throw unprocessable("Can not submit a review that is not pending");
    }
    const input = ctx.body as { body?: string; event: string };
    const body = input.body ?? review.body;
    checkBodyLength(body, "PullRequestReview");
    const { user: author } = repo.pull(review.pullNumber);
    checkVerdict(ctx, repo, author.login, input.event, body, commentsOf(repo, review.id));
    review.body = body;
    review.state = STATE_OF[input.event]!;
    review.submittedAt = ctx.state.now();
    return ok(json.review(ctx.state, repo, review));
  },

  "pulls/delete-pending-review": (ctx) => {
    const repo = ctx.repo();
    const review = ownReview(ctx);
    if (review.state !== "PENDING") throw unprocessable("Can not delete a non-pending review");
    repo.reviews.delete(review.id);
    for (const c of commentsOf(repo, review.id)) repo.reviewComments.delete(c.id);
    return ok(json.review(ctx.state, repo, review));
  },

  "pulls/list-reviews": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("pull_number");
    repo.pull(number);
    const reviews = visibleReviews(ctx, repo, number).map((r) => json.review(ctx.state, repo, r));
    return okPage(reviews, ctx.url);
  },

  "pulls/get-review": (ctx) => ok(json.review(ctx.state, ctx.repo(), review(ctx))),

  "pulls/list-comments-for-review": (ctx) => {
    const repo = ctx.repo();
    const comments = commentsOf(repo, review(ctx).id).map((c) =>
      json.reviewComment(ctx.state, repo, c),
    );
    return okPage(comments, ctx.url);
  },

  "pulls/list-review-comments": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("pull_number");
    repo.pull(number);
    return listComments(ctx, repo, (c) => c.pullNumber === number);
  },

  "pulls/list-review-comments-for-repo": (ctx) => listComments(ctx, ctx.repo(), () => true),

  "pulls/create-review-comment": (ctx) => {
    const repo = ctx.repo();
    const number = ctx.num("pull_number");
    const { pull } = repo.pull(number);
    const input = ctx.body as unknown as CommentInput & { commit_id: string; in_reply_to?: number };
    checkBodyLength(input.body, "PullRequestReviewComment");
    if (input.in_reply_to !== undefined)
      return reply(ctx, repo, number, input.in_reply_to, input.body);
    const commitId = commitOf(pull, input.commit_id);
    const placement = place(pull, input);
    const review = newReview(ctx, number, "", "COMMENT", commitId);
    repo.reviews.set(review.id, review);
    const c = newComment(ctx, review, placement, input.body);
    repo.reviewComments.set(c.id, c);
    return ok(json.reviewComment(ctx.state, repo, c), 201);
  },

  "pulls/create-reply-for-review-comment": (ctx) => {
    const repo = ctx.repo();
    const body = String(ctx.body.body);
    checkBodyLength(body, "PullRequestReviewComment");
    return reply(ctx, repo, ctx.num("pull_number"), ctx.num("comment_id"), body);
  },

  "pulls/get-review-comment": (ctx) =>
    ok(json.reviewComment(ctx.state, ctx.repo(), reviewComment(ctx))),

  "pulls/update-review-comment": (ctx) => {
    const c = reviewComment(ctx);
    const body = String(ctx.body.body);
    checkBodyLength(body, "PullRequestReviewComment");
    c.body = body;
    c.updatedAt = ctx.state.now();
    return ok(json.reviewComment(ctx.state, ctx.repo(), c));
  },

  "pulls/delete-review-comment": (ctx) => {
    ctx.repo().reviewComments.delete(reviewComment(ctx).id);
    return { status: 204 };
  },

  "reactions/create-for-pull-request-review-comment": (ctx) =>
    addReaction(ctx, reviewComment(ctx).reactions),
  "reactions/list-for-pull-request-review-comment": (ctx) =>
    listReactions(ctx, reviewComment(ctx).reactions),
};

function commitOf(pull: PullRecord, commitId: string | undefined): string {
  if (commitId === undefined) return pull.head.sha;
  if (!pull.headShas.includes(commitId)) {
    throw unprocessable(`Commit ${commitId} is not part of the pull request`);
  }
  return commitId;
}

/** GitHub's rules on who may approve or request changes, and when a body is needed. */
function checkVerdict(
  ctx: RouteContext,
  repo: RepoState,
  author: string,
  event: string | undefined,
  body: string,
  comments: readonly unknown[],
): void {
  if (event === "APPROVE" || event === "REQUEST_CHANGES") {
    if (author.toLowerCase() === ctx.actor.login.toLowerCase()) {
      const verb = event === "APPROVE" ? "approve" : "request changes on";
      throw unprocessable(`Can not ${verb} your own pull request`);
    }
  }
  if (event === "APPROVE" && ctx.actor.login === "github-actions[bot]" && !repo.actionsCanApprove) {
    throw unprocessable("GitHub Actions is not permitted to approve pull requests.");
  }
  if (
    (event === "REQUEST_CHANGES" || event === "COMMENT") &&
    !body.trim() &&
    comments.length === 0
  ) {
    throw unprocessable(`Body is required when using ${event}`);
  }
}

function newReview(
  ctx: RouteContext,
  pullNumber: number,
  body: string,
  event: string | undefined,
  commitId: string,
): ReviewRecord {
  const pending = event === undefined;
  return {
    id: ctx.state.nextId(),
    pullNumber,
    user: ctx.actor,
    body,
    state: pending ? "PENDING" : STATE_OF[event]!,
    commitId,
    submittedAt: pending ? undefined : ctx.state.now(),
  };
}

function newComment(
  ctx: RouteContext,
  review: ReviewRecord,
  placement: Placement,
  body: string,
): ReviewCommentRecord {
  const at = ctx.state.now();
  return {
    ...placement,
    id: ctx.state.nextId(),
    reviewId: review.id,
    pullNumber: review.pullNumber,
    body,
    user: ctx.actor,
    commitId: review.commitId,
    inReplyTo: undefined,
    createdAt: at,
    updatedAt: at,
    reactions: [],
  };
}

function reply(
  ctx: RouteContext,
  repo: RepoState,
  pullNumber: number,
  parentId: number,
  body: string,
): RouteResult {
  const parent = repo.reviewComments.get(parentId);
  if (!parent || parent.pullNumber !== pullNumber) throw notFound();
  const c = addReply(ctx.state, repo, parent, body, ctx.actor);
  return ok(json.reviewComment(ctx.state, repo, c), 201);
}

const isOwnPending =
  (ctx: RouteContext) =>
  (r: ReviewRecord): boolean =>
    r.state === "PENDING" && r.user.login === ctx.actor.login;

/** Pending reviews are visible to their author only. */
function visibleReviews(ctx: RouteContext, repo: RepoState, pullNumber: number): ReviewRecord[] {
  return [...repo.reviews.values()].filter(
    (r) => r.pullNumber === pullNumber && (r.state !== "PENDING" || isOwnPending(ctx)(r)),
  );
}

function listComments(
  ctx: RouteContext,
  repo: RepoState,
  keep: (c: ReviewCommentRecord) => boolean,
): RouteResult {
  const since = ctx.url.searchParams.get("since");
  const comments = [...repo.reviewComments.values()]
    .filter(keep)
    .filter((c) => {
      const r = repo.reviews.get(c.reviewId);
      return r && (r.state !== "PENDING" || isOwnPending(ctx)(r));
    })
    .filter((c) => !since || c.updatedAt >= since)
    .map((c) => json.reviewComment(ctx.state, repo, c));
  return okPage(comments, ctx.url);
}

function commentsOf(repo: RepoState, reviewId: number): ReviewCommentRecord[] {
  return [...repo.reviewComments.values()].filter((c) => c.reviewId === reviewId);
}

function review(ctx: RouteContext): ReviewRecord {
  const r = ctx.repo().reviews.get(ctx.num("review_id"));
  if (!r || r.pullNumber !== ctx.num("pull_number")) throw notFound();
  if (r.state === "PENDING" && !isOwnPending(ctx)(r)) throw notFound();
  return r;
}

function ownReview(ctx: RouteContext): ReviewRecord {
  const r = review(ctx);
  if (r.user.login !== ctx.actor.login) throw notFound();
  return r;
}

function reviewComment(ctx: RouteContext): ReviewCommentRecord {
  const c = ctx.repo().reviewComments.get(ctx.num("comment_id"));
  if (!c) throw notFound();
  return c;
}
