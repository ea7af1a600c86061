/**
 * GitHub's published REST description (`@octokit/openapi`) as a request oracle: matches a method
 * and path to an operation and checks path parameters, query parameters and the JSON body the way
 * GitHub would. The 13 MB description is parsed once per process; validators compile per
 * operation on first use.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { Ajv, type ErrorObject, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";

type Json = Record<string, unknown>;

/** A matched operation and its decoded path parameters. */
export interface MatchedOperation {
  operationId: string;
  /** The path template as the description writes it, e.g. `/repos/{owner}/{repo}/pulls/{pull_number}`. */
  template: string;
  params: Record<string, string>;
}

export interface RequestToCheck {
  method: string;
  /** Raw (still percent-encoded) path, without the query. */
  path: string;
  query: URLSearchParams;
  contentType: string | undefined;
  /** Parsed JSON body, or undefined when the request had none. */
  body: unknown;
}

/** What GitHub would answer, when it would refuse the request. */
export interface Refusal {
  status: 404 | 415 | 422;
  message: string;
}

export type CheckResult =
  | { ok: true; operation: MatchedOperation; warnings: string[] }
  | { ok: false; operation: MatchedOperation | undefined; refusal: Refusal; warnings: string[] };

interface Route {
  method: string;
  template: string;
  regex: RegExp;
  paramNames: string[];
  literalSegments: number;
  greedy: boolean;
  operation: Json;
  pathItem: Json;
}

interface CompiledOperation {
  pathParams: ValidateFunction | undefined;
  query: ValidateFunction | undefined;
  knownQuery: Set<string>;
  body: ValidateFunction | undefined;
  bodyRequired: boolean;
  jsonBody: boolean;
  /** Top-level body properties the description knows; undefined when it cannot tell. */
  knownBodyProps: Set<string> | undefined;
}

const COMPONENT_REF = "#/components/schemas/";
/** Path parameters that may hold slashes when a client does not percent-encode them. */
const GREEDY_PARAMS = new Set(["ref", "path", "branch", "basehead"]);

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as (ajv: Ajv) => Ajv;

let loaded: OpenApiIndex | undefined;

/** The process-wide index of the description (parsed on first call). */
export function openApiIndex(): OpenApiIndex {
  loaded ??= new OpenApiIndex();
  return loaded;
}

export class OpenApiIndex {
  private readonly routes = new Map<string, Route[]>();
  private readonly compiled = new Map<string, CompiledOperation>();
  private readonly responseValidators = new Map<string, ValidateFunction | null>();
  private readonly doc: Json;
  private readonly bodyAjv: Ajv;
  private readonly paramAjv: Ajv;
  /** Milliseconds spent reading, parsing and indexing the description. */
  readonly loadMs: number;

  constructor() {
    const started = performance.now();
    const file = createRequire(import.meta.url).resolve(
      "@octokit/openapi/generated/api.github.com.json",
    );
    this.doc = JSON.parse(readFileSync(file, "utf8")) as Json;
    for (const [template, item] of Object.entries(this.doc.paths as Record<string, Json>)) {
      for (const [method, operation] of Object.entries(item)) {
        if (method === "parameters" || typeof operation !== "object") continue;
        this.addRoute(method.toUpperCase(), template, operation as Json, item);
      }
    }
    this.bodyAjv = makeAjv(false);
    this.paramAjv = makeAjv(true);
    this.loadMs = performance.now() - started;
  }

  /** Finds the operation for a method and raw path; the most literal template wins. */
  match(method: string, rawPath: string): MatchedOperation | undefined {
    let best: { route: Route; values: string[] } | undefined;
    for (const route of this.routes.get(method.toUpperCase()) ?? []) {
      const m = route.regex.exec(rawPath);
      if (!m) continue;
      if (
        !best ||
        route.literalSegments > best.route.literalSegments ||
        (route.literalSegments === best.route.literalSegments && best.route.greedy && !route.greedy)
      ) {
        best = { route, values: m.slice(1) };
      }
    }
    if (!best) return undefined;
    const params: Record<string, string> = {};
    best.route.paramNames.forEach((name, i) => {
      params[name] = safeDecode(best.values[i] ?? "");
    });
    return {
      operationId: String(best.route.operation.operationId),
      template: best.route.template,
      params,
    };
  }

