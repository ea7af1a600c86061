// The publisher against the loopback GitHub: a pull request with one changed file, outcomes
// published as the action publishes them, and everything GitHub received read back.
import { createGitHubPort, createOctokit } from "../../src/github/octokit.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { Outcome, TriageReport } from "../../src/outcome/outcome.js";
import { reviewResult } from "./results.js";
import type { Finding } from "../../src/outcome/review.js";
import { Publisher } from "../../src/publish/publisher.js";
import { LOOPBACK_WAIT_SCALE, startGitHubServer, type GitHubServer } from "./github-server.js";
import { fakeSha } from "./payloads.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";
import { publishReview } from "../../src/review/publish.js";

export const PUBLISH_REPO = "acme/widgets";
export const PUBLISH_PR = 7;
export const PUBLISH_SITE = { serverUrl: "https://github.com", repo: PUBLISH_REPO };
export const PUBLISH_HEAD = fakeSha("publish-world-head");
/** The changed file; lines 1-3 of its head are in the diff. */
export const PUBLISH_FILE = "src/a.ts";

export interface Published {
  /** Inline review comments, the review's body, issue comments, issue titles and bodies. */
  inline: string[];
  reviews: string[];
  comments: string[];
  issueTitles: string[];
  issueBodies: string[];
}

export interface PublishWorld {
  github: GitHubServer;
  publish(outcome: Outcome): Promise<Published>;
  close(): Promise<void>;
}

/**
 * The Publisher as the action builds it (the real Octokit, the features' texts and review poster),
 * against the loopback GitHub's repository `full`.
 */
export function loopbackPublisher(
  github: GitHubServer,
  full: string,
  opts: {
    journal?: MemoryJournal;
    stickyKey?: string;
    redact?: (text: string) => string;
    token?: string;
  } = {},
): Publisher {
  const [owner = "", repo = ""] = full.split("/");
  return new Publisher(
    createGitHubPort(
      createOctokit({
        token: opts.token ?? "ghs_installation",
        baseUrl: github.url,
        waitScale: LOOPBACK_WAIT_SCALE,
      }),
      { owner, repo },
    ),
    {
      journal: opts.journal ?? new MemoryJournal(),
      stickyKey: opts.stickyKey ?? "ci/review",
      botLogin: undefined,
      texts: FEATURE_TEXTS,
      postReview: publishReview,
      redact: opts.redact ?? ((text) => text),
      site: { serverUrl: "https://github.com", repo: full },
      annotate: () => Promise.resolve(),
    },
  );
}

export async function publishWorld(): Promise<PublishWorld> {
  const github = await startGitHubServer();
  github.addRepo(PUBLISH_REPO);
  github.addPullRequest(PUBLISH_REPO, {
    number: PUBLISH_PR,
    user: "alice",
    head: { sha: PUBLISH_HEAD },
    files: [{ filename: PUBLISH_FILE, patch: "@@ -1,2 +1,3 @@\n one\n+two\n three\n" }],
  });
  const [owner = "", repo = ""] = PUBLISH_REPO.split("/");
  const publisher = new Publisher(
    createGitHubPort(
      createOctokit({
        token: "ghs_installation",
        baseUrl: github.url,
        waitScale: LOOPBACK_WAIT_SCALE,
      }),
      {
        owner,
        repo,
      },
    ),
    {
      journal: new MemoryJournal(),
      stickyKey: "ci/review",
      botLogin: undefined,
      texts: FEATURE_TEXTS,
      postReview: publishReview,
      redact: (text) => text,
      site: PUBLISH_SITE,
    },
  );
  return {
    github,
    async publish(outcome) {
      const { failures } = await publisher.publishAll(outcome);
      if (failures.length > 0) throw new Error(`not published: ${JSON.stringify(failures)}`);
      const state = github.repo(PUBLISH_REPO);
      const issues = [...state.issues.values()].filter((i) => i.number !== PUBLISH_PR);
      return {
        inline: github.reviewComments(PUBLISH_REPO, PUBLISH_PR).map((c) => c.body),
        reviews: [...state.reviews.values()].map((r) => r.body),
        comments: github.issueComments(PUBLISH_REPO, PUBLISH_PR).map((c) => c.body),
        issueTitles: issues.map((i) => i.title),
        issueBodies: issues.map((i) => i.body ?? ""),
      };
    },
    async close() {
      github.assertNoViolations();
      await github.close();
    },
  };
}

