/**
 * Review threads as GitHub shows them in GraphQL: a top-level review comment and its replies (by
 * `in_reply_to_id`), plus whether the thread is resolved (and by whom) and outdated. The REST
 * routes, the GraphQL resolvers and the tests' helpers below all read and write the same records.
 *
 *   const first = github.addReviewComment("o/r", 1, { path: "a.ts", line: 2, body: "x", user: "rivumi[bot]" });
 *   github.replyInThread("o/r", first.id, "won't fix", "alice");
 *   github.reactToReviewComment("o/r", first.id, "-1", "alice");
 *   github.resolveThread("o/r", first.id, "alice");
 *   github.markThreadOutdated("o/r", first.id);
 */
import { notFound } from "./github-http.js";
import * as json from "./github-json.js";
import { place, type CommentInput, type Placement } from "./github-review-placement.js";
import { GitBranchState } from "./github-branches.js";
import type { GitHubState, RepoState } from "./github-state.js";
import type { Actor, ReviewCommentRecord, ThreadRecord } from "./github-types.js";

const THREAD_PREFIX = "PRRT";

/** The comment's thread's first comment (404 when there is no such comment). */
export function threadRoot(repo: RepoState, commentId: number): ReviewCommentRecord {
  const comment = repo.reviewComments.get(commentId);
  if (!comment) throw notFound();
  return repo.reviewComments.get(comment.inReplyTo ?? comment.id) ?? comment;
}

/** The first comments of a pull request's threads, oldest first. */
export function threadRoots(repo: RepoState, pullNumber: number): ReviewCommentRecord[] {
  return [...repo.reviewComments.values()]
    .filter((c) => c.pullNumber === pullNumber && c.inReplyTo === undefined)
    .sort((a, b) => a.id - b.id);
}

/** A thread's comments, its first one then the replies, oldest first. */
export function threadComments(repo: RepoState, rootId: number): ReviewCommentRecord[] {
  return [...repo.reviewComments.values()]
    .filter((c) => c.id === rootId || c.inReplyTo === rootId)
    .sort((a, b) => a.id - b.id);
}

export function threadStatus(repo: RepoState, rootId: number): ThreadRecord {
  return repo.threads.get(rootId) ?? { resolvedBy: undefined, outdated: false };
}

export function updateThread(repo: RepoState, rootId: number, change: Partial<ThreadRecord>): void {
  repo.threads.set(rootId, { ...threadStatus(repo, rootId), ...change });
}

/** The thread's GraphQL node id: opaque to clients, like GitHub's `PRRT_…`. */
export function threadNodeId(repo: RepoState, rootId: number): string {
  return json.nodeId(THREAD_PREFIX, `${repo.fullName}:${rootId}`);
}

/** `owner/repo` and first comment id of a thread node id; undefined if it is not one. */
export function parseThreadNodeId(id: string): { fullName: string; rootId: number } | undefined {
  const prefix = json.nodeId(THREAD_PREFIX, "");
  if (!id.startsWith(prefix)) return undefined;
  const text = Buffer.from(id.slice(prefix.length), "base64url").toString("utf8");
  const match = /^(.+):(\d+)$/.exec(text);
  return match ? { fullName: match[1]!, rootId: Number(match[2]) } : undefined;
}

export interface NewReviewComment {
  pullNumber: number;
  actor: Actor;
  placement: Placement;
  body: string;
  commitId: string;
  /** The first comment of the thread this one answers. */
  inReplyTo?: number;
}

/** A review comment in a submitted review of its own, as a single comment or a reply makes one. */
export function createReviewComment(
  state: GitHubState,
  repo: RepoState,
  c: NewReviewComment,
): ReviewCommentRecord {
  const at = state.now();
  const reviewId = state.nextId();
  repo.reviews.set(reviewId, {
    id: reviewId,
    pullNumber: c.pullNumber,
    user: c.actor,
    body: "",
    state: "COMMENTED",
    commitId: c.commitId,
    submittedAt: at,
  });
  const record: ReviewCommentRecord = {
    ...c.placement,
    id: state.nextId(),
    reviewId,
    pullNumber: c.pullNumber,
    body: c.body,
    user: c.actor,
    commitId: c.commitId,
    inReplyTo: c.inReplyTo,
    createdAt: at,
    updatedAt: at,
    reactions: [],
  };
  repo.reviewComments.set(record.id, record);
  return record;
}