  /** Checks a request against its operation; says what GitHub would answer if it refuses it. */
  check(req: RequestToCheck): CheckResult {
    const warnings: string[] = [];
    const operation = this.match(req.method, req.path);
    if (!operation) {
      return { ok: false, operation, warnings, refusal: { status: 404, message: "Not Found" } };
    }
    const op = this.compile(req.method.toUpperCase(), operation.template);
    const refuse = (status: Refusal["status"], message: string): CheckResult => ({
      ok: false,
      operation,
      warnings,
      refusal: { status, message },
    });

    if (op.pathParams && !op.pathParams({ ...operation.params })) {
      // GitHub routes on the parameter's shape: /issues/abc is simply not a route.
      return refuse(404, "Not Found");
    }

    const query: Record<string, string | string[]> = {};
    for (const key of new Set(req.query.keys())) {
      const all = req.query.getAll(key);
      query[key] = all.length === 1 ? all[0]! : all;
      if (!op.knownQuery.has(key)) {
        warnings.push(`unknown query parameter "${key}" (GitHub ignores it)`);
      }
    }
    if (op.query && !op.query(query)) {
      return refuse(422, invalidRequest(op.query.errors));
    }

    if (req.body === undefined) {
      if (op.bodyRequired) return refuse(422, "Invalid request.\n\nRequest body is required.");
      return { ok: true, operation, warnings };
    }
    if (op.jsonBody && req.contentType !== undefined && !isJsonMediaType(req.contentType)) {
      return refuse(415, `Unsupported 'Content-Type' header value: '${req.contentType}'.`);
    }
    if (op.body && !op.body(req.body)) {
      return refuse(422, invalidRequest(op.body.errors));
    }
    if (op.knownBodyProps && isObject(req.body)) {
      for (const key of Object.keys(req.body)) {
        if (!op.knownBodyProps.has(key)) {
          warnings.push(`unknown body property "${key}" (GitHub ignores it)`);
        }
      }
    }
    return { ok: true, operation, warnings };
  }

  /**
   * Checks a JSON response body against the operation's response schema; returns what is wrong.
   * For testing the fake itself: its answers should look like GitHub's.
   */
  checkResponse(
    method: string,
    template: string,
    status: number,
    body: unknown,
  ): string | undefined {
    const key = `${method} ${template} ${status}`;
    let validate = this.responseValidators.get(key);
    if (validate === undefined) {
      const route = this.routes.get(method)?.find((r) => r.template === template);
      const response = (route?.operation.responses as Record<string, Json> | undefined)?.[
        String(status)
      ];
      const content = response
        ? (this.deref(response).content as Record<string, Json> | undefined)
        : undefined;
      const schema = content?.["application/json"]?.schema as Json | undefined;
      validate = schema ? this.bodyAjv.compile(this.selfContained(schema)) : null;
      this.responseValidators.set(key, validate);
    }
    if (!validate || validate(body)) return undefined;
    return (validate.errors ?? [])
      .map(
        (e) =>
          `${e.instancePath || "(root)"} ${e.message ?? "is invalid"} (${JSON.stringify(e.params)})`,
      )
      .join("; ");
  }

  private addRoute(method: string, template: string, operation: Json, pathItem: Json): void {
    const segments = template.split("/").slice(1);
    const paramNames: string[] = [];
    let literalSegments = 0;
    let greedy = false;
    const parts = segments.map((segment, i) => {
      if (!segment.includes("{")) {
        literalSegments++;
        return escapeRegex(segment);
      }
      return segment
        .split(/(\{[^}]+\})/)
        .map((piece) => {
          const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
          if (!name) return escapeRegex(piece);
          paramNames.push(name);
          if (i === segments.length - 1 && segment === piece && GREEDY_PARAMS.has(name)) {
            greedy = true;
            return "(.+)";
          }
          return "([^/]+)";
        })
        .join("");
    });
    const route: Route = {
      method,
      template,
      regex: new RegExp(`^/${parts.join("/")}/?$`),
      paramNames,
      literalSegments,
      greedy,
      operation,
      pathItem,
    };
    const list = this.routes.get(method) ?? [];
    list.push(route);
    this.routes.set(method, list);
  }

  private compile(method: string, template: string): CompiledOperation {
    const key = `${method} ${template}`;
    const cached = this.compiled.get(key);
    if (cached) return cached;
    const route = this.routes.get(method)!.find((r) => r.template === template)!;
    const parameters = [
      ...((route.pathItem.parameters as Json[] | undefined) ?? []),
      ...((route.operation.parameters as Json[] | undefined) ?? []),
    ].map((p) => this.deref(p));
    const paramSchema = (where: string): Json | undefined => {
      const list = parameters.filter((p) => p.in === where);
      if (list.length === 0) return undefined;
      return {
        type: "object",
        properties: Object.fromEntries(list.map((p) => [p.name, toJsonSchema(p.schema ?? {})])),
        required: list.filter((p) => p.required === true).map((p) => p.name),
      };
    };
    const pathSchema = paramSchema("path");
    const querySchema = paramSchema("query");

    const requestBody = route.operation.requestBody
      ? this.deref(route.operation.requestBody as Json)
      : undefined;
    const content = (requestBody?.content ?? {}) as Record<string, Json>;
    const jsonContent = content["application/json"];
    const bodySchema = jsonContent?.schema as Json | undefined;
    const compiledOp: CompiledOperation = {
      pathParams: pathSchema ? this.paramAjv.compile(pathSchema) : undefined,
      query: querySchema ? this.paramAjv.compile(querySchema) : undefined,
      knownQuery: new Set(parameters.filter((p) => p.in === "query").map((p) => String(p.name))),
      body: bodySchema ? this.bodyAjv.compile(this.selfContained(bodySchema)) : undefined,
      bodyRequired: requestBody?.required === true,
      jsonBody: jsonContent !== undefined,
      knownBodyProps: bodySchema ? this.topLevelProperties(bodySchema) : undefined,
    };
    this.compiled.set(key, compiledOp);
    return compiledOp;
  }

  /** The schema with every component it reaches copied under `definitions`. */
  private selfContained(schema: Json): Json {
    const root = toJsonSchema(schema);
    const definitions: Json = {};
    const pending = collectRefs(root);
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      if (name in definitions) continue;
      const component = toJsonSchema(this.deref({ $ref: `#/components/schemas/${name}` }));
      definitions[name] = component;
      pending.push(...collectRefs(component));
    }
    return { ...root, definitions };
  }

  private topLevelProperties(schema: Json): Set<string> | undefined {
    const s = this.deref(schema);
    if (s.additionalProperties !== undefined && s.additionalProperties !== false) return undefined;
    const variants = [s, ...(["oneOf", "anyOf", "allOf"] as const).flatMap((k) => asArray(s[k]))];
    const names = new Set<string>();
    for (const v of variants) {
      const resolved = this.deref(v);
      if (resolved.additionalProperties !== undefined && resolved.additionalProperties !== false) {
        return undefined;
      }
      for (const name of Object.keys((resolved.properties as Json | undefined) ?? {})) {
        names.add(name);
      }
    }
    return names.size > 0 ? names : undefined;
  }

  private deref(node: Json): Json {
    let current = node;
    while (typeof current.$ref === "string") {
      current = current.$ref
        .slice(2)
        .split("/")
        .reduce<Json>((obj, key) => obj[key] as Json, this.doc);
    }
    return current;
  }
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: false,
    verbose: true,
    logger: false,
    validateSchema: false,
    ...(coerce ? { coerceTypes: "array" as const } : {}),
  });
  addFormats(ajv);
  for (const format of ["uri-template", "int64", "int32", "repo.nwo", "binary"]) {
    if (!ajv.formats[format]) ajv.addFormat(format, true);
  }
  return ajv;
}