const STATS = {
  turns: 1,
  usage: { promptTokens: 1, completionTokens: 1, cachedTokens: 0, reasoningTokens: 0 },
  costUsd: undefined,
  ms: 1,
  model: "m",
};

/**
 * A review outcome with `text` in every model-written place: the summary, the note, a finding on
 * its line (inline), a second one past the inline limit (listed in the comment), an unanchored
 * one, and an earlier finding that no longer applies.
 */
export function reviewOutcome(text: string, extra: Partial<Finding> = {}): Outcome {
  const finding = (over: Partial<Finding>): Finding => ({
    path: PUBLISH_FILE,
    line: 2,
    severity: "major",
    title: text.split("\n")[0]!.slice(0, 200),
    body: text,
    ...over,
  });
  return {
    conclusion: "success",
    stop: "final-answer",
    note: text,
    notices: [],
    attachments: [],
    result: reviewResult({
      review: {
        summary: text,
        findings: [finding(extra), finding({ severity: "minor", line: 3 })],
      },
      unanchored: [{ ...finding({ line: 40 }), reason: "not in the diff" }],
      noLongerApplies: [{ path: PUBLISH_FILE, line: 9, title: text, reason: "its line is gone" }],
    }),
    stats: STATS,
    journalName: "rivumi-journal",
    publications: [
      {
        kind: "review",
        pr: PUBLISH_PR,
        commitId: PUBLISH_HEAD,
        last: {},
        threads: { resolve: [], replies: [], dismissed: [], suppressed: 0 },
        inline: true,
        minSeverity: "nit",
        maxComments: 1,
        reviewed: undefined,
        gone: [],
      },
    ],
  };
}

/** A triage outcome with `text` as the digest's words, `name` as the run's and job's names. */
export function triageOutcome(text: string, name: string): Outcome {
  const runUrl = `https://github.com/${PUBLISH_REPO}/actions/runs/77`;
  const jobUrl = `${runUrl}/job/501`;
  const triage: TriageReport = {
    repo: PUBLISH_REPO,
    run: {
      id: 77,
      attempt: 1,
      workflow: name,
      path: ".github/workflows/ci.yml",
      event: "pull_request",
      headSha: PUBLISH_HEAD,
      headBranch: name,
      conclusion: "failure",
      url: runUrl,
    },
    signature: "5ca1ab1e5ca1ab1e",
    jobs: [
      {
        id: 501,
        name,
        conclusion: "failure",
        url: jobUrl,
        failedStep: { number: 5, name },
        signature: "5ca1ab1e5ca1ab1e",
        evidence: [
          {
            startLine: 10,
            endLine: 11,
            step: name,
            kind: "test",
            lines: [text.split("\n")[0]!, "FAIL"],
            url: `${jobUrl}#step:5:3`,
          },
        ],
        log: { bytes: 100, cut: undefined },
        diff: undefined,
        notes: [text],
      },
    ],
    cancelled: [name],
    digest: {
      rootCause: text,
      category: "test",
      evidence: [{ job: name, step: name, startLine: 10, endLine: 11, url: `${jobUrl}#step:5:3` }],
      files: [{ path: PUBLISH_FILE, line: 2 }],
      nextStep: text,
      model: "m",
    },
    digestNote: undefined,
  };
  return {
    conclusion: "partial",
    stop: undefined,
    note: text,
    notices: [],
    attachments: [],
    result: { kind: "triage", report: triage },
    stats: STATS,
    journalName: "rivumi-journal",
    publications: [
      { kind: "sticky-comment", pr: PUBLISH_PR, key: "triage/CI" },
      { kind: "issue-by-marker", key: "triage/5ca1ab1e", title: `${name}: ${text}` },
    ],
  };
}
