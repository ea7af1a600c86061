// Class: two runs on one pull request at the same moment (a push during a run, a re-run),
// through the bundle: both finish, and the pull request ends with one sticky comment.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { hookGitHub } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("concurrent runs on one pull request", () => {
  it("end with one sticky comment holding one of the results", async () => {
    const submit = (summary: string) => ({
      toolCalls: [{ name: "submit_review", arguments: { summary, findings: [] } }],
    });
    world = await createActionWorld({ script: [submit("Result one."), submit("Result two.")] });
    // A little latency, so that the two runs' lookups and creations interleave.
    hookGitHub(
      world.github,
      () => new Promise((resolve) => setTimeout(() => resolve(undefined), 30 * Math.random())),
    );
    // Two workflow runs have an artifact namespace each; the loopback results service has one, so
    // each run's journal gets a name of its own (the same name twice would be refused, partial).
    const [a, b] = await Promise.all([
      world.run({ runId: "2001", env: { RIVUMI_ARTIFACT_SUFFIX: "a" } }),
      world.run({ runId: "2002", env: { RIVUMI_ARTIFACT_SUFFIX: "b" } }),
    ]);
    for (const run of [a, b]) {
      expect(run.exitCode).toBe(0);
      expect(run.outputs.conclusion).toBe("success");
    }
    const comments = world.github.issueComments(FULL, PR);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/Result (one|two)\./);
    expect([a.outputs["comment-url"], b.outputs["comment-url"]]).toEqual([
      comments[0]!.html_url,
      comments[0]!.html_url,
    ]);
  });
});
