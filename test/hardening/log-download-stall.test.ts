// Class: the log storage a job-log redirect points at misbehaves. It accepts the connection and
// never answers, answers and stalls after a few bytes, or sends a byte now and then forever; or the
// job is cancelled while a download hangs. Each download has deadlines of its own (no byte for
// `triage-log-idle-seconds`, `triage-log-timeout-seconds` in all): the stalled logs cost only
// themselves, the other jobs' evidence is posted, the run is `partial` and says which log could
// not be read and why, and no error reaches anyone as "[object Object]".
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startStallingStorage, type StallingStorage } from "../support/stalling-storage.js";
import { createTriageWorld, TRIAGE_FULL, type TriageWorld } from "../support/triage-run-world.js";
import { cancelLikeRunner, readOr } from "./helpers.js";

const JEST = readFileSync(resolve(import.meta.dirname, "../triage/fixtures/jest.log"), "utf8");
const steps = [
  { name: "Set up job" },
  { name: "Run npm ci" },
  { name: "Test", conclusion: "failure" },
  { name: "Complete job" },
];
const PR = 7;

let world: TriageWorld | undefined;
let storage: StallingStorage | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await Promise.all([world?.close(), storage?.close()]);
  world = storage = undefined;
});

async function setUp(): Promise<{ world: TriageWorld; storage: StallingStorage }> {
  world = await createTriageWorld();
  storage = await startStallingStorage();
  world.github.addPullRequest(TRIAGE_FULL, {
    number: PR,
    head: { sha: world.head, ref: "feature" },
  });
  return { world, storage };
}

/** Every text the run left for people: comment, summary, outputs, log, journal, result file. */
function everything(world: TriageWorld, run: Awaited<ReturnType<TriageWorld["run"]>>): string {
  const comments = world.github.issueComments(TRIAGE_FULL, PR).map((c) => c.body);
  return [
    ...comments,
    run.summary,
    run.stdout,
    run.stderr,
    JSON.stringify(run.outputs),
    readOr(run.outputs["journal-file"] ?? ""),
    readOr(run.outputs["result-file"] ?? ""),
  ].join("\n");
}

describe("a stalled job-log download", () => {
  it("gives up each stalled log at its own deadline and posts the others' evidence, partial", async () => {
    const { world, storage } = await setUp();
    const runId = world.addRun({
      pullRequests: [PR],
      jobs: [
        // The stalled logs come first: the good one after them is read all the same.
        {
          id: 5101,
          name: "silent",
          conclusion: "failure",
          steps,
          logUrl: storage.url({ kind: "silent" }),
        },
        {
          id: 5102,
          name: "stalls",
          conclusion: "failure",
          steps,
          logUrl: storage.url({ kind: "stall-after", text: JEST.slice(0, 300) }),
        },
        {
          id: 5103,
          name: "drips",
          conclusion: "failure",
          steps,
          logUrl: storage.url({ kind: "drip", everyMs: 200 }),
        },
        { id: 5104, name: "unit", conclusion: "failure", steps, log: JEST },
      ],
    });
    const started = Date.now();
    const run = await world.run(runId, {
      inputs: {
        "triage-log-idle-seconds": "1",
        "triage-log-timeout-seconds": "3",
        "timeout-minutes": "1",
      },
    });
    const seconds = (Date.now() - started) / 1000;

    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("partial");
    // Each stalled download was given up, and at its own deadline, not the run's.
    expect(storage.requests).toHaveLength(3);
    expect(seconds).toBeLessThan(45);

    const [comment] = world.github.issueComments(TRIAGE_FULL, PR);
    const body = comment?.body ?? "";
    // The good job's evidence is there.
    expect(body).toContain("Expected: 90");
    // Each unreadable log is named with the reason, once in its job and once in the warning.
    const jobBlock = (name: string) => body.slice(body.indexOf(`**Job [${name}]`));
    expect(jobBlock("silent")).toMatch(
      /^[^]*?could not be downloaded: the log storage sent nothing for 1 s/,
    );
    expect(jobBlock("stalls")).toMatch(
      /^[^]*?could not be downloaded: the log storage sent nothing for 1 s/,
    );
    expect(jobBlock("drips")).toMatch(
      /^[^]*?could not be downloaded: the download took longer than 3 s/,
    );
    expect(body).toContain("triage-log-idle-seconds");
    expect(body).toContain("triage-log-timeout-seconds");
    for (const name of ["silent", "stalls", "drips"])
      expect(body).toMatch(new RegExp(`the log of job ${name} could not be read`));
    expect(body).not.toMatch(/the log of job unit could not be read/);

    const result = JSON.parse(readOr(run.outputs["result-file"]!)) as { conclusion: string };
    expect(result.conclusion).toBe("partial");
    expect(run.summary).toContain("Rivumi: partial result");
    expect(run.summary).toContain("Expected: 90");
    const journal = readOr(run.outputs["journal-file"]!);
    expect(journal.match(/"type":"triage\.log_failed"/g)).toHaveLength(3);
    expect(journal).toContain('"type":"triage.log_saved"');
    expect(everything(world, run)).not.toContain("[object Object]");
  }, 90_000);

  it("stops a hanging download on cancellation and still posts what the other jobs gave", async () => {
    const { world, storage } = await setUp();
    const runId = world.addRun({
      pullRequests: [PR],
      jobs: [
        { id: 5201, name: "unit", conclusion: "failure", steps, log: JEST },
        {
          id: 5202,
          name: "silent",
          conclusion: "failure",
          steps,
          logUrl: storage.url({ kind: "silent" }),
        },
        { id: 5203, name: "never reached", conclusion: "failure", steps, log: JEST },
      ],
    });
    const sent: { at?: number } = {};
    // The defaults (60 s idle, 5 minutes in all) would hold this download far past the test.
    const run = await world.run(runId, {
      onStart: cancelLikeRunner(() => storage.requests.length > 0, sent),
    });
    const ended = Date.now();

    expect(sent.at).toBeDefined();
    // Out well before the runner's SIGKILL at 10 s, with its results.
    expect(run.signal).toBeUndefined();
    expect(ended - sent.at!).toBeLessThan(7_500);
    expect(run.outputs.conclusion).toBe("partial");
    const result = JSON.parse(readOr(run.outputs["result-file"]!)) as { stop: string };
    expect(result.stop).toBe("cancelled");
    const body = world.github.issueComments(TRIAGE_FULL, PR)[0]?.body ?? "";
    expect(body).toContain("Expected: 90");
    expect(body).toContain("the run was cancelled");
    expect(body).toMatch(/the log of job silent could not be read/);
    // No download starts after the stop.
    expect(storage.requests).toHaveLength(1);
    const logRequests = world.github.requests.filter((r) => r.path.startsWith("/_fake/job-logs/"));
    expect(logRequests.map((r) => r.path.split("/").pop())).toEqual(["5201"]);
    expect(everything(world, run)).not.toContain("[object Object]");
  }, 90_000);
});
