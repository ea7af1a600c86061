// Rivumi's review threads across two pushes, against the loopback GitHub (its GraphQL checked
// against GitHub's published schema) and a real git repository for the heads: the review's own
// decisions (`thread-run.ts`) and its publication (`publish.ts`) as the action runs them.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { NO_USAGE, type Outcome } from "../../src/outcome/outcome.js";
import type { Finding } from "../../src/outcome/review.js";
import { Publisher } from "../../src/publish/publisher.js";
import type { ReviewPorts } from "../../src/review/ports.js";
import { publishReview } from "../../src/review/publish.js";
import { readState } from "../../src/review/state.js";
import { readThreads, tidyThreads } from "../../src/review/thread-run.js";
import { dismissedOf } from "../../src/review/threads.js";
import { parseSettings } from "../../src/config/settings.js";
import {
  LOOPBACK_WAIT_SCALE,
  startGitHubServer,
  type GitHubServer,
} from "../support/github-server.js";
import { reviewResult } from "../support/results.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

const FULL = "acme/widgets";
const PR = 7;
const TOKEN = "ghs_installation";
const BOT = "rivumi-app[bot]";
const FILE = "src/calc.ts";

/** Line `n` of the base file; the first head replaces lines 5–13 with the lines findings quote. */
const base = Array.from({ length: 30 }, (_, i) => `const line${i + 1} = ${i + 1};`);
const QUOTES: Record<string, number> = {
  fixed: 5,
  replied: 6,
  resolvedByAlice: 7,
  thumbsDown: 8,
  wontFix: 9,
  claimedFixed: 10,
  forged: 11,
  open: 12,
  later: 13,
};
const quoteOf = (key: string) => `const ${key} = compute(${QUOTES[key]});`;

let git: TempGit;
let github: GitHubServer;

beforeEach(async () => {
  git = await makeTempGit();
  github = await startGitHubServer({
    tokens: { [TOKEN]: { login: BOT, type: "installation" } },
  });
  github.addRepo(FULL);
  github.setPermission(FULL, "alice", "write");
  github.setPermission(FULL, "bob", "read");
});
afterEach(async () => {
  github.assertNoViolations();
  await github.close();
  await git.remove();
});

/** Commits `lines` as the file's content; returns the commit and the patch against `from`. */
async function commit(lines: string[], from?: string) {
  await git.write(FILE, `${lines.join("\n")}\n`);
  const sha = await git.commit();
  const diff = from ? await git.git("diff", from, sha, "--", FILE) : "";
  return { sha, patch: diff.slice(diff.indexOf("@@")) };
}

/** The pull request, its head commit and its one file's patch, as GitHub lists them. */
function openPullRequest(base: string, head: { sha: string; patch: string }) {
  github.addPullRequest(FULL, {
    number: PR,
    user: "carol",
    head: { sha: head.sha },
    base: { sha: base },
    files: [{ filename: FILE, patch: head.patch }],
  });
}

/** A push: the pull request's new head and its file's patch. */
function push(head: { sha: string; patch: string }) {
  github.updatePullRequest(FULL, PR, {
    head: { sha: head.sha },
    files: [{ filename: FILE, patch: head.patch }],
  });
}

const finding = (key: string, over: Partial<Finding> = {}): Finding => ({
  path: FILE,
  line: QUOTES[key]!,
  severity: "major",
  title: `Problem ${key}`,
  body: `What is wrong with ${key}.`,
  quote: quoteOf(key),
  ...over,
});

