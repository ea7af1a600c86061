import type { RepoRef } from "../github/port.js";
import type { Command } from "./command.js";

export type PullAction = "opened" | "synchronize" | "reopened" | "ready_for_review";

/** A pull request to review, as the event described it. */
export interface PullRequestTrigger {
  kind: "pull_request";
  event: "pull_request" | "pull_request_target";
  action: PullAction;
  repo: RepoRef;
  number: number;
  title: string;
  body: string;
  author: string;
  authorType: string;
  headSha: string;
  headRef: string;
  headRepo: string;
  baseSha: string;
  baseRef: string;
  /** Where the base repository is fetched from; a fork's head is fetched from here too. */
  cloneUrl: string;
  draft: boolean;
  /** The head lives in another repository. */
  isFork: boolean;
  sender: string;
  senderType: string;
}

/** Where a comment written in a pull request's review thread sits. */
export interface ReviewThreadFacts {
  /** The file the thread is on, as GitHub names it (untrusted: the author chose it). */
  path: string;
  /** The thread's first comment: replies go to it, since GitHub takes no reply to a reply. */
  rootCommentId: number;
  /** The pull request's head lives in another repository: the run has a read-only token. */
  fork: boolean;
}

/**
 * A new comment; `command` is set when it starts with one of Rivumi's commands. `thread` is set
 * for a comment in a review thread (`pull_request_review_comment`): `commentId` is then a review
 * comment's id and `number` the pull request's.
 */
export interface CommentTrigger {
  kind: "comment";
  repo: RepoRef;
  number: number;
  isPullRequest: boolean;
  commentId: number;
  commentUrl: string;
  body: string;
  sender: string;
  senderType: string;
  command: Command | undefined;
  thread?: ReviewThreadFacts;
}

export interface WorkflowRunTrigger {
  kind: "workflow_run";
  repo: RepoRef;
  runId: number;
  conclusion: string;
  headSha: string;
  prNumbers: number[];
  /** The repository's default branch, as the event names it. */
  defaultBranch?: string;
  sender: string;
  senderType: string;
}

export interface DispatchTrigger {
  kind: "dispatch";
  repo: RepoRef;
  sender: string;
  senderType: string;
}

/** An event Rivumi has nothing to do for; not an error. */
export interface IgnoredTrigger {
  kind: "ignored";
  event: string;
  reason: string;
}

/** A run of the `rivumi` CLI on a local checkout; the CLI makes its own plan. */
export interface LocalTrigger {
  kind: "local";
  /** The checkout's root, which stands for the repository's name. */
  root: string;
}

export type Trigger =
  | PullRequestTrigger
  | CommentTrigger
  | WorkflowRunTrigger
  | DispatchTrigger
  | IgnoredTrigger
  | LocalTrigger;

export const isPullRequest = (t: Trigger): t is PullRequestTrigger => t.kind === "pull_request";
export const isComment = (t: Trigger): t is CommentTrigger => t.kind === "comment";
