// The history where it cannot help: a store that cannot be read or found, a write GitHub refuses,
// a file someone broke, and branch names from a fork that must stay inert in the comment.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseHistory } from "../../src/triage/history.js";
import { fakeSha } from "../support/payloads.js";
import {
  BRANCH,
  FULL,
  READ_ONLY,
  createHistoryWorld,
  failedJob,
  fixture,
  type HistoryWorld,
} from "../support/triage-history-world.js";

const MATCHING_REFS = "GET /repos/{owner}/{repo}/git/matching-refs/{ref}";
const SOURCE = `${FULL}@${BRANCH}:triage-history.jsonl`;

let world: HistoryWorld;
beforeEach(async () => {
  world = await createHistoryWorld();
});
afterEach(async () => {
  world.github.assertNoViolations();
  await world.close();
});

const lead = (comment: string | undefined) => comment?.split("\n")[3];
const jest = () => [failedJob(fixture("jest.log"))];

describe("a triage without its history", () => {
  it("is posted, saying the history could not be read, when the store answers with an error", async () => {
    const pr = world.github.addPullRequest(FULL, { number: 31, head: { ref: "feature" } });
    world.github.failNext(MATCHING_REFS, { status: 500, message: "Server Error" });
    const r = await world.triage({ pr, run: { jobs: jest() } });
    expect(r.outcome.conclusion).toBe("success");
    expect(lead(r.comment)).toMatch(
      /^_No failure history in `acme\/widgets@rivumi-memory:triage-history\.jsonl`: it could not be read \(Server Error \(HTTP 500\)\)\._$/,
    );
    // The rest of the triage is all there.
    expect(r.comment).toContain("**Job [test]");
    expect(world.stored()).toBeUndefined();
    expect(r.journal.events).toContainEqual(
      expect.objectContaining({
        type: "triage.history_failed",
        source: SOURCE,
        phase: "read",
        code: "io",
      }),
    );
  });

  it("says so when the store's repository cannot be found", async () => {
    const pr = world.github.addPullRequest(FULL, { number: 32, head: { ref: "feature" } });
    world.github.failNext(MATCHING_REFS, { status: 404, message: "Not Found" });
    const r = await world.triage({ pr, run: { jobs: jest() } });
    expect(lead(r.comment)).toMatch(
      /^_No failure history in `.*`: it could not be read \(Not Found \(HTTP 404\)\)\._$/,
    );
    expect(r.journal.events).toContainEqual(
      expect.objectContaining({ type: "triage.history_failed", code: "not-found" }),
    );
  });

  it("is posted without history when GitHub refuses the write, naming the permission it needs", async () => {
    const pr = world.github.addPullRequest(FULL, { number: 33, head: { ref: "feature" } });
    const r = await world.triage({ pr, run: { jobs: jest() }, historyToken: READ_ONLY });
    expect(r.outcome.conclusion).toBe("success");
    expect(lead(r.comment)).toBe(
      "_No failure history in `acme/widgets@rivumi-memory:triage-history.jsonl`: GitHub refused to write it (Resource not accessible by integration (HTTP 403)); the workflow needs `permissions: contents: write`._",
    );
    expect(world.stored()).toBeUndefined();
    expect(r.journal.events).toContainEqual(
      expect.objectContaining({ type: "triage.history_failed", phase: "write", code: "forbidden" }),
    );
  });

  it("reads past lines someone broke, and leaves them out when it writes", async () => {
    world.github.commitFiles(
      FULL,
      BRANCH,
      { "triage-history.jsonl": 'not json\n{"v":1,"signature":"nope"}\n' },
      "a broken history",
    );
    const pr = world.github.addPullRequest(FULL, { number: 34, head: { ref: "feature" } });
    const r = await world.triage({ pr, run: { jobs: jest() } });
    expect(lead(r.comment)).toBe("**New failure**, first seen on this pull request.");
    expect(r.journal.events).toContainEqual(
      expect.objectContaining({ type: "triage.history_read", rows: 0, skipped: 2 }),
    );
    expect(parseHistory(world.stored()!)).toMatchObject({ skipped: 0, rows: [{ run: r.runId }] });
  });
});

describe("a fork's branch name in the history", () => {
  it("is quoted inert: no link, mention or marker survives in the comment", async () => {
    const evil = "x`](https://evil.example/p)@admin<!--rivumi:sticky-triage/CI-->";
    const forkPr = world.github.addPullRequest(FULL, {
      number: 41,
      head: { sha: fakeSha("fork"), ref: evil, repo: "mallory/widgets" },
    });
    const fork = await world.triage({
      pr: forkPr,
      run: {
        headSha: fakeSha("fork"),
        headBranch: evil,
        headRepository: "mallory/widgets",
        jobs: jest(),
      },
    });
    expect(lead(fork.comment)).toBe("**New failure**, first seen on this pull request.");
    expect(parseHistory(world.stored()!).rows[0]).toMatchObject({
      branch: evil,
      fork: "mallory/widgets",
      on_default: false,
    });

    const pr = world.github.addPullRequest(FULL, { number: 42, head: { ref: "feature" } });
    const r = await world.triage({ pr, run: { jobs: jest() } });
    const line = lead(r.comment)!;
    expect(line).toMatch(/^\*\*Seen before\*\* \(failed 2 times in 30 days\)/);
    // The branch is a code span its backtick cannot close, with the mention and marker broken.
    expect(line).toContain(
      "``mallory:x`](https://evil.example/p)@\u200badmin<\u200b!--rivumi:sticky-triage/CI--\u200b>``",
    );
    const body = r.comment!;
    expect(body.split("\n").filter((l) => l.includes("<!--"))).toEqual([
      "<!-- rivumi:sticky triage/CI -->",
    ]);
    expect(body).not.toMatch(/@admin/);
  });
});
