// Re-reviews of a pull request that moved on: the review mode with the scripted model over a real
// repository that gets new commits, force-pushes and rebases between runs, and the publisher on the
// loopback GitHub writing and reading back the state in Rivumi's sticky comment.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
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
import { messageText } from "../support/model-server.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";
import { readState } from "../../src/review/state.js";

const REPO = "acme/widgets";
const BASE = {
  "src/api/handler.ts": codeLines("h", 12),
  "src/util/other.ts": codeLines("o", 12),
};
const OTHER_CHANGED = 'export const o_3 = "other changed"; // line 3';
const HEAD = {
  "src/api/handler.ts": codeLines("h", 12).concat("export const added = 1;\n"),
  "src/util/other.ts": codeLines("o", 12).replace(/^export const o_3 = .*$/m, OTHER_CHANGED),
};

const call = (name: string, args: object) => ({ toolCalls: [{ name, arguments: args }] });
const submit = (findings: object[]) => call("submit_review", { summary: "Reviewed.", findings });
const ADDED = {
  path: "src/api/handler.ts",
  line: 13,
  severity: "major",
  title: "Added without a test",
  body: "Nothing covers it.",
  quote: "export const added = 1;",
};
const OTHER = {
  path: "src/util/other.ts",
  line: 4,
  severity: "minor",
  title: "Magic string",
  body: "Name it.",
  quote: OTHER_CHANGED,
};

let world: ReviewWorld | undefined;
let github: GitHubServer | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
  github?.assertNoViolations();
  await github?.close();
  github = undefined;
});

/** A world whose runs read the last review from the loopback GitHub, as the action does. */
async function setUp(inputs: Record<string, string> = {}) {
  github = await startGitHubServer();
  github.addRepo(REPO);
  const port = createGitHubPort(
    createOctokit({
      token: "ghs_installation",
      baseUrl: github.url,
      waitScale: LOOPBACK_WAIT_SCALE,
    }),
    {
      owner: "acme",
      repo: "widgets",
    },
  );
  // Each action run is a new process: a new publisher, which reads the comment afresh.
  let publisher = newPublisher();
  function newPublisher() {
    return new Publisher(port, {
      journal: new MemoryJournal(),
      stickyKey: "ci/review",
      botLogin: undefined,
      texts: FEATURE_TEXTS,
      postReview: publishReview,
      redact: (t) => t,
    });
  }
  world = await reviewWorld({
    baseFiles: BASE,
    headFiles: HEAD,
    inputs,
    lastReview: async (pr) => readState(await publisher.previousBody(pr)),
  });
  const w = world;
  let opened = false;
  /** Tells the loopback GitHub where the pull request is now: its head and each file's patch. */
  const sync = async () => {
    const head = await sh(w.root, "rev-parse", "HEAD");
    const base = await sh(w.root, "merge-base", "main", head);
    const names = (await sh(w.root, "diff", "--name-only", base, head)).split("\n").filter(Boolean);
    const files = await Promise.all(
      names.map(async (filename) => {
        const diff = await sh(w.root, "diff", base, head, "--", filename);
        return { filename, patch: `${diff.slice(diff.indexOf("@@"))}\n` };
      }),
    );
    if (!opened) {
      github!.addPullRequest(REPO, {
        number: 7,
        user: "alice",
        head: { sha: head },
        base: { sha: base },
        files,
      });
      opened = true;
    } else github!.updatePullRequest(REPO, 7, { head: { sha: head }, files });
    return head;
  };
  return {
    w,
    /** One action run: review, then publish; returns the outcome and the requests it made. */
    async run(steps: object[], plan: { full?: boolean } = {}) {
      const head = await sync();
      publisher = newPublisher();
      const before = w.model.requests.length;
      w.model.push(...(steps as never[]));
      const outcome = await w.run(plan);
      expect((await publisher.publishAll(outcome)).failures).toEqual([]);
      return { outcome, head, requests: w.model.requests.slice(before) };
    },
    sticky: () => github!.issueComments(REPO, 7)[0]!.body,
    reviews: () => github!.reviews(REPO, 7),
    comments: () => github!.reviewComments(REPO, 7),
  };
}

