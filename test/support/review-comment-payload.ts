/**
 * `pull_request_review_comment` payloads for tests: the latest real example in
 * `@octokit/webhooks-examples` for the action, moved to the test's repository, pull request,
 * file and commenter, and validated against `@octokit/webhooks-schemas` (see `payloads.ts`).
 */
import type { WebhookDefinition } from "@octokit/webhooks-examples";
import {
  nodeId,
  pullRequestPayload,
  setRepository,
  stableId,
  template,
  userObject,
  validatePayload,
  type AuthorAssociation,
  type RepoOptions,
  type UserType,
} from "./payloads.js";

export type ReviewCommentPayload =
  WebhookDefinition<"pull_request_review_comment">["examples"][number];

export interface ReviewCommentOptions extends RepoOptions {
  action?: "created" | "edited" | "deleted";
  number: number;
  body: string;
  commenter: string;
  commenterType?: UserType;
  /** The file the thread is on. */
  path: string;
  commentId?: number;
  /** The thread's first comment, when this one is a reply in it. */
  inReplyTo?: number;
  headSha: string;
  baseSha: string;
  /** `owner/repo` of the head repository; a fork when it differs from the base. */
  headRepoFullName?: string;
  authorAssociation?: AuthorAssociation;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

export function reviewCommentPayload(opts: ReviewCommentOptions): ReviewCommentPayload {
  const { owner, repo, number } = opts;
  const full = `${owner}/${repo}`;
  const api = `https://api.github.com/repos/${full}`;
  const web = `https://github.com/${full}`;
  const action = opts.action ?? "created";
  const commentId = opts.commentId ?? stableId(`review-comment:${full}#${number}:${opts.body}`);
  const commenterType = opts.commenterType ?? "User";

  const payload = template("pull_request_review_comment", action);
  setRepository(payload, opts);

  // The pull request's fields as the pull_request builder makes them, limited to the ones this
  // event's example carries (its schema is a narrower object).
  const whole = pullRequestPayload({
    owner,
    repo,
    number,
    headSha: opts.headSha,
    baseSha: opts.baseSha,
    ...(opts.headRepoFullName ? { headRepoFullName: opts.headRepoFullName } : {}),
  }).pull_request as Json;
  const pr = payload.pull_request;
  for (const key of Object.keys(pr)) if (key in whole) pr[key] = whole[key];

  const comment = payload.comment;
  comment.id = commentId;
  comment.node_id = nodeId("PRRC_", commentId);
  comment.url = `${api}/pulls/comments/${commentId}`;
  comment.html_url = `${web}/pull/${number}#discussion_r${commentId}`;
  comment.pull_request_url = `${api}/pulls/${number}`;
  comment.path = opts.path;
  comment.body = opts.body;
  comment.commit_id = opts.headSha;
  comment.original_commit_id = opts.headSha;
  comment.user = userObject(opts.commenter, commenterType);
  comment.author_association =
    opts.authorAssociation ?? (opts.commenter === owner ? "OWNER" : "NONE");
  comment._links = {
    self: { href: comment.url },
    html: { href: comment.html_url },
    pull_request: { href: comment.pull_request_url },
  };
  if (opts.inReplyTo !== undefined) comment.in_reply_to_id = opts.inReplyTo;
  else delete comment.in_reply_to_id;
  if (comment.reactions) comment.reactions.url = `${api}/pulls/comments/${commentId}/reactions`;
  payload.sender = userObject(opts.commenter, commenterType);

  validatePayload("pull_request_review_comment", payload);
  return payload as ReviewCommentPayload;
}
