/**
 * The objects the fake's GraphQL endpoint executes queries over: plain objects built from the
 * fake's state, one property (or method taking the field's arguments) per modelled field of
 * GitHub's schema. A field left out here is a violation when a query asks for it, so add fields as
 * clients need them, from GitHub's GraphQL reference.
 *
 * Modelled: `viewer { login }`; `repository(owner, name) { pullRequest(number) { reviewThreads } }`;
 * `node(id)` for review threads; the `resolveReviewThread` mutation.
 */
import { connection, GitHubGraphQLError, type PageArgs } from "./github-graphql-connection.js";
import * as json from "./github-json.js";
import type { RepoState } from "./github-state.js";
import {
  parseThreadNodeId,
  threadComments,
  threadNodeId,
  threadRoots,
  threadStatus,
  updateThread,
  type ReviewThreadState,
} from "./github-threads.js";
import type { Actor, ReactionRecord, ReviewCommentRecord, TokenInfo } from "./github-types.js";

type GraphQLObject = Record<string, unknown>;

export interface GraphQLContext {
  state: ReviewThreadState;
  token: TokenInfo;
}

const notFound = (message: string) => new GitHubGraphQLError("NOT_FOUND", message);

/** REST reaction content -> GraphQL `ReactionContent`. */
const REACTION: Readonly<Record<string, string>> = {
  "+1": "THUMBS_UP",
  "-1": "THUMBS_DOWN",
  laugh: "LAUGH",
  confused: "CONFUSED",
  heart: "HEART",
  hooray: "HOORAY",
  rocket: "ROCKET",
  eyes: "EYES",
};

/** The query and mutation roots. */
export function rootValue(ctx: GraphQLContext): GraphQLObject {
  return {
    viewer: { __typename: "User", login: ctx.token.login },
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const fullName = `${owner}/${name}`;
      if (!ctx.state.hasRepo(fullName)) {
        throw notFound(`Could not resolve to a Repository with the name '${fullName}'.`);
      }
      return repositoryNode(ctx, ctx.state.repo(fullName));
    },
    node: ({ id }: { id: string }) => {
      if (!parseThreadNodeId(id)) {
        throw new GitHubGraphQLError(
          "NOT_FOUND",
          `the fake GitHub's node(id:) knows review threads only, not '${id}'`,
          true,
        );
      }
      const found = findThread(ctx, id);
      if (!found) throw notFound(`Could not resolve to a node with the global id of '${id}'.`);
      return threadNode(ctx, found.repo, found.root);
    },
    resolveReviewThread: ({
      input,
    }: {
      input: { threadId: string; clientMutationId?: string };
    }) => {
      const found = findThread(ctx, input.threadId);
      if (!found) {
        throw notFound(`Could not resolve to a node with the global id of '${input.threadId}'.`);
      }
      const refusal = cannotResolve(ctx, found.repo, found.root.pullNumber);
      if (refusal) throw new GitHubGraphQLError("FORBIDDEN", refusal);
      if (!threadStatus(found.repo, found.root.id).resolvedBy) {
        updateThread(found.repo, found.root.id, { resolvedBy: actorOf(ctx.token) });
      }
      return {
        clientMutationId: input.clientMutationId ?? null,
        thread: threadNode(ctx, found.repo, found.root),
      };
    },
  };
}

function repositoryNode(ctx: GraphQLContext, repo: RepoState): GraphQLObject {
  return {
    id: json.nodeId("R", repo.id),
    name: repo.name,
    nameWithOwner: repo.fullName,
    pullRequest: ({ number }: { number: number }) => {
      if (!repo.issues.get(number)?.pull) {
        throw notFound(`Could not resolve to a PullRequest with the number of ${number}.`);
      }
      return pullRequestNode(ctx, repo, number);
    },
  };
}

function pullRequestNode(ctx: GraphQLContext, repo: RepoState, number: number): GraphQLObject {
  return {
    __typename: "PullRequest",
    id: json.nodeId("PR", `${repo.fullName}:${number}`),
    number,
    reviewThreads: (args: PageArgs) =>
      connection(
        "reviewThreads",
        threadRoots(repo, number)
          .filter((c) => visible(ctx, repo, c))
          .map((root) => threadNode(ctx, repo, root)),
        args,
      ),
  };
}

function threadNode(
  ctx: GraphQLContext,
  repo: RepoState,
  root: ReviewCommentRecord,
): GraphQLObject {
  const { resolvedBy, outdated } = threadStatus(repo, root.id);
  const canResolve = () => cannotResolve(ctx, repo, root.pullNumber) === undefined;
  return {
    __typename: "PullRequestReviewThread",
    id: threadNodeId(repo, root.id),
    isResolved: resolvedBy !== undefined,
    // The schema types it `User`: a bot that resolved a thread cannot be shown there.
    resolvedBy: resolvedBy?.type === "User" ? actorNode(resolvedBy) : null,
    isOutdated: outdated,
    path: root.path,
    line: outdated ? null : (root.line ?? null),
    originalLine: root.line ?? null,
    startLine: outdated ? null : (root.startLine ?? null),
    originalStartLine: root.startLine ?? null,
    diffSide: root.side ?? "RIGHT",
    subjectType: root.subjectType === "file" ? "FILE" : "LINE",
    viewerCanResolve: () => resolvedBy === undefined && canResolve(),
    viewerCanUnresolve: () => resolvedBy !== undefined && canResolve(),
    viewerCanReply: ctx.token.readOnly !== true,
    comments: (args: PageArgs) =>
      connection(
        "comments",
        threadComments(repo, root.id)
          .filter((c) => visible(ctx, repo, c))
          .map((c) => commentNode(ctx, repo, c)),
        args,
      ),
    pullRequest: () => pullRequestNode(ctx, repo, root.pullNumber),
    repository: () => repositoryNode(ctx, repo),
  };
}

