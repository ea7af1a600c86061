// Class: the journal artifact does not get uploaded: the service refuses to create it, or takes
// the upload and refuses to finalize it. The comment, summary, outputs and result file are out
// all the same, but the run is `partial`, every one of them says the upload failed, and none
// names or links an artifact that does not exist (the comment, posted before the upload, is
// rewritten after it). A runner without an artifact token names no artifact either.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import type { ResultsServer } from "../support/results-server.js";
import { createTriageWorld, TRIAGE_FULL, type TriageWorld } from "../support/triage-run-world.js";
import { readOr } from "./helpers.js";

const JOURNAL = "rivumi-journal-review-1";
const review = { summary: "Looks right.", findings: [] };

let world: ActionWorld | undefined;
let triage: TriageWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  triage?.github.assertNoViolations();
  await Promise.all([world?.close(), triage?.close()]);
  world = triage = undefined;
});

const refusals: Array<[string, (results: ResultsServer) => void]> = [
  [
    "refuses to create the artifact",
    (r) => r.failCreateArtifact({ status: 403, code: "permission_denied" }),
  ],
  [
    "refuses to finalize it after the upload",
    (r) =>
      r.failFinalizeArtifact({ status: 400, code: "invalid_argument", msg: "digest mismatch" }),
  ],
];

describe("artifact upload failure", () => {
  it.each(refusals)(
    "when the service %s, the review is partial and says so, naming no artifact",
    async (_what, refuse) => {
      world = await createActionWorld({
        script: [{ toolCalls: [{ name: "submit_review", arguments: review }] }],
      });
      refuse(world.results);
      const run = await world.run();
      expect(run.exitCode).toBe(0);
      expect(run.outputs.conclusion).toBe("partial");

      // The comment: the review, partial, the upload's failure, and no artifact to look for.
      const comments = world.github.issueComments(FULL, PR);
      expect(comments).toHaveLength(1);
      const body = comments[0]!.body;
      expect(body).toContain("Looks right.");
      expect(body).toContain("### Rivumi review (partial)");
      expect(body).toMatch(/Not published on GitHub: the journal artifact \(.*\d{3}/);
      expect(body).toContain("journal not uploaded");
      expect(body).not.toContain(JOURNAL);
      expect(body).not.toContain("Journal and result files");
      expect(body).not.toContain("/artifacts/");
      expect(run.outputs["comment-url"]).toBe(comments[0]!.html_url);

      // The summary says the same.
      expect(run.summary).toContain("Rivumi: partial result");
      expect(run.summary).toMatch(/the journal artifact: .*\d{3}/);
      expect(run.summary).toContain("not uploaded");
      expect(run.summary).not.toContain(JOURNAL);
      expect(run.summary).not.toContain("/artifacts/");

      // The result file, the log and the journal on the runner.
      const result = JSON.parse(readOr(run.outputs["result-file"]!)) as {
        conclusion: string;
        published: { artifact: string | null; unpublished: { target: string }[] };
      };
      expect(result.conclusion).toBe("partial");
      expect(result.published.artifact).toBeNull();
      expect(result.published.unpublished.map((u) => u.target)).toEqual(["journal artifact"]);
      expect(run.stdout).toMatch(/::warning::Rivumi could not publish the journal artifact/);
      expect(readOr(run.outputs["journal-file"]!)).toContain('"run.finished"');
      expect([...world.results.artifacts.values()].filter((a) => a.finalized)).toHaveLength(0);
    },
    90_000,
  );

  it("rewrites a triage issue the same way", async () => {
    triage = await createTriageWorld();
    const jest = readFileSync(resolve(import.meta.dirname, "../triage/fixtures/jest.log"), "utf8");
    const runId = triage.addRun({
      headBranch: "main",
      event: "push",
      jobs: [
        {
          name: "test",
          conclusion: "failure",
          steps: [{ name: "Test", conclusion: "failure" }],
          log: jest,
        },
      ],
    });
    triage.results.failCreateArtifact({ status: 403, code: "permission_denied" });
    const run = await triage.run(runId, { inputs: { "triage-issue": "true" } });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("partial");
    const issues = [...triage.github.repo(TRIAGE_FULL).issues.values()];
    expect(issues).toHaveLength(1);
    const body = issues[0]!.body;
    expect(body).toContain("Expected: 90");
    expect(body).toContain("the journal artifact");
    expect(body).toContain("journal not uploaded");
    expect(body).not.toContain("rivumi-journal-triage");
    expect(run.summary).toContain("Rivumi: partial result");
  }, 90_000);

  it("names no artifact, and stays a success, when the runner gives no artifact token", async () => {
    world = await createActionWorld({
      script: [{ toolCalls: [{ name: "submit_review", arguments: review }] }],
    });
    const run = await world.run({ env: { ACTIONS_RUNTIME_TOKEN: "" } });
    expect(run.outputs.conclusion).toBe("success");
    const body = world.github.issueComments(FULL, PR)[0]?.body ?? "";
    expect(body).toContain("Looks right.");
    expect(body).toContain("journal not uploaded (no artifact token)");
    expect(body).not.toContain(JOURNAL);
    expect(run.summary).not.toContain(JOURNAL);
    expect(run.stdout).toContain("No ACTIONS_RUNTIME_TOKEN: the journal stays at");
  }, 90_000);

  it("links the artifact from the comment and the summary once it is uploaded", async () => {
    world = await createActionWorld({
      script: [{ toolCalls: [{ name: "submit_review", arguments: review }] }],
    });
    const run = await world.run();
    expect(run.outputs.conclusion).toBe("success");
    const [artifact] = [...world.results.artifacts.values()];
    const link = `/actions/runs/1001/artifacts/${artifact!.id}`;
    const body = world.github.issueComments(FULL, PR)[0]?.body ?? "";
    expect(body).toContain(link);
    expect(body).toContain(`journal artifact \`${JOURNAL}\``);
    expect(run.summary).toContain(link);
  });
});
