import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { NO_USAGE, type Outcome } from "../../src/outcome/outcome.js";
import { reviewResult } from "../support/results.js";
import type { Finding, LastReview } from "../../src/outcome/review.js";
import { chooseInline, renderInlineBody } from "../../src/review/inline-review.js";
import { Publisher } from "../../src/publish/publisher.js";
import { placeFindings } from "../../src/review/anchor.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";
import { makeInlinePr, type InlinePr } from "../support/inline-pr.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";
import { readState } from "../../src/review/state.js";

const FULL = "acme/widgets";
const TOKEN = "ghs_installation";
let pr: InlinePr;
let github: GitHubServer;

beforeAll(async () => {
  pr = await makeInlinePr();
});
afterAll(() => pr.remove());

/** The pull request on the fake GitHub, with the patches git made (or `patch` instead). */
async function serve(patch = pr.patches["src/calc.ts"]!) {
  github = await startGitHubServer();
  github.addRepo(FULL);
  github.addPullRequest(FULL, {
    number: 7,
    user: "alice",
    head: { sha: pr.head },
    base: { sha: pr.base },
    files: [{ filename: "src/calc.ts", patch }],
  });
}
afterEach(async () => {
  github.assertNoViolations();
  await github.close();
});

const finding = (over: Partial<Finding>): Finding => ({
  path: "src/calc.ts",
  line: 21,
  severity: "major",
  title: "A problem",
  body: "What is wrong.",
  ...over,
});

function outcome(
  findings: Finding[],
  review: {
    commitId?: string;
    minSeverity?: "critical" | "major" | "minor" | "nit";
    maxComments?: number;
  } = {},
): Outcome {
  return {
    conclusion: "success",
    stop: "final-answer",
    note: undefined,
    stats: { turns: 1, usage: NO_USAGE, costUsd: undefined, ms: 10, model: "m" },
    journalName: "rivumi-journal",
    notices: [],
    attachments: [],
    result: reviewResult({ review: { summary: "Looks mostly fine.", findings } }),
    publications: [
      {
        kind: "review",
        pr: 7,
        commitId: pr.head,
        // Read before publishing, as a run reads it before its mode (see `publishOnly`).
        last: {},
        threads: { resolve: [], replies: [], dismissed: [], suppressed: 0 },
        inline: true,
        minSeverity: "minor",
        maxComments: 25,
        reviewed: { head: pr.head, base: pr.base },
        gone: [],
        ...review,
      },
    ],
  };
}

async function publish(o: Outcome, progress?: string, wait = { tries: 30, ms: 200 }) {
  const { result, journal } = await publishOnly(o, progress, wait);
  const comment = github.issueComments(FULL, 7)[0]?.body ?? "";
  return { result, comment, journal };
}

async function publishOnly(o: Outcome, progress?: string, wait = { tries: 30, ms: 200 }) {
  const { publisher, journal } = makePublisher(wait);
  if (progress !== undefined) publisher.progress({ pr: 7, task: progress, head: pr.head });
  // As the action's `lastReview` port: the last review's state, read once before the mode.
  const last = readState(await publisher.previousBody(7));
  const result = await publisher.publishAll(withLast(o, last));
  const comment = github.issueComments(FULL, 7)[0]?.body ?? "";
  return { result, comment, journal };
}

/** The outcome with `last` as what its run read of the last review before the mode. */
const withLast = (o: Outcome, last: LastReview): Outcome => ({
  ...o,
  publications: o.publications.map((p) => (p.kind === "review" ? { ...p, last } : p)),
});

function makePublisher(wait = { tries: 30, ms: 200 }) {
  const journal = new MemoryJournal();
  const port = createGitHubPort(
    createOctokit({ token: TOKEN, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }),
    {
      owner: "acme",
      repo: "widgets",
    },
  );
  const publisher = new Publisher(port, {
    journal,
    stickyKey: "ci/review",
    botLogin: undefined,
    texts: FEATURE_TEXTS,
    postReview: publishReview,
    redact: (t) => t,
    pendingWait: wait,
  });
  return { publisher, journal };
}

