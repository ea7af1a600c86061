// Class: the artifact service refuses the upload. The comment, summary, outputs and result file
// are out all the same, the run's conclusion stands, and the log says the journal stayed local.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { readOr } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("artifact upload failure", () => {
  it("publishes everything else and warns", async () => {
    const review = { summary: "Looks right.", findings: [] };
    world = await createActionWorld({
      script: [{ toolCalls: [{ name: "submit_review", arguments: review }] }],
    });
    world.results.failCreateArtifact({ status: 403, code: "permission_denied" });
    const run = await world.run();
    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("success");
    const [comment] = world.github.issueComments(FULL, PR);
    expect(comment?.body).toContain("Looks right.");
    expect(comment?.body).not.toContain("Journal and result files");
    expect(run.outputs["comment-url"]).toBe(comment?.html_url);
    expect(run.summary).toContain("Rivumi: done");
    expect(readOr(run.outputs["journal-file"]!)).toContain('"run.finished"');
    expect(JSON.parse(readOr(run.outputs["result-file"]!))).toMatchObject({
      conclusion: "success",
    });
    expect(run.stdout).toMatch(/::warning::Rivumi could not publish the journal artifact/);
    expect(world.results.artifacts.size).toBe(0);
  });

  it("links the artifact from the comment and the summary once it is uploaded", async () => {
    const review = { summary: "Looks right.", findings: [] };
    world = await createActionWorld({
      script: [{ toolCalls: [{ name: "submit_review", arguments: review }] }],
    });
    const run = await world.run();
    const [artifact] = [...world.results.artifacts.values()];
    const link = `/actions/runs/1001/artifacts/${artifact!.id}`;
    expect(world.github.issueComments(FULL, PR)[0]?.body).toContain(link);
    expect(run.summary).toContain(link);
  });
});