function commentNode(ctx: GraphQLContext, repo: RepoState, c: ReviewCommentRecord): GraphQLObject {
  const rest = json.reviewComment(ctx.state, repo, c);
  const { outdated } = threadStatus(repo, c.inReplyTo ?? c.id);
  return {
    __typename: "PullRequestReviewComment",
    id: rest.node_id,
    databaseId: c.id,
    fullDatabaseId: String(c.id),
    body: c.body,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    author: actorNode(c.user),
    authorAssociation: rest.author_association,
    viewerDidAuthor: sameLogin(c.user.login, ctx.token.login),
    path: c.path,
    line: outdated ? null : (c.line ?? null),
    originalLine: c.line ?? null,
    diffHunk: c.diffHunk,
    outdated,
    url: rest.html_url,
    replyTo: () => {
      const parent = c.inReplyTo === undefined ? undefined : repo.reviewComments.get(c.inReplyTo);
      return parent ? commentNode(ctx, repo, parent) : null;
    },
    reactions: (args: PageArgs & { content?: string }) => {
      const chosen = c.reactions.filter(
        (r) => !args.content || REACTION[r.content] === args.content,
      );
      return {
        ...connection("reactions", chosen.map(reactionNode), args),
        viewerHasReacted: chosen.some((r) => sameLogin(r.user.login, ctx.token.login)),
      };
    },
  };
}

function reactionNode(r: ReactionRecord): GraphQLObject {
  return {
    id: json.nodeId("REA", r.id),
    databaseId: r.id,
    content: REACTION[r.content],
    createdAt: r.createdAt,
    // `Reaction.user` is a `User`: a bot's reaction shows no user.
    user: r.user.type === "User" ? actorNode(r.user) : null,
  };
}

/**
 * GraphQL's `Actor`. A bot is a `Bot` whose login has no `[bot]` (REST's `github-actions[bot]` is
 * `github-actions`, its url `https://github.com/apps/github-actions`), as GitHub answers, e.g.
 * https://github.com/fullsend-ai/fullsend/issues/6205 and palantir/policy-bot's 1.4.1 notes.
 */
function actorNode(actor: Actor): GraphQLObject {
  const id = json.userId(actor.login);
  const bot = actor.type === "Bot";
  const login = bot ? actor.login.replace(/\[bot\]$/, "") : actor.login;
  const resourcePath = bot ? `/apps/${login}` : `/${login}`;
  return {
    __typename: bot ? "Bot" : "User",
    id: json.nodeId(bot ? "BOT" : "U", id),
    databaseId: id,
    login,
    resourcePath,
    url: `${json.HTML}${resourcePath}`,
    avatarUrl: () => `https://avatars.githubusercontent.com/u/${id}?v=4`,
  };
}

/**
 * Why the token may not resolve or unresolve a thread, if it may not. An installation token needs
 * `contents: write` (with only `pull-requests: write` GitHub answers FORBIDDEN "Resource not
 * accessible by integration": https://github.com/github/gh-aw/issues/35726); a person needs write
 * access or to be the pull request's author (the fake's wording).
 */
function cannotResolve(
  ctx: GraphQLContext,
  repo: RepoState,
  pullNumber: number,
): string | undefined {
  const { token, state } = ctx;
  if (token.readOnly || (token.type === "installation" && token.contents === "read")) {
    return "Resource not accessible by integration";
  }
  if (token.type === "installation") return undefined;
  const role = state.roleOf(repo, token.login);
  const author = repo.pull(pullNumber).user.login;
  if (["admin", "maintain", "write"].includes(role) || sameLogin(author, token.login)) {
    return undefined;
  }
  return `${token.login} does not have permission to resolve review threads in ${repo.fullName}`;
}

function findThread(
  ctx: GraphQLContext,
  id: string,
): { repo: RepoState; root: ReviewCommentRecord } | undefined {
  const parsed = parseThreadNodeId(id);
  if (!parsed || !ctx.state.hasRepo(parsed.fullName)) return undefined;
  const repo = ctx.state.repo(parsed.fullName);
  const root = repo.reviewComments.get(parsed.rootId);
  return root && root.inReplyTo === undefined && visible(ctx, repo, root)
    ? { repo, root }
    : undefined;
}

/** A comment of a pending review is seen by its author only. */
function visible(ctx: GraphQLContext, repo: RepoState, c: ReviewCommentRecord): boolean {
  const review = repo.reviews.get(c.reviewId);
  return review?.state !== "PENDING" || sameLogin(review.user.login, ctx.token.login);
}

function actorOf(token: TokenInfo): Actor {
  return { login: token.login, type: token.type === "installation" ? "Bot" : "User" };
}

function sameLogin(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
