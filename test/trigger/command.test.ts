import { describe, expect, it } from "vitest";
import { parseCommand } from "../../src/trigger/command.js";

describe("parseCommand", () => {
  it("finds a command at the start of the first non-blank line", () => {
    expect(parseCommand("\n\n  /rivumi explain the retry logic\nplease")).toEqual({
      name: "rivumi",
      args: "explain the retry logic\nplease",
    });
    expect(parseCommand("/memories")).toEqual({ name: "memories", args: "" });
    expect(parseCommand("/remember fact we use pnpm")).toEqual({
      name: "remember",
      args: "fact we use pnpm",
    });
  });

  it.each([
    ["> /rivumi do it", "a quote"],
    ["thanks!\n/rivumi do it", "a later line"],
    ["    /rivumi do it", "an indented code block"],
    ["/rivumify this", "a longer word"],
    ["please /rivumi do it", "mid-line"],
    ["```\n/rivumi do it\n```", "a code fence"],
    ["", "an empty comment"],
  ])("ignores %j (%s)", (body) => {
    expect(parseCommand(body)).toBeUndefined();
  });
});
