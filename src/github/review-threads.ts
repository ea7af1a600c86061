// A pull request's review threads, through GitHub's GraphQL API (REST has no threads): read whole,
// every page, and resolved one at a time; and a reply in a thread, through REST.
import type { Octokit } from "@octokit/rest";
import { call } from "./call.js";
import type {
  CallOptions,
  GitHubPort,
  RepoRef,
  ReviewThread,
  ReviewThreadComment,
} from "./port.js";

/** A GraphQL request GitHub answered with `errors[]` (an HTTP 200): `type` is GitHub's, e.g. FORBIDDEN. */
export class GraphQLRefusal extends Error {
  constructor(
    readonly type: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = "GraphQLRefusal";
  }
}

/**
 * Only the thread's first comment's 👎 count (the finding's own). GitHub refuses a query that could
 * return more than 500,000 nodes and charges its rate limit by the connections a query may need, so
 * reactions on every comment (100 × 100 × 40) would cost about 100 points of a workflow token's
 * 1,000 an hour; the first comment's alone cost about 3.
 */
const THUMBS_DOWN_READ = 40;

const COMMENT_FIELDS = `
  pageInfo { hasNextPage endCursor }
  nodes {
    databaseId body createdAt viewerDidAuthor
    author { login }
  }`;

const THREADS = `query($owner: String!, $repo: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $repo) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes {
          id isResolved isOutdated path line originalLine
          resolvedBy { login }
          opening: comments(first: 1) {
            nodes { reactions(first: ${THUMBS_DOWN_READ}, content: THUMBS_DOWN) { nodes { user { login } } } }
          }
          comments(first: 100) {${COMMENT_FIELDS}
          }
        }
      }
    }
  }
}`;

const MORE_COMMENTS = `query($id: ID!, $after: String) {
  node(id: $id) {
    ... on PullRequestReviewThread {
      comments(first: 100, after: $after) {${COMMENT_FIELDS}
      }
    }
  }
}`;

const RESOLVE = `mutation($id: ID!) {
  resolveReviewThread(input: { threadId: $id }) { thread { id isResolved } }
}`;

interface Page<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}

interface CommentNode {
  databaseId: number | null;
  body: string;
  createdAt: string;
  viewerDidAuthor: boolean | null;
  author: { login: string } | null;
}

type Reactions = { nodes: Array<{ user: { login: string } | null }> };

interface ThreadNode {
  id: string;
  isResolved: boolean;
  isOutdated: boolean;
  path: string;
  line: number | null;
  originalLine: number | null;
  resolvedBy: { login: string } | null;
  /** The first comment again, for its 👎 only. */
  opening: { nodes: Array<{ reactions: Reactions }> };
  comments: Page<CommentNode>;
}

/** The review-thread part of the GitHub port. `reader` asks the queries, `octokit` writes. */
export function createReviewThreadsPort(
  octokit: Octokit,
  reader: Octokit,
  { owner, repo }: RepoRef,
): Pick<GitHubPort, "listReviewThreads" | "resolveReviewThread" | "replyToReviewComment"> {
  const ask = async <T>(query: string, vars: object, opts: CallOptions | undefined) => {
    try {
      return await reader.graphql<T>(query, { ...vars, request: call(opts) });
    } catch (error) {
      throw refusal(error) ?? error;
    }
  };
  const moreComments = async (id: string, after: string, opts: CallOptions | undefined) => {
    const out: CommentNode[] = [];
    for (let cursor: string | null = after; cursor !== null;) {
      const res: { node: { comments: Page<CommentNode> } | null } = await ask(
        MORE_COMMENTS,
        { id, after: cursor },
        opts,
      );
      const page = res.node?.comments;
      if (!page) break;
      out.push(...page.nodes);
      cursor = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
    }
    return out;
  };
  return {
    async listReviewThreads(number, opts) {
      const threads: ReviewThread[] = [];
      for (let after: string | null = null, first = true; first || after !== null; first = false) {
        const res: { repository: { pullRequest: { reviewThreads: Page<ThreadNode> } | null } } =
          await ask(THREADS, { owner, repo, number, after }, opts);
        const page = res.repository.pullRequest?.reviewThreads;
        if (!page) break;
        for (const t of page.nodes) {
          const { hasNextPage, endCursor } = t.comments.pageInfo;
          const nodes =
            hasNextPage && endCursor
              ? [...t.comments.nodes, ...(await moreComments(t.id, endCursor, opts))]
              : t.comments.nodes;
          threads.push(toThread(t, nodes));
        }
        after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      }
      return threads;
    },
    async resolveReviewThread(threadId, opts) {
      try {
        await octokit.graphql(RESOLVE, { id: threadId, request: call(opts) });
      } catch (error) {
        throw refusal(error) ?? error;
      }
    },
    async replyToReviewComment(number, commentId, body, opts) {
      const { data } = await octokit.rest.pulls.createReplyForReviewComment({
        owner,
        repo,
        pull_number: number,
        comment_id: commentId,
        body,
        request: call(opts),
      });
      return { id: data.id, url: data.html_url };
    },
  };
}

function toThread(t: ThreadNode, comments: CommentNode[]): ReviewThread {
  return {
    id: t.id,
    isResolved: t.isResolved,
    isOutdated: t.isOutdated,
    path: t.path,
    line: t.line,
    originalLine: t.originalLine,
    resolvedBy: t.resolvedBy?.login,
    comments: comments.map((c, i) =>
      toComment(c, i === 0 ? t.opening.nodes[0]?.reactions : undefined),
    ),
  };
}

function toComment(c: CommentNode, reactions: Reactions | undefined): ReviewThreadComment {
  return {
    id: c.databaseId ?? 0,
    // A deleted account shows as no author: GitHub's "ghost".
    author: c.author?.login ?? "ghost",
    body: c.body,
    createdAt: c.createdAt,
    viewerDidAuthor: c.viewerDidAuthor ?? undefined,
    thumbsDown: (reactions?.nodes ?? []).flatMap((r) => (r.user ? [r.user.login] : [])),
  };
}

/** GitHub's `errors[]` in an HTTP 200, as octokit's GraphqlResponseError carries them. */
function refusal(error: unknown): GraphQLRefusal | undefined {
  const errors = (error as { errors?: Array<{ type?: string; message?: string }> }).errors;
  if (!Array.isArray(errors) || errors.length === 0) return undefined;
  const first = errors[0]!;
  return new GraphQLRefusal(first.type, first.message ?? "GitHub refused the GraphQL request");
}