/** One run's review as the action makes it: read, decide, publish. */
async function review(head: string, findings: Finding[]) {
  const journal = new MemoryJournal();
  const port = createGitHubPort(
    createOctokit({ token: TOKEN, baseUrl: github.url, waitScale: LOOPBACK_WAIT_SCALE }),
    { owner: "acme", repo: "widgets" },
  );
  const publisher = new Publisher(port, {
    journal,
    stickyKey: "ci/review",
    botLogin: undefined,
    texts: FEATURE_TEXTS,
    postReview: publishReview,
    redact: (t) => t,
  });
  const inputs: Record<string, string> = { "github-token": TOKEN, model: "gpt-test" };
  const settings = parseSettings((name) => inputs[name] ?? "");
  const ports = {
    settings,
    journal,
    signal: new AbortController().signal,
    reviewThreads: (pr: number) => port.listReviewThreads(pr),
    permissionOf: async (login: string) => (await port.getPermission(login)).permission,
    selfLogin: () => publisher.selfLogin(),
  } as unknown as ReviewPorts;
  const last = readState(await publisher.previousBody(PR));
  const { plan, kept } = await tidyThreads(ports, {
    read: readThreads(ports, PR),
    root: git.root,
    head,
    findings,
    unanchored: [],
    last,
  });
  const outcome: Outcome = {
    conclusion: "success",
    stop: "final-answer",
    note: undefined,
    stats: { turns: 1, usage: NO_USAGE, costUsd: undefined, ms: 1, model: "m" },
    journalName: "rivumi-journal",
    notices: [],
    attachments: [],
    result: reviewResult({
      review: { summary: "Reviewed.", findings: kept },
      dismissed: dismissedOf(plan),
    }),
    publications: [
      {
        kind: "review",
        pr: PR,
        commitId: head,
        last,
        threads: plan,
        inline: kept.length > 0,
        minSeverity: "nit",
        maxComments: 25,
        reviewed: undefined,
        gone: [],
      },
    ],
  };
  const published = await publisher.publishAll(outcome);
  const decisions = journal.events.flatMap((e) => (e.type === "review.thread" ? [e] : []));
  return { published, decisions };
}

const byBot = () =>
  github.reviewComments(FULL, PR).filter((c) => (c.user as { login?: string }).login === BOT);

