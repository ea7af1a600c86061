// Class: how a child reviewer's text is read. What is unambiguous is taken (the bare object, one
// fenced block, one object among sentences, a bare array of findings); two different values, a
// value cut short, invalid JSON and anything that does not validate are refused, so the batch
// gets its repair turn instead of being counted as examined on a guess.
import { describe, expect, it } from "vitest";
import { readChildReply } from "../../src/review/findings.js";

const finding = {
  path: "src/a.ts",
  line: 3,
  side: "RIGHT",
  severity: "major",
  title: "Unchecked input",
  body: "The handler trusts its input.",
  quote: "handle(req.body)",
};
const other = { ...finding, line: 9, title: "Another problem" };
const reply = JSON.stringify({ findings: [finding] });
const fence = (text: string, lang = "json") => "```" + lang + "\n" + text + "\n```";

describe("reading a child reviewer's reply", () => {
  it.each<[string, string, number]>([
    ["the bare object", reply, 1],
    ["the bare object, pretty-printed", JSON.stringify({ findings: [finding] }, null, 2), 1],
    ["no findings", '{"findings": []}', 0],
    ["one fenced block among sentences", `Here is my review.\n${fence(reply)}\nThat is all.`, 1],
    ["one fence without a language", fence(reply, ""), 1],
    ["one object after a sentence, no fence", `I read every hunk. ${reply}`, 1],
    ["one object between sentences", `Findings follow: ${reply} Nothing else stood out.`, 1],
    ["a bare array of findings", JSON.stringify([finding, other]), 2],
    ["a bare empty array", "[]", 0],
    ["a bare array after a sentence", `Two problems: ${JSON.stringify([finding, other])}`, 2],
    ["the same object twice (fence and repeat)", `${fence(reply)}\nAgain: ${reply}`, 1],
    ["two fenced blocks that agree", `${fence(reply)}\n${fence(reply)}`, 1],
    ["prose brackets beside the object", `Lines [12, 14] and [see below] matter. ${reply}`, 1],
    [
      "braces and fences inside its strings",
      JSON.stringify({
        findings: [{ ...finding, body: "Use ```ts\nif (x) { y(); }\n``` and [1, 2] {here}" }],
      }),
      1,
    ],
    [
      "nulls for the optional fields of the strict schema",
      JSON.stringify({
        findings: [{ ...finding, side: null, quote: null, start_line: null, replacement: null }],
      }),
      1,
    ],
  ])("takes %s", (_what, text, count) => {
    const read = readChildReply(text);
    expect(read).toMatchObject({ ok: true });
    if (read.ok) expect(read.value).toHaveLength(count);
  });

  it("reads nulls as absent fields, so their defaults apply", () => {
    const read = readChildReply(
      JSON.stringify({
        findings: [{ ...finding, side: null, quote: null, start_line: null, replacement: null }],
      }),
    );
    expect(read.ok && read.value[0]).toEqual({ ...finding, side: "RIGHT", quote: "" });
    expect(readChildReply('{"findings": null}')).toEqual({ ok: true, value: [] });
  });

  it.each<[string, string, RegExp]>([
    ["two different objects", `${reply}\n{"findings": []}`, /2 different JSON values/],
    [
      "an object, then prose with another object",
      `${reply}\nFor example a finding looks like ${JSON.stringify(other)}.`,
      /2 different JSON values/,
    ],
    [
      "two fenced blocks that disagree",
      `${fence(reply)}\n${fence(JSON.stringify({ findings: [other] }))}`,
      /2 different JSON values/,
    ],
    ["JSON cut short", reply.slice(0, -10), /cut short/],
    [
      "JSON cut short after whole findings (not read as the ones that ended)",
      `{"findings": [${JSON.stringify(finding)}, {"path": "src/b.ts", "li`,
      /cut short/,
    ],
    ["a fence cut short", "```json\n" + reply.slice(0, 40), /cut short/],
    ["a lone finding", JSON.stringify(finding), /keys that are not part of the shape/],
    [
      "the object with a key of its own",
      '{"findings": [], "summary": "all fine"}',
      /not part of the shape \("summary"\)/,
    ],
    ["an array of numbers", "[1, 2, 3]", /no JSON object/],
    ["an array of strings", '["src/a.ts", "src/b.ts"]', /does not match the shape/],
    ["an array of other objects", '[{"file": "a.ts"}]', /does not match the shape/],
    ["an invalid finding", JSON.stringify({ findings: [{ ...finding, line: 0 }] }), /line/],
    ["a finding without its body", JSON.stringify([{ ...finding, body: undefined }]), /body/],
    ["a trailing comma", '{"findings": [],}', /not valid JSON/],
    ["single quotes", "{'findings': []}", /inside a structure that is not JSON/],
    [
      "unquoted keys around JSON findings",
      `{findings: ${JSON.stringify([finding])}}`,
      /inside a structure that is not JSON/,
    ],
    ["unquoted keys in a JSON-looking object", '{"findings": [{path: "a"}]}', /not valid JSON/],
    ["prose only", "Everything looks fine to me.", /no JSON object/],
    ["an empty reply", "", /no JSON object/],
    ["a JSON string", '"no findings"', /no JSON object/],
  ])("refuses %s", (_what, text, why) => {
    const read = readChildReply(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.error).toMatch(why);
  });

  it("says where invalid JSON went wrong without quoting the reply back", () => {
    const read = readChildReply('Findings:\n{"findings": [\n  {"path": "SECRET-ish", }\n]}');
    expect(read).toEqual({
      ok: false,
      error: expect.stringMatching(/not valid JSON \(.+ at line 3, column \d+\)/) as string,
    });
    expect(JSON.stringify(read)).not.toContain("SECRET-ish");
  });
});
