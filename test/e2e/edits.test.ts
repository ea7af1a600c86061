import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, type ActionWorld } from "../support/action-world.js";
import { checkoutState } from "../support/git-fixture.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("a task run with allow-edits", () => {
  it("edits only the disposable workspace and publishes the diff as changes.patch", async () => {
    world = await createActionWorld({
      script: [
        {
          toolCalls: [
            {
              name: "write_file",
              arguments: { path: "src/app.ts", content: "export const answer = 43;\n" },
            },
          ],
        },
        {
          toolCalls: [
            { name: "submit_review", arguments: { summary: "Bumped the answer.", findings: [] } },
          ],
        },
      ],
    });
    const before = await checkoutState(world.git.checkout);
    const run = await world.run({
      inputs: { prompt: "Bump the answer by one.", "allow-edits": "true" },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("success");
    const tools = world.model.requests[0]!.body.tools?.map((t) =>
      t.type === "function" ? t.function.name : "",
    );
    expect(tools).toEqual(expect.arrayContaining(["write_file", "apply_patch"]));
    expect(run.summary).toMatch(/\*\*Changes:\*\* 1 file\(s\).*`changes\.patch`/);
    const patch = world.results.readArtifactFile("rivumi-journal-review-1", "changes.patch");
    expect(patch).toContain("-export const answer = 42;");
    expect(patch).toContain("+export const answer = 43;");
    expect(await checkoutState(world.git.checkout)).toEqual(before);
    world.model.assertDone();
  });

  it("gives no edit tools to a plain review, even with allow-edits", async () => {
    world = await createActionWorld({
      script: [
        { toolCalls: [{ name: "submit_review", arguments: { summary: "Fine.", findings: [] } }] },
      ],
    });
    const run = await world.run({ inputs: { "allow-edits": "true" } });
    expect(run.exitCode).toBe(0);
    const tools = world.model.requests[0]!.body.tools?.map((t) =>
      t.type === "function" ? t.function.name : "",
    );
    expect(tools).not.toContain("write_file");
    expect(run.summary).not.toContain("changes.patch");
  });
});