describe("Rivumi's review threads over two pushes", () => {
  it("resolves exactly the fixed thread, respects dismissals, reposts nothing, answers one false claim", async () => {
    const first = await commit(base);
    const head1Lines = base.map((l, i) =>
      Object.entries(QUOTES).find(([, n]) => n === i + 1)?.[0]
        ? quoteOf(Object.entries(QUOTES).find(([, n]) => n === i + 1)![0])
        : l,
    );
    const head1 = await commit(head1Lines, first.sha);
    openPullRequest(first.sha, head1);

    // Push 1: seven findings go on their lines.
    const keys = [
      "fixed",
      "replied",
      "resolvedByAlice",
      "thumbsDown",
      "wontFix",
      "claimedFixed",
      "open",
    ];
    const one = await review(
      head1.sha,
      keys.map((k) => finding(k)),
    );
    expect(one.published.failures).toEqual([]);
    expect(byBot()).toHaveLength(7);
    const idOf = (key: string) =>
      byBot().find((c) => c.line === QUOTES[key] || c.original_line === QUOTES[key])!.id;
    const ids = Object.fromEntries(keys.map((k) => [k, idOf(k)]));

    // People answer. Mallory copies the fixed thread's marker into a thread of her own.
    github.replyInThread(FULL, ids.replied!, "Why is this a problem?", "bob");
    github.resolveThread(FULL, ids.resolvedByAlice!, "alice");
    github.reactToReviewComment(FULL, ids.thumbsDown!, "-1", "alice");
    github.replyInThread(FULL, ids.wontFix!, "Won't fix: this is intended.", "alice");
    github.replyInThread(FULL, ids.claimedFixed!, "Fixed, thanks!", "alice");
    const copied = byBot().find((c) => c.id === ids.fixed)!.body ?? "";
    const forged = github.addReviewComment(FULL, PR, {
      path: FILE,
      line: QUOTES.forged!,
      side: "RIGHT",
      body: copied,
      user: "mallory",
    });

    // Push 2: the fixed, replied and forged lines go; the others stay.
    const head2Lines = head1Lines.map((l, i) =>
      [QUOTES.fixed, QUOTES.replied, QUOTES.forged].includes(i + 1) ? `// rewritten ${i + 1}` : l,
    );
    const head2 = await commit(head2Lines, first.sha);
    push(head2);
    for (const id of [ids.fixed!, ids.replied!, forged.id]) github.markThreadOutdated(FULL, id);

    // The second review finds the dismissed one again (reworded, another severity), the open one
    // again, and one new problem.
    const two = await review(head2.sha, [
      finding("resolvedByAlice", { severity: "critical", title: "Reworded" }),
      finding("open"),
      finding("later"),
    ]);
    expect(two.published.failures).toEqual([]);
    const thread = (id: number) => github.reviewThread(FULL, id);
    expect(thread(ids.fixed!)).toMatchObject({ isResolved: true, resolvedBy: BOT });
    for (const id of [
      ids.replied!,
      ids.thumbsDown!,
      ids.wontFix!,
      ids.claimedFixed!,
      ids.open!,
      forged.id,
    ])
      expect(thread(id).isResolved).toBe(false);
    expect(thread(ids.resolvedByAlice!)).toMatchObject({ isResolved: true, resolvedBy: "alice" });
    // Nothing reposted: only the new finding and one reply, in the claimed thread, pointing at its line.
    const added = byBot().filter((c) => !Object.values(ids).includes(c.id));
    expect(added.map((c) => c.line ?? c.original_line)).toHaveLength(2);
    const reply = added.find((c) => c.in_reply_to_id === ids.claimedFixed);
    expect(reply?.body).toContain(`line ${QUOTES.claimedFixed}`);
    expect(
      added.find((c) => c.in_reply_to_id === undefined || c.in_reply_to_id === null)?.line,
    ).toBe(QUOTES.later);
    expect(two.published.threads).toEqual({
      resolved: 1,
      replied: 1,
      dismissals: 3,
      suppressed: 1,
    });
    const decided = Object.fromEntries(two.decisions.map((d) => [d.thread, d.decision]));
    expect(decided[thread(ids.fixed!).id]).toBe("resolve");
    expect(decided[thread(forged.id).id]).toBeUndefined();
    const comment = github.issueComments(FULL, PR)[0]!.body ?? "";
    expect(comment).toMatch(
      /Review threads: 1 resolved · 3 dismissals respected · 1 finding suppressed/,
    );
    expect(comment).toMatch(/Dismissed earlier: 1 finding/);

    // A re-run on the same head: no second reply, nothing resolved again, nothing posted.
    const before = byBot().length;
    const three = await review(head2.sha, [
      finding("resolvedByAlice"),
      finding("open"),
      finding("later"),
    ]);
    expect(three.published.failures).toEqual([]);
    expect(byBot()).toHaveLength(before);
    expect(three.published.threads).toMatchObject({ resolved: 0, replied: 0, suppressed: 1 });
  });

  it("publishes the review and says what could not be tidied when resolving is refused", async () => {
    const first = await commit(base);
    const two = ["fixed", "replied"];
    const lines = base.map((l, i) => {
      const key = two.find((k) => QUOTES[k] === i + 1);
      return key ? quoteOf(key) : l;
    });
    const head1 = await commit(lines, first.sha);
    openPullRequest(first.sha, head1);
    await review(
      head1.sha,
      two.map((k) => finding(k)),
    );
    const [id, other] = byBot().map((c) => c.id) as [number, number];
    const head2 = await commit(
      base.map((l, i) => (i + 1 === QUOTES.later ? quoteOf("later") : l)),
      first.sha,
    );
    push(head2);
    github.markThreadOutdated(FULL, id);
    github.markThreadOutdated(FULL, other);
    github.failNextGraphQL({
      field: "resolveReviewThread",
      type: "FORBIDDEN",
      message: "Resource not accessible by integration",
    });
    const again = await review(head2.sha, [finding("later")]);
    // A note, not a failure: the review and its comment went out.
    expect(again.published.failures).toEqual([]);
    expect(again.published.threads?.refused).toMatch(/permissions: contents: write/);
    expect(github.issueComments(FULL, PR)[0]!.body).toMatch(/needs `permissions: contents: write`/);
    // The first refusal stops resolving for the run: one mutation was sent, for two fixed threads.
    const mutations = github
      .requestsTo("POST /graphql")
      .filter((r) => JSON.stringify(r.body).includes("resolveReviewThread"));
    expect(mutations).toHaveLength(1);
    expect(github.reviewThread(FULL, id).isResolved).toBe(false);
    expect(github.reviewThread(FULL, other).isResolved).toBe(false);
    // The review itself went out.
    expect(byBot().some((c) => c.line === QUOTES.later)).toBe(true);
  });

  it("publishes the review with a note when the threads cannot be read", async () => {
    const first = await commit(base);
    const lines = base.map((l, i) => (i + 1 === QUOTES.fixed ? quoteOf("fixed") : l));
    const head1 = await commit(lines, first.sha);
    openPullRequest(first.sha, head1);
    github.failNextGraphQL({
      field: "repository",
      type: "INTERNAL",
      message: "Something went wrong",
    });
    const run = await review(head1.sha, [finding("fixed")]);
    expect(run.published.failures).toEqual([]);
    expect(byBot()).toHaveLength(1);
    expect(run.published.threads).toMatchObject({
      resolved: 0,
      unread: expect.stringMatching(/Something went wrong/),
    });
    expect(github.issueComments(FULL, PR)[0]!.body).toMatch(/could not read its review threads/);
  });
});
