import { describe, expect, it } from "vitest";
import { extractReplBlocks } from "../../src/rlm/repl-block.js";

describe("extractReplBlocks", () => {
  it("finds the one repl block among prose and other fences", () => {
    const reply =
      "Let me look.\n```python\nprint('illustration')\n```\n```repl\nx = 1\nprint(x)\n```\nDone.";
    expect(extractReplBlocks(reply)).toEqual(["x = 1\nprint(x)"]);
  });

  it("counts every repl block, and none in prose", () => {
    expect(extractReplBlocks("```repl\na\n```\n```repl\nb\n```")).toEqual(["a", "b"]);
    expect(extractReplBlocks("I will write a ```repl block next turn.")).toEqual([]);
    expect(extractReplBlocks("just prose")).toEqual([]);
  });

  it("follows CommonMark fences: longer fences, tildes, indentation, CRLF, unclosed", () => {
    expect(extractReplBlocks("````repl\nprint('```')\n```\nmore\n````")).toEqual([
      "print('```')\n```\nmore",
    ]);
    expect(extractReplBlocks("~~~repl\na\n~~~")).toEqual(["a"]);
    expect(extractReplBlocks("   ```repl\r\na\r\n   ```\r\n")).toEqual(["a"]);
    expect(extractReplBlocks("```repl\nunclosed")).toEqual(["unclosed"]);
    expect(extractReplBlocks("```python\n```repl\n```")).toEqual([]);
  });
});
