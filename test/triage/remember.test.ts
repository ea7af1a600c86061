// Failures remembered across runs: the triage mode writes each failed job's signature to the
// memory branch's history file on the loopback GitHub (git data API, compare-and-swap on the ref)
// and leads its comment with what the history says.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseHistory } from "../../src/triage/history.js";
import { renderTriageBody } from "../../src/triage/publish.js";
import { fakeSha } from "../support/payloads.js";
import {
  BRANCH,
  FULL,
  createHistoryWorld,
  failedJob,
  fixture,
  type HistoryWorld,
} from "../support/triage-history-world.js";

const REF_WRITES = [
  "POST /repos/{owner}/{repo}/git/refs",
  "PATCH /repos/{owner}/{repo}/git/refs/{ref}",
];
const RUNS = "https://github.com/acme/widgets/actions/runs";
const today = () => new Date().toISOString().slice(0, 10);

let world: HistoryWorld;
beforeEach(async () => {
  world = await createHistoryWorld();
});
afterEach(async () => {
  world.github.assertNoViolations();
  await world.close();
});

const rows = () => parseHistory(world.stored() ?? "").rows;
/** The comment's first line after its marker and title. */
const lead = (comment: string | undefined) => comment?.split("\n")[3];

describe("the triage's history", () => {
  it("leads a failure new to its pull request with that, says the base passed, and shows its short log difference first", async () => {
    const pr = world.github.addPullRequest(FULL, {
      number: 21,
      head: { sha: fakeSha("pr21"), ref: "feature" },
    });
    const green = world.github.addWorkflowRun(FULL, {
      headBranch: "main",
      event: "push",
      conclusion: "success",
      jobs: [{ name: "test", conclusion: "success", log: fixture("diff-pass.log") }],
    });
    const r = await world.triage({
      pr,
      run: { headSha: fakeSha("pr21"), jobs: [failedJob(fixture("diff-fail.log"), { id: 7101 })] },
    });

    expect(lead(r.comment)).toBe(
      `**New failure**, first seen on this pull request. The last run of this workflow on \`main\` passed ([run ${green}](${RUNS}/${green})).`,
    );
    const body = r.comment!;
    const diffAt = body.indexOf(`New since the last green [run ${green}]`);
    const evidenceAt = body.search(
      /\[lines? \d+(-\d+)?\]\(https:\/\/github\.com\/acme\/widgets\/actions\/runs\/\d+\/job\/7101#step/,
    );
    expect(diffAt).toBeGreaterThan(0);
    expect(diffAt).toBeLessThan(evidenceAt);

    // The branch was created on first use, holding one row for the failed job.
    const signature = r.outcome.result.report.jobs[0]!.signature;
    expect(rows()).toEqual([
      expect.objectContaining({
        v: 1,
        signature,
        workflow: "CI",
        path: ".github/workflows/ci.yml",
        job: "test",
        job_id: 7101,
        run: r.runId,
        attempt: 1,
        branch: "feature",
        sha: fakeSha("pr21"),
        event: "pull_request",
        on_default: false,
        pulls: [21],
      }),
    ]);
    const events = r.journal.events.filter((e) => e.type.startsWith("triage.history"));
    expect(events).toEqual([
      expect.objectContaining({ type: "triage.history_read", rows: 0, skipped: 0, earlier: 0 }),
      expect.objectContaining({ type: "triage.history_checked", lookups: 0, passes: [] }),
      expect.objectContaining({
        type: "triage.history_recorded",
        source: `${FULL}@${BRANCH}:triage-history.jsonl`,
        added: 1,
        written: true,
        rows: 1,
        flaky: [],
        new: [signature],
      }),
    ]);

    // The same attempt triaged again (a re-delivered event) is not counted twice.
    const again = await world.triage({ pr, runId: r.runId });
    expect(rows()).toHaveLength(1);
    expect(again.journal.events).toContainEqual(
      expect.objectContaining({ type: "triage.history_recorded", added: 1, written: false }),
    );
  });

  it("marks a failure flaky once a run that had it passed on a re-run of the same commit", async () => {
    const pr = world.github.addPullRequest(FULL, { number: 22, head: { ref: "feature" } });
    const first = await world.triage({
      pr,
      run: { headSha: fakeSha("a"), jobs: [failedJob(fixture("jest.log"))] },
    });
    expect(lead(first.comment)).toBe("**New failure**, first seen on this pull request.");
    // The run is re-run and its second attempt passes: no triage runs for a success.
    const run = world.github.repo(FULL).runs.get(first.runId)!;
    run.runAttempt = 2;
    run.conclusion = "success";

    const second = await world.triage({
      pr,
      run: { headSha: fakeSha("b"), jobs: [failedJob(fixture("jest.log"))] },
    });
    expect(lead(second.comment)).toBe(
      `**Known flaky** (failed 2 times in 30 days, passed on re-run once) · first seen ${today()} on \`feature\` ([run ${first.runId}](${RUNS}/${first.runId}/attempts/1)) · branch \`feature\`.`,
    );
    expect(rows().map((r) => [r.run, r.passed])).toEqual([
      [first.runId, { how: "rerun", run: first.runId, attempt: 2 }],
      [second.runId, undefined],
    ]);
    expect(second.journal.events).toContainEqual(
      expect.objectContaining({
        type: "triage.history_checked",
        lookups: 1,
        passes: [{ how: "rerun", run: first.runId, attempt: 2 }],
      }),
    );
  });

  it("marks a failure flaky when the default branch passed and failed at one commit, and links the earlier run there", async () => {
    const sha = fakeSha("main-1");
    const onMain = { headSha: sha, headBranch: "main", event: "push" };
    const first = await world.triage({
      run: { ...onMain, jobs: [failedJob(fixture("jest.log"))] },
    });
    expect(renderTriageBody(first.outcome.result.report).split("\n")[0]).toBe(
      "**New failure**, first seen on `main`.",
    );
    // A scheduled run of the same workflow at the same commit passes.
    world.github.addWorkflowRun(FULL, { ...onMain, event: "schedule", conclusion: "success" });
    const second = await world.triage({
      run: { ...onMain, jobs: [failedJob(fixture("jest.log"))] },
    });
    const [line] = renderTriageBody(second.outcome.result.report).split("\n");
    expect(line).toBe(
      `**Known flaky** (failed 2 times in 30 days, passed on \`main\` without a code change once) · first seen ${today()} on \`main\` ([run ${first.runId}](${RUNS}/${first.runId}/attempts/1)) · branch \`main\`. Also failed on \`main\`: [run ${first.runId}](${RUNS}/${first.runId}/attempts/1) on ${today()}.`,
    );
  });

  it("says a failure on a pull request was seen before on the default branch, with a link to that run", async () => {
    const onMain = await world.triage({
      run: { headBranch: "main", event: "push", jobs: [failedJob(fixture("jest.log"))] },
    });
    const pr = world.github.addPullRequest(FULL, { number: 23, head: { ref: "feature" } });
    const r = await world.triage({ pr, run: { jobs: [failedJob(fixture("jest.log"))] } });
    const link = `[run ${onMain.runId}](${RUNS}/${onMain.runId}/attempts/1)`;
    expect(lead(r.comment)).toBe(
      `**Seen before** (failed 2 times in 30 days) · first seen ${today()} on \`main\` (${link}) · branches \`feature\`, \`main\`. Also failed on \`main\`: ${link} on ${today()}.`,
    );
  });

  it("loses no count when triages of the same signature write at the same moment", async () => {
    const writers = 5;
    // The first ref writes are held until every writer has built its commit on the same head.
    const waiting: Array<() => void> = [];
    let open = false;
    world.github.onRequest(async (req) => {
      const refWrite =
        (req.method === "POST" || req.method === "PATCH") &&
        req.path.startsWith(`/repos/${FULL}/git/refs`);
      if (!refWrite || open) return;
      await new Promise<void>((release) => {
        waiting.push(release);
        if (waiting.length < writers) return;
        open = true;
        for (const go of waiting) go();
      });
    });
    const runs = await Promise.all(
      Array.from({ length: writers }, (_, i) =>
        world.triage({
          run: { headSha: fakeSha(`c${i}`), event: "push", jobs: [failedJob(fixture("jest.log"))] },
        }),
      ),
    );
    expect(new Set(rows().map((r) => r.run))).toEqual(new Set(runs.map((r) => r.runId)));
    // Each write landed on the one before it: the counts the triages reported are 1 to 5.
    const counts = runs.map((r) => {
      const history = r.outcome.result.report.history!;
      return history.recorded ? history.signatures[0]!.failures : 0;
    });
    expect(counts.sort()).toEqual([1, 2, 3, 4, 5]);
    const refused = REF_WRITES.flatMap((route) => world.github.requestsTo(route)).filter(
      (q) => q.status === 422,
    );
    expect(refused.length).toBeGreaterThan(0);
  });
});