/**
 * OpenAPI 3.0 schema -> JSON Schema: `nullable: true` becomes a null type (and a null enum
 * member), and component `$ref`s point at `#/definitions/<name>`.
 */
export function toJsonSchema(node: unknown): Json {
  return convert(node) as Json;
}

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (!isObject(node)) return node;
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === "nullable" || key === "example" || key === "examples") continue;
    if (key === "$ref" && typeof value === "string" && value.startsWith(COMPONENT_REF)) {
      out.$ref = `#/definitions/${value.slice(COMPONENT_REF.length)}`;
    } else if (key === "properties" || key === "patternProperties") {
      out[key] = Object.fromEntries(
        Object.entries(value as Json).map(([name, schema]) => [name, convert(schema)]),
      );
    } else {
      out[key] = convert(value);
    }
  }
  if (node.nullable !== true) return out;
  if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  if (typeof out.type === "string") {
    out.type = [out.type, "null"];
    return out;
  }
  if (out.type === undefined && out.$ref === undefined && Object.keys(out).length === 0) {
    return out;
  }
  return { anyOf: [out, { type: "null" }] };
}

function collectRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const item of node) collectRefs(item, found);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key === "$ref" && typeof value === "string") {
        found.push(value.slice("#/definitions/".length));
      } else {
        collectRefs(value, found);
      }
    }
  }
  return found;
}

function invalidRequest(errors: ErrorObject[] | null | undefined): string {
  const lines = (errors ?? []).map((e) => {
    const where = e.instancePath ? `properties${e.instancePath}` : "the request";
    if (e.keyword === "required") {
      return `"${String(e.params.missingProperty)}" wasn't supplied.`;
    }
    if (e.keyword === "enum") {
      const allowed = (e.params.allowedValues as unknown[]).map((v) => JSON.stringify(v));
      return `For '${where}', ${short(e.data)} is not a member of [${allowed.join(", ")}].`;
    }
    if (e.keyword === "type") {
      return `For '${where}', ${short(e.data)} is not ${article(String(e.params.type))}.`;
    }
    return `For '${where}', ${e.message ?? "is invalid"}.`;
  });
  return `Invalid request.\n\n${lines.join("\n")}`;
}

function short(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

/** `application/json` and GitHub's `application/vnd.github.*+json` media types. */
export function isJsonMediaType(value: string): boolean {
  const type = value.split(";")[0]!.trim().toLowerCase();
  return (
    type === "application/json" ||
    (type.startsWith("application/vnd.github") &&
      (type.endsWith("+json") || type.endsWith(".json")))
  );
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asArray(value: unknown): Json[] {
  return Array.isArray(value) ? (value as Json[]) : [];
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
