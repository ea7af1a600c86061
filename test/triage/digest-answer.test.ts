// Class: the finalized answer of a failure digest, read with the same unambiguous JSON reader as
// every fixed-shape reply: one object, bare, fenced or among sentences; never a guess between two.
import { describe, expect, it } from "vitest";
import { parseDigest } from "../../src/triage/digest.js";

const answer = {
  root_cause: "The SAVE10 discount is not applied.",
  category: "test",
  evidence: [],
  files: [{ path: "src/cart.py", line: 12 }],
  next_step: "Apply the code in total().",
};
const json = JSON.stringify(answer);

describe("reading a digest's finalized answer", () => {
  it.each([
    ["the dict as finalize() dumps it", json],
    ["one fenced block", "Digest:\n```json\n" + json + "\n```"],
    ["one object after a sentence", `Here is the digest: ${json}`],
  ])("takes %s", (_what, text) => {
    expect(parseDigest(text, [], "m")).toMatchObject({
      rootCause: answer.root_cause,
      files: [{ path: "src/cart.py", line: 12 }],
      model: "m",
    });
  });

  it.each([
    ["two different objects", `${json}\n{"root_cause": "Something else."}`],
    ["an answer cut short", json.slice(0, -20)],
    ["prose only", "The discount code is ignored."],
  ])("refuses %s", (_what, text) => {
    expect(parseDigest(text, [], "m")).toBeUndefined();
  });
});
