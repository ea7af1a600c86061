// Class: a reply of a fixed JSON shape. The strict schema sent is generated from the zod schema
// that reads the reply (never written twice), and a reply that cannot be read gets exactly one
// repair turn in its own conversation, each request reported with its usage.
import { Ajv } from "ajv";
import { describe, expect, it } from "vitest";
import * as z from "zod";
import type { ChatMessage, ModelPort, ModelReply, Usage } from "../../src/model/port.js";
import { nullsToAbsent, strictSchemaOf } from "../../src/model/strict-schema.js";
import { askStructured, replyShape, type StructuredAsk } from "../../src/model/structured.js";
import { childReplySchema, childReplyShape } from "../../src/review/findings.js";

type Json = Record<string, unknown>;

/** Every object node of a schema, wherever it sits. */
function objectNodes(node: unknown, out: Json[] = []): Json[] {
  if (Array.isArray(node)) node.forEach((n) => objectNodes(n, out));
  else if (node && typeof node === "object") {
    const n = node as Json;
    if (n.type === "object") out.push(n);
    Object.values(n).forEach((v) => objectNodes(v, out));
  }
  return out;
}

/** Every key used anywhere in a schema, properties' own names aside. */
function keywords(node: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keywords(n, out));
  else if (node && typeof node === "object")
    for (const [k, v] of Object.entries(node)) {
      if (k === "properties") Object.values(v as Json).forEach((p) => keywords(p, out));
      else {
        out.add(k);
        keywords(v, out);
      }
    }
  return out;
}

const strict = childReplyShape.structured.schema;
const item = ((strict.properties as Json).findings as { anyOf: Json[] }).anyOf[0]!.items as Json;
const props = item.properties as Record<string, Json>;
const finding = {
  path: "src/a.ts",
  line: 3,
  severity: "major",
  title: "Unchecked input",
  body: "The handler trusts its input.",
};

describe("the strict schema sent for a reply shape", () => {
  it("is generated from childReplySchema: optional fields required and nullable, closed objects", () => {
    expect(childReplyShape.structured.name).toMatch(/^[A-Za-z0-9_-]+$/);
    const objects = objectNodes(strict);
    expect(objects.length).toBe(2);
    for (const o of objects) {
      expect(o.additionalProperties).toBe(false);
      expect(o.required).toEqual(Object.keys(o.properties as Json));
    }
    // The zod schema's optional and defaulted fields may be null; its required ones may not.
    const shape = childReplySchema.shape.findings.unwrap().element.shape;
    for (const [name, field] of Object.entries(shape)) {
      const nullable = JSON.stringify(props[name]).includes('"null"');
      expect([name, nullable]).toEqual([name, field.safeParse(undefined).success]);
    }
    expect(props.side).toEqual({ type: ["string", "null"], enum: ["RIGHT", "LEFT", null] });
    expect(props.start_line).toEqual({ type: ["integer", "null"] });
    expect(props.path).toEqual({ type: "string" });
    // Defaults, bounds and lengths stay with zod: servers differ on which of them they accept.
    expect([...keywords(strict)].sort()).toEqual(
      ["additionalProperties", "anyOf", "enum", "items", "required", "type"].sort(),
    );
  });

  it("accepts exactly what a strict server may send, and reads it back through zod", () => {
    const validate = new Ajv({ allowUnionTypes: true, strict: true }).compile(strict);
    const sent = {
      findings: [
        { ...finding, start_line: null, side: null, quote: null, replacement: null },
        { ...finding, start_line: 2, side: "LEFT", quote: "x", replacement: "y" },
      ],
    };
    expect(validate(sent)).toBe(true);
    expect(validate({ findings: [{ ...finding }] })).toBe(false); // every key is required
    expect(validate({ findings: null })).toBe(true);
    expect(validate({ findings: [], extra: 1 })).toBe(false);
    const read = childReplyShape.read(JSON.stringify(sent));
    expect(read).toEqual({
      ok: true,
      value: {
        findings: [
          { ...finding, side: "RIGHT", quote: "" },
          { ...finding, start_line: 2, side: "LEFT", quote: "x", replacement: "y" },
        ],
      },
    });
  });

  it("maps null back to absent only where the zod schema has an optional field without null", () => {
    const schema = z.object({
      a: z.string(),
      b: z.number().optional(),
      c: z.string().nullable(),
      d: z.string().nullable().optional(),
      nested: z.object({ x: z.boolean().optional(), y: z.string() }).optional(),
      list: z.array(z.object({ e: z.enum(["p", "q"]).optional() })).default([]),
    });
    const shape = replyShape("sample", schema);
    const s = shape.structured.schema;
    const p = s.properties as Record<string, Json>;
    expect(s.required).toEqual(["a", "b", "c", "d", "nested", "list"]);
    expect(p.c).toEqual({ type: ["string", "null"] });
    expect(p.nested).toEqual({
      anyOf: [
        {
          type: "object",
          properties: { x: { type: ["boolean", "null"] }, y: { type: "string" } },
          required: ["x", "y"],
          additionalProperties: false,
        },
        { type: "null" },
      ],
    });
    const read = shape.read(
      JSON.stringify({
        a: "x",
        b: null,
        c: null,
        d: null,
        nested: { x: null, y: "z" },
        list: [{ e: null }, { e: "q" }],
      }),
    );
    expect(read).toEqual({
      ok: true,
      value: { a: "x", c: null, d: null, nested: { y: "z" }, list: [{}, { e: "q" }] },
    });
    // A required field's null is kept (and refused by zod): only optional fields are absent.
    expect(shape.read('{"a": null, "c": null}').ok).toBe(false);
    expect(nullsToAbsent({ list: null }, z.toJSONSchema(schema, { io: "input" }), {})).toEqual({});
  });

  it("refuses a zod schema a strict schema cannot express, naming where", () => {
    const input = (s: z.ZodType) => z.toJSONSchema(s, { io: "input" }) as Json;
    expect(() => strictSchemaOf(input(z.array(z.string())))).toThrow(/must be an object/);
    expect(() => strictSchemaOf(input(z.object({ m: z.record(z.string(), z.number()) })))).toThrow(
      /#\/properties\/m: an object with open keys/,
    );
    expect(() => strictSchemaOf(input(z.object({ u: z.unknown() })))).toThrow(/any type/);
    expect(() => strictSchemaOf(input(z.object({ t: z.tuple([z.string(), z.number()]) })))).toThrow(
      /#\/properties\/t: "prefixItems"/,
    );
  });
});