/** A reply in the thread of `parent` (any comment of it), placed where the thread is. */
export function addReply(
  state: GitHubState,
  repo: RepoState,
  parent: ReviewCommentRecord,
  body: string,
  actor: Actor,
): ReviewCommentRecord {
  const root = threadRoot(repo, parent.id);
  return createReviewComment(state, repo, {
    pullNumber: root.pullNumber,
    actor,
    placement: root,
    body,
    commitId: root.commitId,
    inReplyTo: root.id,
  });
}

export interface ReviewCommentInit extends Omit<CommentInput, "body"> {
  body: string;
  /** Login (a `[bot]` suffix makes a Bot) or actor; default `octocat`. */
  user?: string | Actor;
}

/** What a test sees of a thread. */
export interface ThreadView {
  /** The GraphQL node id. */
  id: string;
  isResolved: boolean;
  /** The REST login of who resolved it (`[bot]` kept). */
  resolvedBy: string | undefined;
  isOutdated: boolean;
  /** Its comments' REST ids, first comment first. */
  commentIds: number[];
}

/** The fake's world with review threads and the helpers tests use to act on them as people. */
export class ReviewThreadState extends GitBranchState {
  /** Seeds a review comment on the pull request's diff (GitHub's placement rules apply). */
  addReviewComment(
    fullName: string,
    pullNumber: number,
    init: ReviewCommentInit,
  ): json.ReviewCommentJson {
    const repo = this.repo(fullName);
    const { pull } = repo.pull(pullNumber);
    const { user, ...input } = init;
    const record = createReviewComment(this, repo, {
      pullNumber,
      actor: actorOf(user),
      placement: place(pull, input),
      body: init.body,
      commitId: pull.head.sha,
    });
    return json.reviewComment(this, repo, record);
  }

  /** A reply in the thread of `commentId`, as `user` (default: a person, `octocat`) writes it. */
  replyInThread(
    fullName: string,
    commentId: number,
    body: string,
    user: string | Actor = "octocat",
  ): json.ReviewCommentJson {
    const repo = this.repo(fullName);
    const record = addReply(this, repo, threadRoot(repo, commentId), body, actorOf(user));
    return json.reviewComment(this, repo, record);
  }

  /** A reaction (REST content: `"-1"` is 👎, `"+1"`, `"eyes"`…) on a review comment. */
  reactToReviewComment(
    fullName: string,
    commentId: number,
    content: string,
    user: string | Actor = "octocat",
  ): void {
    const comment = this.repo(fullName).reviewComments.get(commentId);
    if (!comment) throw new Error(`no review comment ${commentId} in ${fullName}`);
    const actor = actorOf(user);
    if (comment.reactions.some((r) => r.content === content && r.user.login === actor.login))
      return;
    comment.reactions.push({ id: this.nextId(), content, user: actor, createdAt: this.now() });
  }

  /** Resolves the thread of `commentId` as `user` does with "Resolve conversation". */
  resolveThread(fullName: string, commentId: number, user: string | Actor = "octocat"): void {
    const repo = this.repo(fullName);
    updateThread(repo, threadRoot(repo, commentId).id, { resolvedBy: actorOf(user) });
  }

  /** Marks the thread outdated, as GitHub does when a push changes its lines: `line` turns null. */
  markThreadOutdated(fullName: string, commentId: number): void {
    const repo = this.repo(fullName);
    updateThread(repo, threadRoot(repo, commentId).id, { outdated: true });
  }

  /** The thread `commentId` belongs to. */
  reviewThread(fullName: string, commentId: number): ThreadView {
    const repo = this.repo(fullName);
    const root = threadRoot(repo, commentId);
    const status = threadStatus(repo, root.id);
    return {
      id: threadNodeId(repo, root.id),
      isResolved: status.resolvedBy !== undefined,
      resolvedBy: status.resolvedBy?.login,
      isOutdated: status.outdated,
      commentIds: threadComments(repo, root.id).map((c) => c.id),
    };
  }
}

function actorOf(user: string | Actor | undefined): Actor {
  if (typeof user === "object") return user;
  const login = user ?? "octocat";
  return { login, type: login.endsWith("[bot]") ? "Bot" : "User" };
}