const commit = async (w: ReviewWorld, files: Record<string, string>, message: string) => {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(w.root, path), text);
  await sh(w.root, "add", "-A");
  await sh(w.root, "commit", "-q", "-m", message);
  return sh(w.root, "rev-parse", "HEAD");
};

const sent = (requests: { body: { messages?: unknown[] } }[]) =>
  requests
    .flatMap((r) => (r.body.messages ?? []) as Parameters<typeof messageText>[0][])
    .map(messageText)
    .join("\n");

const scopeEvents = (w: ReviewWorld) =>
  w.journal.events.filter(
    (e): e is Extract<typeof e, { type: "review.scope" }> => e.type === "review.scope",
  );

describe("a re-review after a push", () => {
  it("reviews only the new hunks, never reposts, and lists what no longer applies", async () => {
    const t = await setUp();
    const first = await t.run([call("git_diff", {}), submit([ADDED, OTHER])]);
    expect(first.outcome.result.coverage?.line).toMatch(/^Examined 2 of 2 hunks in 2 files/);
    expect(t.comments()).toHaveLength(2);

    // The second push fixes the added line and adds a file; other.ts is untouched.
    await commit(
      t.w,
      {
        "src/api/handler.ts": codeLines("h", 12).concat("export const added = 2; // tested\n"),
        "src/api/second.ts": "export const second = eval(input);\n",
      },
      "fix and add",
    );
    const NEW = {
      path: "src/api/second.ts",
      line: 1,
      severity: "critical",
      title: "eval of input",
      body: "Never eval input.",
      quote: "export const second = eval(input);",
    };
    const second = await t.run([call("git_diff", {}), submit([OTHER, NEW])]);

    // Only the hunks of the new commit went to the model.
    const text = sent(second.requests);
    expect(text).toContain("export const second = eval(input);");
    expect(text).toContain("export const added = 2; // tested");
    expect(text).not.toContain(OTHER_CHANGED);
    expect(second.outcome.result.coverage?.line).toBe(
      `Examined 2 of 2 new hunks since ${first.head.slice(0, 7)} in 2 files (${/\((.+)\)$/.exec(second.outcome.result.coverage!.line)![1]})`,
    );
    expect(second.outcome.conclusion).toBe("success");
    expect(scopeEvents(t.w).at(-1)).toMatchObject({ scope: "incremental", since: first.head });

    // One new comment; the repeated finding is counted, the fixed one listed as gone.
    expect(t.reviews()).toHaveLength(2);
    expect(t.comments().map((c) => c.path)).toEqual([
      "src/api/handler.ts",
      "src/util/other.ts",
      "src/api/second.ts",
    ]);
    const sticky = t.sticky();
    expect(sticky).toContain("1 already on their lines from an earlier review");
    expect(sticky).toMatch(
      /No longer applies \(1\)[\s\S]*src\/api\/handler\.ts:13`: Added without a test _\(its line was changed or removed\)_/,
    );
    expect(second.outcome.result.noLongerApplies).toEqual([
      expect.objectContaining({ path: "src/api/handler.ts", title: "Added without a test" }),
    ]);

    // A third push that changes nothing the rules leave in asks no model at all.
    await commit(t.w, { "package-lock.json": "{}\n" }, "lock only");
    const third = await t.run([]);
    expect(third.requests).toEqual([]);
    expect(third.outcome.conclusion).toBe("success");
    expect(third.outcome.result.coverage?.line).toMatch(
      new RegExp(`^Examined 0 of 0 new hunks since ${second.head.slice(0, 7)}`),
    );
    // The gone finding is forgotten: it is not listed again.
    expect(third.outcome.result.noLongerApplies).toEqual([]);
  });

  it("after a force-push that rewrote reviewed commits, reviews in full and says why", async () => {
    const t = await setUp();
    await t.run([call("git_diff", {}), submit([OTHER])]);
    await sh(t.w.root, "reset", "-q", "--hard", "HEAD~1");
    await commit(
      t.w,
      { ...HEAD, "src/api/handler.ts": codeLines("h", 12).concat("export const added = 3;\n") },
      "rewritten",
    );
    const again = await t.run([call("git_diff", {}), submit([OTHER])]);
    expect(scopeEvents(t.w).at(-1)).toMatchObject({
      scope: "full",
      why: expect.stringMatching(/was rewritten: 1 commit was changed .*\(git range-diff\)/),
    });
    expect(again.outcome.result.coverage?.line).toMatch(/^Examined 2 of 2 hunks in 2 files/);
    expect(sent(again.requests)).toContain(OTHER_CHANGED);
    expect(t.sticky()).toContain("_Reviewed in full: the history since");
    // The unchanged finding is still not posted twice.
    expect(t.comments()).toHaveLength(1);
  });

  it("after a rebase onto a moved base, reviews only the commits that came after", async () => {
    const t = await setUp();
    const first = await t.run([call("git_diff", {}), submit([])]);
    await sh(t.w.root, "rebase", "-q", "main");
    await commit(t.w, { "src/api/third.ts": "export const third = 3;\n" }, "after the rebase");
    const again = await t.run([call("git_diff", {}), submit([])]);
    expect(scopeEvents(t.w).at(-1)).toMatchObject({ scope: "incremental", since: first.head });
    const text = sent(again.requests);
    expect(text).toContain("export const third = 3;");
    expect(text).not.toContain(OTHER_CHANGED);
    // main's own change, now under the branch, is not the pull request's.
    expect(text).not.toContain("landed on main");
    expect(again.outcome.result.coverage?.line).toMatch(
      new RegExp(`^Examined 1 of 1 new hunk since ${first.head.slice(0, 7)}`),
    );
  });

  it("reviews in full when asked with /rivumi review, or when review-scope is full", async () => {
    const t = await setUp();
    await t.run([call("git_diff", {}), submit([])]);
    await commit(t.w, { "src/api/third.ts": "export const third = 3;\n" }, "more");
    const asked = await t.run([call("git_diff", {}), submit([])], { full: true });
    expect(asked.outcome.result.coverage?.line).toMatch(/^Examined 3 of 3 hunks/);
    expect(scopeEvents(t.w).at(-1)).toMatchObject({
      scope: "full",
      why: expect.stringContaining("/rivumi review"),
    });
    await world!.close();
    world = undefined;
    await github!.close();
    github = undefined;

    const f = await setUp({ "review-scope": "full" });
    await f.run([call("git_diff", {}), submit([])]);
    await commit(f.w, { "src/api/third.ts": "export const third = 3;\n" }, "more");
    const full = await f.run([call("git_diff", {}), submit([])]);
    expect(full.outcome.result.coverage?.line).toMatch(/^Examined 3 of 3 hunks/);
    expect(scopeEvents(f.w).at(-1)).toEqual(expect.objectContaining({ scope: "full" }));
    expect(scopeEvents(f.w).at(-1)).not.toHaveProperty("why");
  });

  it("does not move the reviewed head past a partial review", async () => {
    const t = await setUp({ "max-tokens": "1" });
    const partial = await t.run([]);
    expect(partial.outcome.conclusion).not.toBe("success");
    await commit(t.w, { "src/api/third.ts": "export const third = 3;\n" }, "more");
    await t.run([]);
    // No head was ever reviewed in full: the second run is a full review too.
    expect(scopeEvents(t.w).map((e) => e.scope)).toEqual(["full", "full"]);
  });
});
