/**
 * GitHub's GraphQL connections (pages of a list, by cursor) and its `errors[]` entries, for the
 * fake's resolvers, and the node limit GitHub checks before it runs a request.
 */
import {
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from "graphql";

/** An error in GitHub's `errors[]`; `violation` when GitHub would refuse it whatever the state. */
export class GitHubGraphQLError extends Error {
  constructor(
    readonly type: string | undefined,
    message: string,
    readonly violation = false,
  ) {
    super(message);
  }
}

export interface PageArgs {
  first?: number | null;
  last?: number | null;
  after?: string | null;
  before?: string | null;
  skip?: number | null;
}

/**
 * A connection page by GitHub's rules: `first` or `last` is required and at most 100
 * (https://docs.github.com/en/graphql/overview/rate-limits-and-query-limits-for-the-graphql-api);
 * GitHub refuses a query without them whatever the data, so that is a violation. Cursors are
 * opaque positions.
 */
export function connection<T>(
  name: string,
  all: readonly T[],
  args: PageArgs,
): Record<string, unknown> {
  const { first, last } = args;
  if (first == null && last == null) {
    throw new GitHubGraphQLError(
      "MISSING_PAGINATION_BOUNDARIES",
      `You must provide a \`first\` or \`last\` value to properly paginate the \`${name}\` connection.`,
      true,
    );
  }
  for (const [arg, n] of [
    ["first", first],
    ["last", last],
  ] as const) {
    if (n != null && (n < 0 || n > 100)) {
      throw new GitHubGraphQLError(
        "EXCESSIVE_PAGINATION",
        `Requesting ${n} records on the \`${name}\` connection exceeds the \`${arg}\` limit of 100 records.`,
        true,
      );
    }
  }
  let start = args.after ? position(args.after) + 1 : 0;
  let end = args.before ? position(args.before) : all.length;
  start = Math.min(start + (args.skip ?? 0), all.length);
  end = Math.max(Math.min(end, all.length), start);
  if (first != null) end = Math.min(end, start + first);
  if (last != null) start = Math.max(start, end - last);
  const cursor = (i: number) => Buffer.from(`cursor:v2:${i}`).toString("base64");
  const nodes = all.slice(start, end);
  return {
    nodes,
    edges: nodes.map((node, i) => ({ cursor: cursor(start + i), node })),
    totalCount: all.length,
    pageInfo: {
      hasNextPage: end < all.length,
      hasPreviousPage: start > 0,
      startCursor: nodes.length > 0 ? cursor(start) : null,
      endCursor: nodes.length > 0 ? cursor(end - 1) : null,
    },
  };
}

function position(cursor: string): number {
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, "base64").toString("utf8"));
  if (!match) {
    throw new GitHubGraphQLError(
      "INVALID_CURSOR_ARGUMENTS",
      `\`${cursor}\` does not appear to be a valid cursor.`,
      true,
    );
  }
  return Number(match[1]);
}

/** GitHub's ceiling on the nodes one request may ask for (the page cited at `connection`). */
export const MAX_NODES = 500_000;

/**
 * The nodes a request may return, as GitHub counts them before running it: each connection's
 * `first`/`last` times those of the connections around it, summed over the document.
 */
export function requestedNodes(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Readonly<Record<string, unknown>>,
): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) {
    if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  }
  const pageSize = (field: FieldNode): number | undefined => {
    const sizes = (field.arguments ?? [])
      .filter((a) => a.name.value === "first" || a.name.value === "last")
      .map((a) => {
        if (a.value.kind === Kind.INT) return Number(a.value.value);
        if (a.value.kind === Kind.VARIABLE) return Number(variables[a.value.name.value] ?? 0);
        return 0;
      });
    return sizes.length > 0 ? Math.max(...sizes) : undefined;
  };
  const walk = (set: SelectionSetNode | undefined, around: number): number => {
    let total = 0;
    for (const s of set?.selections ?? []) {
      if (s.kind === Kind.FIELD) {
        const size = pageSize(s);
        total +=
          size === undefined
            ? walk(s.selectionSet, around)
            : around * size + walk(s.selectionSet, around * size);
      } else if (s.kind === Kind.INLINE_FRAGMENT) {
        total += walk(s.selectionSet, around);
      } else {
        total += walk(fragments.get(s.name.value)?.selectionSet, around);
      }
    }
    return total;
  };
  return walk(operation.selectionSet, 1);
}