const usage = (n: number): Usage => ({ promptTokens: n, completionTokens: n, cachedTokens: 0 });

interface Call {
  messages: ChatMessage[];
  options: Parameters<ModelPort["complete"]>[3];
}

/** A model answering from a list, recording what each call carried. */
function listModel(replies: (Partial<ModelReply> | Error)[]): ModelPort & { calls: Call[] } {
  const calls: Call[] = [];
  return {
    model: "m",
    calls,
    complete(messages, _tools, _signal, options) {
      calls.push({ messages: structuredClone(messages), options });
      const next = replies[calls.length - 1];
      if (!next) return Promise.reject(new Error("no reply scripted"));
      if (next instanceof Error) return Promise.reject(next);
      return Promise.resolve({
        content: "",
        toolCalls: [],
        finishReason: "stop",
        usage: usage(10 * calls.length),
        ...next,
      });
    },
  };
}

const question: ChatMessage[] = [
  { role: "system", content: "Review." },
  { role: "user", content: "The hunks." },
];
const good = JSON.stringify({ findings: [finding] });
const ask = (
  model: ModelPort,
  extra: Partial<StructuredAsk<z.output<typeof childReplySchema>>> = {},
) =>
  askStructured({
    model,
    shape: childReplyShape,
    messages: question,
    signal: new AbortController().signal,
    maxTokens: 100,
    ...extra,
  });