describe("findings on their lines, as one review", () => {
  beforeEach(() => serve());

  it("posts one COMMENT review pinned to the reviewed head: added, context, removed, a range, a suggestion", async () => {
    const { placed, unplaced } = await placeFindings(pr.index, [
      finding({ line: 18, quote: "added A", replacement: "added a" }),
      finding({ line: 9, quote: "line 9: value 9", severity: "minor" }),
      finding({ line: 10, side: "LEFT", quote: "line 10: value 10", severity: "critical" }),
      finding({ start_line: 21, line: 22, quote: "added B", severity: "critical" }),
    ]);
    expect(unplaced).toEqual([]);
    const { result, comment, journal } = await publish(outcome(placed));
    expect(result.failures).toEqual([]);

    const reviews = github.reviews(FULL, 7);
    // The journal's last word on the findings says each went on its line, with the review's address.
    const recorded = journal.events.filter((e) => e.type === "review.findings").at(-1);
    expect(recorded).toMatchObject({
      findings: placed.map(() => ({ posted: "inline", url: String(reviews[0]!.html_url) })),
    });
    // The review's own event ends the time GitHub took to post it: that time is publishing's.
    const types = journal.events.map((e) => ("state" in e ? `${e.type} ${e.state}` : e.type));
    expect(types).toEqual([
      "publish.comment review: 4 inline, 0 refused",
      "review.findings",
      "publish.comment success",
    ]);
    expect(reviews).toHaveLength(1);
    expect(reviews[0]).toMatchObject({ state: "COMMENTED", commit_id: pr.head });
    const comments = github.reviewComments(FULL, 7);
    const at = (line: number, side: string) =>
      comments.find((c) => c.line === line && c.side === side);
    expect(comments).toHaveLength(4);
    expect(at(21, "RIGHT")?.body).toContain("```suggestion\nadded a\n```");
    expect(at(9, "RIGHT")?.body).toMatch(/^\*\*minor\*\* · A problem/);
    expect(at(10, "LEFT")?.body).not.toContain("suggestion");
    expect(at(22, "RIGHT")).toMatchObject({ start_line: 21, start_side: "RIGHT" });
    // The comment links the review and counts by severity instead of repeating the findings.
    expect(comment).toContain("#### Findings (4): 2 critical · 1 major · 1 minor");
    expect(comment).toContain(`4 posted [on their lines](${String(reviews[0]!.html_url)})`);
    expect(comment).not.toContain("Not on the lines");
  });

  it("finds the one comment GitHub refuses by splitting the batch, posts the rest once, lists it", async () => {
    // GitHub's diff ends after the first hunk here, so a comment on hunk 2 is refused with a 422
    // that does not say which comment it was.
    const firstHunk = pr.patches["src/calc.ts"]!.split(/\n(?=@@)/)[0]!;
    await github.close();
    await serve(firstHunk);
    const { placed } = await placeFindings(pr.index, [
      finding({ line: 9, quote: "line 9: value 9" }),
      finding({ line: 21, quote: "added A", title: "Refused one" }),
      finding({ line: 10, side: "LEFT", quote: "line 10: value 10" }),
      finding({ line: 11, quote: "line 11: value 11" }),
    ]);
    const { result, comment } = await publish(outcome(placed));
    expect(result.failures).toEqual([]);
    const reviews = github.reviews(FULL, 7);
    expect(reviews.map((r) => r.state)).toEqual(["COMMENTED"]);
    expect(
      github
        .reviewComments(FULL, 7)
        .map((c) => c.line)
        .sort(),
    ).toEqual([10, 11, 9]);
    expect(comment).toContain("#### Not on the lines (1)");
    expect(comment).toMatch(/GitHub refused its place in the diff.*Refused one/);
    // Probes were pending reviews, each deleted: none is left behind.
    const created = github.requestsTo("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews");
    const deleted = github.requestsTo(
      "DELETE /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}",
    );
    expect(
      created.filter((r) => r.status === 200 && (r.body as { event?: string }).event === undefined),
    ).toHaveLength(deleted.length + 1);
    expect(deleted.length).toBeGreaterThan(0);
  });

  it("counts findings below min-severity, caps inline comments, and lists the rest worst first", async () => {
    const { placed } = await placeFindings(pr.index, [
      finding({ line: 9, quote: "line 9: value 9", severity: "nit", title: "Nit" }),
      finding({ line: 11, quote: "line 11: value 11", severity: "minor", title: "Minor" }),
      finding({ line: 21, quote: "added A", severity: "critical", title: "Critical" }),
      finding({ line: 22, quote: "added B", severity: "major", title: "Major" }),
    ]);
    const { comment } = await publish(outcome(placed, { minSeverity: "minor", maxComments: 2 }));
    const bodies = github.reviewComments(FULL, 7).map((c) => c.body);
    expect(bodies).toHaveLength(2);
    expect(bodies.join()).toContain("Critical");
    expect(bodies.join()).toContain("Major");
    expect(comment).toContain("1 below the minimum severity, counted only: 1 nit.");
    expect(comment).toMatch(
      /Not on the lines \(1\)[\s\S]*over the limit of 2 inline comments[\s\S]*Minor/,
    );
  });

  it("lists every chosen finding in the comment when the review cannot be posted", async () => {
    github.failNext("POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
      status: 403,
      message: "Resource not accessible by integration",
    });
    const { placed } = await placeFindings(pr.index, [finding({ line: 21, quote: "added A" })]);
    const { result, comment } = await publish(outcome(placed));
    expect(result.failures.map((f) => f.target)).toEqual(["review with inline comments"]);
    expect(comment).toMatch(/the review could not be posted.*A problem/);
  });
});

