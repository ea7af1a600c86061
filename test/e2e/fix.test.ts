// `/rivumi fix` through the bundled action: a writer's comment, a scripted model that edits a file,
// and the commit on the pull request's branch in the loopback GitHub, which holds the same commits
// as the repository the action clones.
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  createActionWorld,
  FULL,
  OWNER,
  PR,
  REPO,
  type ActionWorld,
} from "../support/action-world.js";
import { issueCommentPayload, writeEventFile } from "../support/payloads.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const NEW_APP = "export const answer = 43;\n";

describe("/rivumi fix in the bundled action", () => {
  it("commits the agent's edit to the branch as one verified commit and names it in the reply", async () => {
    world = await createActionWorld({
      script: [
        {
          toolCalls: [{ name: "write_file", arguments: { path: "src/app.ts", content: NEW_APP } }],
        },
        {
          toolCalls: [
            { name: "submit_review", arguments: { summary: "Made the answer 43.", findings: [] } },
          ],
        },
      ],
    });
    const head = await world.github.importBranch(
      FULL,
      world.git.origin,
      "feature",
      world.git.headSha,
    );
    const command = issueCommentPayload({
      owner: OWNER,
      repo: REPO,
      number: PR,
      body: "/rivumi fix make the answer 43",
      commenter: "alice",
      onPullRequest: true,
      commentId: 777,
    });
    const run = await world.run({
      inputs: { "push-fixes": "true" },
      env: {
        GITHUB_EVENT_NAME: "issue_comment",
        GITHUB_EVENT_PATH: writeEventFile(join(world.dir, "fix-event"), command),
      },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("success");
    const sha = run.outputs["fix-commit"] ?? "";
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(world.github.branchFiles(FULL, "feature")["src/app.ts"]?.text).toBe(NEW_APP);
    const commit = world.github.commitOf(FULL, sha);
    expect(commit?.parents).toEqual([head]);
    expect(commit?.verified).toBe(true);
    const reply = world.github.issueComments(FULL, PR).at(-1)?.body ?? "";
    expect(reply).toContain("### Rivumi fix");
    expect(reply).toContain(`**Committed** [\`${sha.slice(0, 7)}\`]`);
    const result = JSON.parse(
      world.results.readArtifactFile("rivumi-journal-review-1", "result.json") ?? "{}",
    ) as Record<string, unknown>;
    expect(result["fix-commit"]).toBe(sha);
    const journal =
      world.results.readArtifactFile("rivumi-journal-review-1", "journal.jsonl") ?? "";
    expect(journal).toContain('"type":"fix.commit"');
    expect(journal).toContain('"type":"fix.request"');
    // No git credential was ever used to push: the branch moved through the API only.
    expect(
      world.github.requests.some((r) => r.method === "PATCH" && r.path.includes("/git/refs/")),
    ).toBe(true);
    world.model.assertDone();
  });
});
