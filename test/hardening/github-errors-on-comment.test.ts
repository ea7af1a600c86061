// Class: GitHub answering the comment writes with a 5xx, a secondary rate limit or a primary rate
// limit. Short waits are waited out and the comment is posted; a limit that lasts longer than
// publishing may wait leaves a result that says the comment is missing, never a plain success.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import type { Fault } from "../support/github-server.js";
import { hookGitHub, isCommentWrite, readOr, uploadedJournal } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const SECONDARY: Fault = {
  status: 403,
  message:
    "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
  headers: { "retry-after": "1" },
};
const primary = (): Fault => ({
  status: 403,
  message: "API rate limit exceeded for installation.",
  headers: {
    "x-ratelimit-limit": "5000",
    "x-ratelimit-remaining": "0",
    "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
  },
});

const review = {
  toolCalls: [{ name: "submit_review", arguments: { summary: "Looks right.", findings: [] } }],
};

/** A world whose first `times` comment writes get `fault`. */
async function faultyWorld(fault: () => Fault, times: number): Promise<ActionWorld> {
  const w = await createActionWorld({ script: [review] });
  let left = times;
  hookGitHub(w.github, (req) => (isCommentWrite(req) && left-- > 0 ? fault() : undefined));
  return w;
}

describe("GitHub 5xx, secondary and primary rate limits on comment publishing", () => {
  it.each([
    ["a 502", () => ({ status: 502, message: "Bad Gateway" }), 1],
    ["a 503 twice", () => ({ status: 503, message: "Service Unavailable" }), 2],
    ["a secondary rate limit", () => SECONDARY, 1],
  ] as [string, () => Fault, number][])(
    "waits out %s and posts the comment",
    async (_what, fault, times) => {
      const w = (world = await faultyWorld(fault, times));
      const run = await w.run();
      expect(run.outputs.conclusion).toBe("success");
      const comments = w.github.issueComments(FULL, PR);
      expect(comments).toHaveLength(1);
      expect(comments[0]!.body).toContain("Looks right.");
      expect(run.outputs["comment-url"]).toBe(comments[0]!.html_url);
      w.github.assertNoViolations();
    },
  );

  it("does not wait out a primary rate limit for an hour: says the comment is missing, publishes the rest", async () => {
    const w = (world = await faultyWorld(primary, 100));
    const run = await w.run();
    expect(run.exitCode).toBe(0);
    expect(w.github.issueComments(FULL, PR)).toHaveLength(0);
    expect(run.outputs.conclusion).toBe("partial");
    expect(run.outputs["comment-url"]).toBe("");
    expect(run.summary).toMatch(/Not published on GitHub:[\s\S]*comment: .*rate limit/i);
    expect(JSON.parse(readOr(run.outputs["result-file"]!))).toMatchObject({
      conclusion: "partial",
      note: expect.stringContaining("Not published on GitHub") as unknown,
      published: { comment: null, unpublished: [{ target: "comment" }] },
    });
    const { events } = uploadedJournal(w);
    expect(events.some((e) => e.type === "publish.failed" && e.target === "comment")).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", conclusion: "partial" });
  });
});