describe("an inline comment's text", () => {
  it("cannot mention anyone, forge a marker or close its suggestion fence", () => {
    const body = renderInlineBody(
      finding({
        title: "@octocat <!-- rivumi:sticky x -->",
        body: "cc @acme/team",
        replacement: "const s = `a`;\n```\n@octocat",
      }),
    );
    // Outside the suggestion (code, where nothing is a mention) no @ is followed by a name.
    expect(body.slice(0, body.indexOf("````"))).not.toMatch(/(^|[^\w])@[A-Za-z]/);
    expect(body).not.toContain("<!--");
    expect(body).toContain("````suggestion\nconst s = `a`;\n```\n@octocat\n````");
  });

  it("chooses worst first, at most `max`, none below the minimum", () => {
    const all = (["nit", "minor", "critical", "major"] as const).map((severity) =>
      finding({ severity }),
    );
    const choice = chooseInline(all, { minSeverity: "major", max: 1 });
    expect(choice.inline.map((f) => f.severity)).toEqual(["critical"]);
    expect(choice.listed.map((l) => l.finding.severity)).toEqual(["major"]);
    expect(choice.below.map((f) => f.severity)).toEqual(["minor", "nit"]);
  });
});

describe("a later review of the same pull request", () => {
  beforeEach(() => serve());

  const first = () =>
    placeFindings(pr.index, [
      finding({ line: 21, quote: "added A", title: "First" }),
      finding({ line: 9, quote: "line 9: value 9", title: "Second" }),
    ]);

  it("does not post a finding again, even reworded; a new one goes out alone", async () => {
    const once = await first();
    await publish(outcome(once.placed));
    expect(github.issueComments(FULL, 7)[0]!.body).toMatch(/^<!-- rivumi:state [\w-]+ -->$/m);
    // The next run rewords the titles and moves a line number, and finds one more problem.
    const again = await placeFindings(pr.index, [
      finding({ line: 20, quote: "added A", title: "Reworded" }),
      finding({ line: 9, quote: "line 9: value 9", title: "Also reworded" }),
      finding({ line: 22, quote: "added B", title: "New one" }),
    ]);
    // A new commit on the pull request (its diff, for these lines, is the same).
    const next = "b".repeat(40);
    github.updatePullRequest(FULL, 7, { head: { sha: next } });
    const { comment } = await publish(outcome(again.placed, { commitId: next }), "reviewing");
    const reviews = github.reviews(FULL, 7);
    expect(reviews.map((r) => r.commit_id)).toEqual([pr.head, next]);
    const comments = github.reviewComments(FULL, 7);
    expect(comments).toHaveLength(3);
    expect(comments.filter((c) => c.pull_request_review_id === reviews[1]!.id)).toEqual([
      expect.objectContaining({ line: 22, body: expect.stringContaining("New one") }),
    ]);
    expect(comment).toContain("2 already on their lines from an earlier review");
    // A re-run on the same head: nothing known is posted, and a second review of that head is
    // never made; what is new is listed in the comment.
    const rerun = await placeFindings(pr.index, [
      ...again.placed,
      finding({ line: 11, quote: "line 11: value 11", title: "Only in the re-run" }),
    ]);
    const last = await publish(outcome(rerun.placed, { commitId: next }));
    expect(github.reviews(FULL, 7)).toHaveLength(2);
    expect(last.comment).toMatch(
      /this head already has Rivumi's review from another run.*Only in the re-run/,
    );
  });

  it("leaves one review per head when two runs publish at the same moment", async () => {
    const once = await first();
    const [a, b] = await Promise.all([
      publishOnly(outcome(once.placed)),
      publishOnly(outcome(once.placed)),
    ]);
    expect([...a.result.failures, ...b.result.failures]).toEqual([]);
    expect(github.reviews(FULL, 7).map((r) => r.state)).toEqual(["COMMENTED"]);
    expect(github.reviewComments(FULL, 7)).toHaveLength(2);
    expect(github.issueComments(FULL, 7)).toHaveLength(1);
    // The second run's pending review, withdrawn once it saw the first run's review.
    expect(
      github.requestsTo("DELETE /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}"),
    ).toHaveLength(1);
    // Whichever run wrote the comment last, it links the one review.
    expect(github.issueComments(FULL, 7)[0]!.body).toContain(
      `(${String(github.reviews(FULL, 7)[0]!.html_url)})`,
    );
  });

  it("removes a pending review a killed run left behind, after waiting for it, and posts", async () => {
    const port = createGitHubPort(
      createOctokit({ token: TOKEN, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }),
      {
        owner: "acme",
        repo: "widgets",
      },
    );
    const left = await port.createReview(7, {
      commitId: pr.head,
      body: "left behind",
      event: undefined,
      comments: [],
    });
    const once = await first();
    const { result } = await publish(outcome(once.placed), undefined, { tries: 2, ms: 50 });
    expect(result.failures).toEqual([]);
    const reviews = github.reviews(FULL, 7);
    expect(reviews.map((r) => r.state)).toEqual(["COMMENTED"]);
    expect(reviews[0]!.id).not.toBe(left.id);
    expect(github.reviewComments(FULL, 7)).toHaveLength(2);
  });

  it("ignores state pasted into someone else's comment with Rivumi's marker", async () => {
    const once = await first();
    await publish(outcome(once.placed));
    const own = github.issueComments(FULL, 7)[0]!.body;
    await github.close();
    await serve();
    github.addIssueComment(FULL, 7, own, "mallory");
    await publish(outcome(once.placed));
    expect(github.reviewComments(FULL, 7)).toHaveLength(2);
  });

  it("says so and posts everything when its own comment's state does not validate", async () => {
    const bad = Buffer.from(JSON.stringify({ v: 1, head: "nope", fingerprints: [] })).toString(
      "base64url",
    );
    const port = createGitHubPort(
      createOctokit({ token: TOKEN, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }),
      {
        owner: "acme",
        repo: "widgets",
      },
    );
    await port.createIssueComment(
      7,
      `<!-- rivumi:sticky ci/review -->\nearlier\n<!-- rivumi:state ${bad} -->`,
    );
    const once = await first();
    const { comment } = await publish(outcome(once.placed));
    expect(github.reviewComments(FULL, 7)).toHaveLength(2);
    expect(comment).toMatch(
      /review state in Rivumi's earlier comment was ignored \(its state does not validate/,
    );
    expect(github.issueComments(FULL, 7)).toHaveLength(1);
  });
});

