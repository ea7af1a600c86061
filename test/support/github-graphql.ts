/**
 * The fake GitHub's GraphQL endpoint. Every request is parsed and validated against GitHub's
 * published schema (`@octokit/graphql-schema`), then executed by graphql-js over that same schema
 * with resolvers that read the fake's state (`github-graphql-resolvers.ts`). Field selection,
 * fragments, variables and arguments are thus checked and answered as GitHub would, and the reply
 * has exactly the shape the query asked for. A request GitHub would refuse whatever the state, and
 * a field the fake does not model, is a violation (never a silent null).
 *
 * GitHub answers GraphQL errors with an HTTP 200 whose `errors[]` carry a `type` (NOT_FOUND,
 * FORBIDDEN…), `path`, `locations` and `message`, beside whatever `data` could be read; a request
 * that does not validate gets `errors[]` alone.
 */
import { readFileSync } from "node:fs";
import {
  buildClientSchema,
  executeSync,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  validate,
  type DocumentNode,
  type GraphQLFieldResolver,
  type GraphQLSchema,
  type IntrospectionQuery,
  type OperationDefinitionNode,
} from "graphql";
import type { RouteResult } from "./github-http.js";
import { GitHubGraphQLError, MAX_NODES, requestedNodes } from "./github-graphql-connection.js";
import { rootValue, type GraphQLContext } from "./github-graphql-resolvers.js";

let loaded: GraphQLSchema | undefined;

/** GitHub's GraphQL schema, built once per process. */
export function gitHubSchema(): GraphQLSchema {
  if (loaded) return loaded;
  // The package's entry point parses this file twice and builds a schema of its own on import;
  // reading the file takes a third of that, paid by every test file that starts the fake.
  const file = new URL("schema.json", import.meta.resolve("@octokit/graphql-schema"));
  loaded = buildClientSchema(JSON.parse(readFileSync(file, "utf8")) as IntrospectionQuery);
  return loaded;
}

/** An `errors[]` answer for the next GraphQL request(s); see `GitHubServer.failNextGraphQL`. */
export interface GraphQLFault {
  /** GitHub's error type, e.g. `FORBIDDEN`, `NOT_FOUND`, `RATE_LIMITED`. */
  type?: string;
  message: string;
  /** Only a request whose operation selects this top-level field (`resolveReviewThread`). */
  field?: string;
  times?: number;
}

export interface GraphQLRequest {
  body: unknown;
  context: GraphQLContext;
  /** Where requests GitHub would refuse whatever the state are recorded. */
  violations: string[];
  /** The fault to answer for a request selecting these top-level fields, if any. */
  takeFault: (fields: string[]) => GraphQLFault | undefined;
}

/** Answers one `POST /graphql` as GitHub would (always HTTP 200 once authenticated). */
export function answerGraphQL(req: GraphQLRequest): RouteResult {
  const { query, variables, operationName } = (req.body ?? {}) as {
    query?: unknown;
    variables?: Record<string, unknown> | null;
    operationName?: string | null;
  };
  const refuse = (errors: readonly GraphQLError[] | string): RouteResult => {
    const list = typeof errors === "string" ? [new GraphQLError(errors)] : errors;
    for (const e of list) req.violations.push(`POST /graphql: ${e.message}`);
    return { status: 200, json: { errors: list.map(githubError) } };
  };
  if (typeof query !== "string") {
    return refuse("A query attribute must be specified and must be a string.");
  }
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return refuse([error]);
    throw error;
  }
  const invalid = validate(gitHubSchema(), document);
  if (invalid.length > 0) return refuse(invalid);
  const operation = getOperationAST(
    document,
    typeof operationName === "string" ? operationName : undefined,
  );
  const nodes = operation ? requestedNodes(document, operation, variables ?? {}) : 0;
  if (nodes > MAX_NODES) {
    const error = new GraphQLError(
      `This query requests up to ${nodes.toLocaleString("en-US")} possible nodes which exceeds the maximum limit of ${MAX_NODES.toLocaleString("en-US")}.`,
      { extensions: { type: "MAX_NODE_LIMIT_EXCEEDED" } },
    );
    return refuse([error]);
  }

  const fault = req.takeFault(topLevelFields(operation));
  if (fault) {
    const error = { type: fault.type, message: fault.message, path: fault.field && [fault.field] };
    return {
      status: 200,
      json: fault.field ? { data: { [fault.field]: null }, errors: [error] } : { errors: [error] },
    };
  }

  const result = executeSync({
    schema: gitHubSchema(),
    document,
    rootValue: rootValue(req.context),
    variableValues: variables ?? {},
    operationName,
    fieldResolver: modelledOnly,
  });
  // No data at all: the variables or the operation name did not fit the document.
  if (result.data === undefined) return refuse(result.errors ?? []);
  const errors = (result.errors ?? []).map((e) => {
    const cause = e.originalError;
    if (!(cause instanceof GitHubGraphQLError)) {
      req.violations.push(`POST /graphql: fake GitHub bug at ${e.path?.join(".")}: ${e.message}`);
    } else if (cause.violation) {
      req.violations.push(`POST /graphql: ${e.message}`);
    }
    return githubError(e);
  });
  return {
    status: 200,
    json: errors.length > 0 ? { data: result.data, errors } : { data: result.data },
  };
}

/**
 * graphql-js's default resolver (a property, or a method called with the arguments), except that
 * a field the fake's objects lack is a violation: a silent null would pass a client's bug.
 */
const modelledOnly: GraphQLFieldResolver<unknown, unknown> = (source, args, _ctx, info) => {
  const object = source as Record<string, unknown> | null;
  if (object === null || typeof object !== "object" || !(info.fieldName in object)) {
    throw new GitHubGraphQLError(
      undefined,
      `the fake GitHub does not model ${info.parentType.name}.${info.fieldName}`,
      true,
    );
  }
  const value = object[info.fieldName];
  return typeof value === "function"
    ? (value as (a: unknown) => unknown).call(object, args)
    : value;
};

function topLevelFields(operation: OperationDefinitionNode | null | undefined): string[] {
  return (operation?.selectionSet.selections ?? []).flatMap((s) =>
    s.kind === Kind.FIELD ? [s.name.value] : [],
  );
}

/** An entry of GitHub's `errors[]`: its `type` (when it has one) beside graphql-js's fields. */
function githubError(e: GraphQLError): Record<string, unknown> {
  const type =
    e.originalError instanceof GitHubGraphQLError ? e.originalError.type : e.extensions.type;
  const { extensions: _extensions, ...rest } = e.toJSON();
  return { ...(typeof type === "string" ? { type } : {}), ...rest };
}