describe("asking for a structured reply", () => {
  it("takes a well-formed reply with one request, asking with the strict schema", async () => {
    const model = listModel([{ content: good }]);
    const out = await ask(model);
    expect(out).toMatchObject({ sent: 1, repaired: false, repairReason: undefined });
    expect(out.value?.findings).toHaveLength(1);
    expect(model.calls).toHaveLength(1);
    expect(model.calls[0]!.options).toEqual({
      structured: childReplyShape.structured,
      maxTokens: 100,
    });
  });

  it("gives a malformed reply one repair turn: its reply, then the problem and the shape", async () => {
    const bad = `Here you go: ${good.slice(0, 30)}`;
    const model = listModel([{ content: bad }, { content: good }]);
    const out = await ask(model);
    expect(out.value?.findings).toHaveLength(1);
    expect(out).toMatchObject({ sent: 2, repaired: true, error: undefined });
    expect(out.repairReason).toMatch(/cut short/);
    expect(out.replies).toEqual([
      { usage: usage(10), finishReason: "stop" },
      { usage: usage(20), finishReason: "stop" },
    ]);
    expect(out.usage).toEqual({ ...usage(30), reasoningTokens: 0 });
    const [first, second] = model.calls;
    expect(first!.messages).toEqual(question);
    expect(second!.messages.slice(0, 2)).toEqual(question);
    expect(second!.messages.slice(2, 3)).toEqual([{ role: "assistant", content: bad }]);
    expect(second!.messages).toHaveLength(4);
    const repair = second!.messages[3]!;
    expect(repair.role).toBe("user");
    expect(repair.content).toContain(out.repairReason);
    expect(repair.content).toContain(JSON.stringify(childReplyShape.structured.schema));
    expect(second!.options).toEqual(first!.options);
  });

  it("repairs a reply cut off at the output cap, even one whose text would parse", async () => {
    const model = listModel([{ content: good, finishReason: "length" }, { content: good }]);
    const out = await ask(model);
    expect(out).toMatchObject({ sent: 2, repaired: true });
    expect(out.repairReason).toMatch(/cut off at the output token limit/);
  });

  it("leaves an empty reply out of the repair turn and says it was empty", async () => {
    const model = listModel([{ content: "", finishReason: "length" }, { content: good }]);
    await ask(model);
    const second = model.calls[1]!.messages;
    expect(second).toHaveLength(3);
    expect(second[2]).toMatchObject({ role: "user" });
    expect(second[2]!.content).toMatch(/it was empty \(it was cut off at the output token limit/);
  });

  it("fails on a second bad reply, with both replies' usage and no third request", async () => {
    const model = listModel([{ content: "no" }, { content: '{"findings": [{"path": 1}]}' }]);
    const out = await ask(model);
    expect(out.value).toBeUndefined();
    expect(out).toMatchObject({
      sent: 2,
      repaired: true,
      usage: { ...usage(30), reasoningTokens: 0 },
    });
    expect(out.repairReason).toMatch(/no JSON object/);
    expect(out.error).toMatch(/does not match the shape: findings\.0\.path/);
    expect(model.calls).toHaveLength(2);
  });

  it("reports a request that failed, and sends no repair for it", async () => {
    const model = listModel([new Error("HTTP 400 bad request")]);
    const out = await ask(model);
    expect(out).toMatchObject({ sent: 1, repaired: false, error: "HTTP 400 bad request" });
    expect(out.cause).toBeInstanceOf(Error);
    expect(model.calls).toHaveLength(1);
  });

  it("keeps the first reply's usage when the repair turn cannot be sent", async () => {
    const model = listModel([{ content: "nothing" }]);
    const turns: boolean[] = [];
    const out = await ask(model, {
      around: (send, turn) => {
        turns.push(turn.repair);
        if (turn.repair) throw new Error("over budget");
        return send();
      },
    });
    expect(turns).toEqual([false, true]);
    expect(out).toMatchObject({ sent: 1, repaired: false, error: "over budget" });
    expect(out.usage).toEqual({ ...usage(10), reasoningTokens: 0 });
    expect(model.calls).toHaveLength(1);
  });

  it("counts a retried request once", async () => {
    const model = listModel([new Error("503"), { content: good }]);
    const out = await ask(model, {
      around: async (send) => {
        try {
          return await send();
        } catch {
          return send();
        }
      },
    });
    expect(out).toMatchObject({ sent: 1, repaired: false });
    expect(model.calls).toHaveLength(2);
  });

  it("sends no repair turn once the run is cancelled", async () => {
    const controller = new AbortController();
    const model = listModel([{ content: "garbage" }]);
    const out = await ask(model, {
      signal: controller.signal,
      around: async (send) => {
        const reply = await send();
        controller.abort();
        return reply;
      },
    });
    expect(out).toMatchObject({ sent: 1, repaired: false });
    expect(model.calls).toHaveLength(1);
  });

  it("costs nothing extra for well-formed replies, and one request per malformed one", async () => {
    const total = 50;
    for (const malformed of [0, 5, 20]) {
      let requests = 0;
      for (let i = 0; i < total; i++) {
        const model = listModel(
          i < malformed ? [{ content: "{" }, { content: good }] : [{ content: good }],
        );
        const out = await ask(model);
        expect(out.value).toBeDefined();
        requests += out.sent;
      }
      expect(requests).toBe(total + malformed);
    }
  });
});