describe("the review and its comment, one publication from what the run read", () => {
  beforeEach(() => serve());
  const stateLine = (body: string) => /^<!-- rivumi:state [\w-]+ -->$/m.exec(body)?.[0];

  it("takes what earlier reviews posted from the run's own reading, not from the comment again", async () => {
    const { placed } = await placeFindings(pr.index, [finding({ line: 21, quote: "added A" })]);
    await publish(outcome(placed));
    expect(github.reviewComments(FULL, 7)).toHaveLength(1);
    const next = "c".repeat(40);
    github.updatePullRequest(FULL, 7, { head: { sha: next } });
    // The run read nothing (a comment without state, say): the publication does not look again.
    const { publisher } = makePublisher();
    const { failures } = await publisher.publishAll(
      withLast(outcome(placed, { commitId: next }), {}),
    );
    expect(failures).toEqual([]);
    expect(github.reviewComments(FULL, 7)).toHaveLength(2);
  });

  it("puts nothing on the lines and keeps the old state when the run could not read its comment", async () => {
    const once = await placeFindings(pr.index, [finding({ line: 21, quote: "added A" })]);
    await publish(outcome(once.placed));
    const before = stateLine(github.issueComments(FULL, 7)[0]!.body);
    expect(before).toBeDefined();
    const { placed } = await placeFindings(pr.index, [
      finding({ line: 9, quote: "line 9: value 9", title: "Unseen before" }),
    ]);
    const { publisher } = makePublisher();
    const unread = { unread: "GitHub answered 502 Bad Gateway" };
    const { failures } = await publisher.publishAll(withLast(outcome(placed), unread));
    expect(failures).toEqual([]);
    expect(github.reviews(FULL, 7)).toHaveLength(1);
    const body = github.issueComments(FULL, 7)[0]!.body;
    expect(body).toMatch(/could not read its earlier comment.*Unseen before/);
    expect(stateLine(body)).toBe(before);
  });

  it("writes the comment again with its state when asked to, and never the review", async () => {
    const { placed } = await placeFindings(pr.index, [finding({ line: 21, quote: "added A" })]);
    const { publisher } = makePublisher();
    const o = outcome(placed);
    await publisher.publishAll(withLast(o, {}));
    const first = github.issueComments(FULL, 7)[0]!.body;
    await publisher.republish({
      ...o,
      conclusion: "partial",
      note: "the artifact was not uploaded",
    });
    const again = github.issueComments(FULL, 7);
    expect(again).toHaveLength(1);
    expect(again[0]!.body).not.toBe(first);
    expect(stateLine(again[0]!.body)).toBe(stateLine(first));
    expect(github.reviews(FULL, 7)).toHaveLength(1);
    expect(github.reviewComments(FULL, 7)).toHaveLength(1);
  });

  it("names the comment, not the review, when only the comment fails", async () => {
    github.failNext("POST /repos/{owner}/{repo}/issues/{issue_number}/comments", {
      status: 403,
      message: "Resource not accessible by integration",
    });
    const { placed } = await placeFindings(pr.index, [finding({ line: 21, quote: "added A" })]);
    const { result } = await publish(outcome(placed));
    expect(result.failures.map((f) => f.target)).toEqual(["comment"]);
    expect(github.reviewComments(FULL, 7)).toHaveLength(1);
  });
});
