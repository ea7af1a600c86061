// A review's findings from the model to their lines on the pull request: the review mode with the
// scripted model, then the publisher against the loopback GitHub with the same diff.
import { afterEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { Publisher } from "../../src/publish/publisher.js";
import { sh } from "../support/git-fixture.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";

const BASE = { "src/api/handler.ts": codeLines("h", 10) };
const HEAD = {
  "src/api/handler.ts": codeLines("h", 10)
    .replace(/^export const h_4 = .*$/m, 'export const h_4 = "changed"; // line 4')
    .concat("export const added = 1;\n"),
};
const removedLine = codeLines("h", 10).split("\n")[4]!;

const call = (name: string, args: object) => ({ toolCalls: [{ name, arguments: args }] });
const FINDINGS = [
  {
    path: "src/api/handler.ts",
    line: 8, // three lines above the line it quotes
    severity: "major",
    title: "Added without a test",
    body: "Nothing covers it.",
    quote: "export const added = 1;",
    replacement: "export const added = 2;",
  },
  {
    path: "src/api/handler.ts",
    line: 5,
    side: "LEFT",
    severity: "minor",
    title: "Old value dropped",
    body: "Callers used it.",
    quote: removedLine,
  },
  {
    path: "src/api/handler.ts",
    line: 2,
    severity: "critical",
    title: "Quoted wrong",
    body: "The model quoted a line that is not there.",
    quote: "this line is nowhere",
  },
];

let world: ReviewWorld | undefined;
let github: GitHubServer | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  github?.assertNoViolations();
  await github?.close();
  github = undefined;
});

async function review(inputs: Record<string, string> = {}) {
  world = await reviewWorld({
    baseFiles: BASE,
    headFiles: HEAD,
    inputs,
    script: [
      call("git_diff", {}),
      call("submit_review", { summary: "Two problems.", findings: FINDINGS }),
    ],
  });
  return world.run();
}

describe("a review's findings on their lines", () => {
  it("places findings by their quotes and asks for one review pinned to the reviewed head", async () => {
    const outcome = await review();
    expect(outcome.result.review?.findings).toEqual([
      expect.objectContaining({ line: 11, side: "RIGHT", replacement: "export const added = 2;" }),
      expect.objectContaining({ line: 5, side: "LEFT" }),
    ]);
    expect(outcome.result.unanchored).toEqual([
      expect.objectContaining({
        title: "Quoted wrong",
        reason: expect.stringMatching(/quoted line is not within 5 lines of line 2/),
      }),
    ]);
    expect(outcome.publications).toEqual([
      {
        kind: "review",
        pr: 7,
        commitId: world!.git.headSha,
        // The world's port read no earlier review, and no review thread.
        last: {},
        threads: { resolve: [], replies: [], dismissed: [], suppressed: 0 },
        inline: true,
        minSeverity: "minor",
        maxComments: 25,
        reviewed: { head: world!.git.headSha, base: world!.git.branchPoint },
        gone: [],
      },
    ]);

    // The same diff on the loopback GitHub, which refuses a comment off its diff as GitHub does.
    github = await startGitHubServer();
    github.addRepo("acme/widgets");
    const diff = await sh(world!.root, "diff", world!.git.branchPoint, world!.git.headSha);
    github.addPullRequest("acme/widgets", {
      number: 7,
      user: "alice",
      head: { sha: world!.git.headSha },
      base: { sha: world!.git.branchPoint },
      files: [{ filename: "src/api/handler.ts", patch: `${diff.slice(diff.indexOf("@@"))}\n` }],
    });
    const port = createGitHubPort(
      createOctokit({
        token: "ghs_installation",
        baseUrl: github.url,
        waitScale: LOOPBACK_WAIT_SCALE,
      }),
      { owner: "acme", repo: "widgets" },
    );
    const publisher = new Publisher(port, {
      journal: new MemoryJournal(),
      stickyKey: "ci/review",
      botLogin: undefined,
      texts: FEATURE_TEXTS,
      postReview: publishReview,
      redact: (t) => t,
    });
    expect((await publisher.publishAll(outcome)).failures).toEqual([]);
    const comments = github.reviewComments("acme/widgets", 7);
    expect(comments.map((c) => [c.line, c.side])).toEqual([
      [11, "RIGHT"],
      [5, "LEFT"],
    ]);
    expect(comments[0]!.body).toContain("```suggestion\nexport const added = 2;\n```");
    const sticky = github.issueComments("acme/widgets", 7)[0]!.body;
    expect(sticky).toContain("#### Findings (2): 1 major · 1 minor");
    expect(sticky).toMatch(/Not anchored \(1\)[\s\S]*quoted line is not within 5 lines/);
  });

  it("keeps every finding in the comment when inline-comments is false", async () => {
    const outcome = await review({ "inline-comments": "false" });
    // Nothing goes on the lines; the review publication writes the comment and the state.
    expect(outcome.publications).toEqual([
      expect.objectContaining({ kind: "review", inline: false }),
    ]);
  });
});
