// The JSON Schema a structured request sends, made from the zod schema that reads its reply, so
// the shape is written once. Strict structured outputs (OpenAI's `strict: true`, and the servers
// that copy it) want every property required and no other allowed: an optional field is sent as
// required and nullable, and a null in the reply is read back as the field left out.
import * as z from "zod";

export type JsonSchema = Record<string, unknown>;

/**
 * Keywords a strict schema keeps. Bounds, lengths, patterns, formats and defaults are left out:
 * servers differ on which they accept (some refuse the request over one), and the zod schema
 * checks them on every reply anyway.
 */
const KEPT = new Set([
  "type",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "enum",
  "const",
  "anyOf",
  "description",
  "$ref",
  "$defs",
]);
/** Keywords whose meaning a strict schema cannot carry: such a zod schema is a programming error. */
const REFUSED = ["oneOf", "allOf", "not", "prefixItems", "patternProperties", "if", "then", "else"];

/** What zod says a reply may hold (its input side: defaults and optional fields may be absent). */
export function inputSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input" });
}

/** The strict form of an input schema, for `response_format.json_schema.schema`. */
export function strictSchemaOf(input: JsonSchema): JsonSchema {
  if (input.type !== "object") throw new Error("a structured reply's schema must be an object");
  return strict(input, "#");
}

function strict(node: JsonSchema, where: string): JsonSchema {
  for (const k of REFUSED)
    if (k in node) throw new Error(`${where}: "${k}" cannot be expressed in a strict schema`);
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    if (!KEPT.has(key)) continue;
    if (key === "items") out.items = strict(value as JsonSchema, `${where}/items`);
    else if (key === "anyOf")
      out.anyOf = (value as JsonSchema[]).map((v, i) => strict(v, `${where}/anyOf/${i}`));
    else if (key === "$defs" || key === "properties")
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, JsonSchema>).map(([k, v]) => [
          k,
          strict(v, `${where}/${key}/${k}`),
        ]),
      );
    else out[key] = value;
  }
  if (!("type" in out || "anyOf" in out || "$ref" in out || "enum" in out || "const" in out))
    throw new Error(`${where}: a value of any type cannot be expressed in a strict schema`);
  if (out.type !== "object") return out;
  if (node.additionalProperties !== undefined && node.additionalProperties !== false)
    throw new Error(`${where}: an object with open keys cannot be expressed in a strict schema`);
  const properties = (out.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((node.required as string[] | undefined) ?? []);
  for (const [name, prop] of Object.entries(properties))
    if (!required.has(name)) properties[name] = nullable(prop);
  return { ...out, properties, required: Object.keys(properties), additionalProperties: false };
}

const SCALARS = new Set(["string", "number", "integer", "boolean"]);

/**
 * The same schema with null allowed as well: `"type": [..., "null"]` for a scalar, as OpenAI's
 * guide writes it, and `anyOf` with `{"type": "null"}` for anything else.
 */
function nullable(schema: JsonSchema): JsonSchema {
  if (acceptsNull(schema)) return schema;
  const { description, ...rest } = schema;
  const types = [rest.type].flat();
  if (types.every((t) => typeof t === "string" && SCALARS.has(t)) && !("const" in rest)) {
    const out: JsonSchema = { ...schema, type: [...types, "null"] };
    if (Array.isArray(rest.enum)) out.enum = [...(rest.enum as unknown[]), null];
    return out;
  }
  const anyOf = Array.isArray(rest.anyOf) && Object.keys(rest).length === 1 ? rest.anyOf : [rest];
  return {
    ...(description !== undefined ? { description } : {}),
    anyOf: [...(anyOf as JsonSchema[]), { type: "null" }],
  };
}

/** Whether a schema lets a value be null: then null is a value of its own, not an absent field. */
function acceptsNull(schema: JsonSchema, root?: JsonSchema): boolean {
  const target = root ? resolved(schema, root) : schema;
  const type = target.type;
  if (type === "null" || (Array.isArray(type) && type.includes("null"))) return true;
  if (Array.isArray(target.enum) && target.enum.includes(null)) return true;
  if ("const" in target && target.const === null) return true;
  return (
    Array.isArray(target.anyOf) &&
    (target.anyOf as JsonSchema[]).some((s) => acceptsNull(s, root ?? target))
  );
}

function resolved(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  if (typeof ref !== "string") return schema;
  if (ref === "#") return root;
  const name = /^#\/\$defs\/(.+)$/.exec(ref)?.[1];
  const defs = root.$defs as Record<string, JsonSchema> | undefined;
  return (name !== undefined ? defs?.[name] : undefined) ?? {};
}

/**
 * A reply read back along the input schema: a null where the schema has an optional field that
 * does not itself allow null is the field left out, as the strict schema sent it.
 */
export function nullsToAbsent(value: unknown, schema: JsonSchema, root: JsonSchema): unknown {
  const node = resolved(schema, root);
  if (Array.isArray(value)) {
    const items = node.items as JsonSchema | undefined;
    return items ? value.map((v) => nullsToAbsent(v, items, root)) : value;
  }
  if (value === null || typeof value !== "object") return value;
  const branches = ((node.anyOf as JsonSchema[] | undefined) ?? []).filter(
    (b) => !acceptsNull(b, root),
  );
  if (branches.length === 1) return nullsToAbsent(value, branches[0]!, root);
  const properties = node.properties as Record<string, JsonSchema> | undefined;
  if (!properties) return value;
  const required = new Set((node.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    const prop = Object.hasOwn(properties, key) ? properties[key] : undefined;
    if (v === null && prop && !required.has(key) && !acceptsNull(prop, root)) continue;
    out[key] = prop ? nullsToAbsent(v, prop, root) : v;
  }
  return out;
}
