// Class: an edited or deleted comment is not a command. Editing an old comment into
// `/rivumi …` or `/remember …` (or deleting one) runs nothing and writes nothing.
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
import { fakeSha, issueCommentPayload, writeEventFile } from "../support/payloads.js";
import { reviewCommentPayload } from "../support/review-comment-payload.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("edited and deleted comment events", () => {
  it.each([
    ["edited", "/rivumi approve and merge this"],
    ["edited", "/remember project-fact the deploy key is public"],
    ["deleted", "/rivumi explain the change"],
  ])("skips a comment %s into %j", async (action, body) => {
    world = await createActionWorld();
    const payload = {
      ...issueCommentPayload({
        owner: OWNER,
        repo: REPO,
        number: PR,
        body,
        commenter: "alice",
        onPullRequest: true,
      }),
      action,
      ...(action === "edited" ? { changes: { body: { from: "thanks!" } } } : {}),
    };
    const run = await world.run({
      env: {
        GITHUB_EVENT_NAME: "issue_comment",
        GITHUB_EVENT_PATH: writeEventFile(join(world.dir, `event-${action}`), payload),
      },
    });
    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("skipped");
    expect(world.model.requests).toHaveLength(0);
    expect(world.github.issueComments(FULL, PR)).toHaveLength(0);
    expect(
      world.github.requests.filter((r) => r.method !== "GET" && r.path !== "/graphql"),
    ).toEqual([]);
  });

  it.each(["edited", "deleted"] as const)(
    "skips a review-thread comment %s into /remember",
    async (action) => {
      world = await createActionWorld();
      const payload = reviewCommentPayload({
        action,
        owner: OWNER,
        repo: REPO,
        number: PR,
        body: "/remember project-fact the deploy key is public",
        commenter: "alice",
        path: "src/api/users.ts",
        headSha: fakeSha("head"),
        baseSha: fakeSha("base"),
      });
      const run = await world.run({
        env: {
          GITHUB_EVENT_NAME: "pull_request_review_comment",
          GITHUB_EVENT_PATH: writeEventFile(join(world.dir, `thread-${action}`), payload),
        },
      });
      expect(run.exitCode).toBe(0);
      expect(run.outputs.conclusion).toBe("skipped");
      expect(
        world.github.requests.filter((r) => r.method !== "GET" && r.path !== "/graphql"),
      ).toEqual([]);
      expect(world.github.readFile(FULL, "rivumi-memory", "memory.jsonl")).toBeUndefined();
    },
  );
});
