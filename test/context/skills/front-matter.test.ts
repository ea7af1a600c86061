import { describe, expect, it } from "vitest";
import { parseFrontMatter } from "../../../src/context/skills/front-matter.js";

describe("parseFrontMatter", () => {
  it("reads key: value lines and returns the body after the closing line", () => {
    const fm = parseFrontMatter(
      "---\nname: release\ndescription: Cut a release.\n---\n\n# Steps\n1. tag\n",
    );
    expect(Object.fromEntries(fm?.fields ?? [])).toEqual({
      name: "release",
      description: "Cut a release.",
    });
    expect(fm?.body).toBe("# Steps\n1. tag\n");
  });

  it("handles quotes, comments, CRLF, folded and continued values", () => {
    const text = [
      "---",
      'name: "pdf-tools"',
      "# a comment",
      "description: >",
      "  Fill PDF forms",
      "  and merge files.",
      "license: 'it''s MIT' ",
      "other: plain # trailing comment",
      "metadata:",
      "  author: someone",
      "---",
      "body",
    ].join("\r\n");
    expect(Object.fromEntries(parseFrontMatter(text)?.fields ?? [])).toEqual({
      name: "pdf-tools",
      description: "Fill PDF forms and merge files.",
      license: "it's MIT",
      other: "plain",
      metadata: "author: someone",
    });
  });

  it("is null without front matter, unclosed, or with lines it does not understand", () => {
    expect(parseFrontMatter("# Title\nname: x\n")).toBeNull();
    expect(parseFrontMatter("---\nname: x\n")).toBeNull();
    expect(parseFrontMatter("---\n- a list\n---\n")).toBeNull();
  });

  it("keeps the first value of a repeated key", () => {
    expect(parseFrontMatter("---\nname: a\nname: b\n---\n")?.fields.get("name")).toBe("a");
  });
});
