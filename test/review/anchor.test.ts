import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Finding } from "../../src/outcome/review.js";
import { placeFindings } from "../../src/review/anchor.js";
import { makeInlinePr, type InlinePr } from "../support/inline-pr.js";

let pr: InlinePr;
beforeAll(async () => {
  pr = await makeInlinePr();
});
afterAll(() => pr.remove());

const finding = (over: Partial<Finding>): Finding => ({
  path: "src/calc.ts",
  line: 1,
  severity: "major",
  title: "t",
  body: "b",
  ...over,
});

async function placeOne(over: Partial<Finding>) {
  const { placed, unplaced } = await placeFindings(pr.index, [finding(over)]);
  return { placed: placed[0], unplaced: unplaced[0] };
}

describe("placing findings on the diff", () => {
  it("keeps an added line where the model put it, on the RIGHT side", async () => {
    const { placed } = await placeOne({ line: 21, quote: "added A" });
    expect(placed).toMatchObject({ line: 21, side: "RIGHT" });
  });

  it("moves a quote the model numbered three lines off onto its real line", async () => {
    expect((await placeOne({ line: 18, quote: "added A" })).placed).toMatchObject({ line: 21 });
    expect((await placeOne({ line: 25, quote: "  added   B " })).placed).toMatchObject({
      line: 22,
    });
  });

  it("places context lines on the RIGHT and removed lines on the LEFT", async () => {
    expect((await placeOne({ line: 9, quote: "line 9: value 9" })).placed).toMatchObject({
      line: 9,
      side: "RIGHT",
    });
    const removed = await placeOne({ line: 10, side: "LEFT", quote: "line 10: value 10" });
    expect(removed.placed).toMatchObject({ line: 10, side: "LEFT" });
    // A model that quoted a removed line but said RIGHT: the quote decides the side.
    const sloppy = await placeOne({ line: 10, quote: "-line 10: value 10" });
    expect(sloppy.placed).toMatchObject({ line: 10, side: "LEFT" });
  });

  it("without a quote, takes the line only if the diff shows it on that side", async () => {
    expect((await placeOne({ line: 22 })).placed).toMatchObject({ line: 22, side: "RIGHT" });
    expect((await placeOne({ line: 2 })).unplaced?.reason).toMatch(/not in a hunk/);
  });

  it("says why a finding cannot be placed", async () => {
    expect((await placeOne({ path: "src/other.ts", line: 3 })).unplaced?.reason).toBe(
      "the file is not changed in this pull request",
    );
    // Line 2 is near hunk 1 (lines 7-13), but what it quotes is not there.
    expect((await placeOne({ line: 2, quote: "line 2: value 2" })).unplaced?.reason).toMatch(
      /quoted line is not within 5 lines of line 2/,
    );
    expect((await placeOne({ line: 21, quote: "something the diff never had" })).placed).toBe(
      undefined,
    );
  });

  it("keeps a range inside one hunk, shifted with its line, and drops a start outside it", async () => {
    expect((await placeOne({ start_line: 18, line: 19, quote: "added B" })).placed).toMatchObject({
      start_line: 21,
      line: 22,
    });
    const outside = (await placeOne({ start_line: 5, line: 9, quote: "line 9: value 9" })).placed;
    expect(outside).toMatchObject({ line: 9 });
    expect(outside?.start_line).toBeUndefined();
  });

  it("drops a replacement on a removed line: a suggestion only replaces head lines", async () => {
    const left = await placeOne({
      line: 10,
      side: "LEFT",
      quote: "line 10: value 10",
      replacement: "x",
    });
    expect(left.placed?.replacement).toBeUndefined();
    const right = await placeOne({ line: 21, quote: "added A", replacement: "added a" });
    expect(right.placed?.replacement).toBe("added a");
  });
});
