// End to end, as a runner runs the bundle: a person answers one of Rivumi's review threads with
// `/remember`, the memory job stores it for the thread's directory and answers in the thread, and
// the next review of the pull request gives it to the child reviewer of that directory only.
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
import { isReviewChild, messageText, type RecordedRequest } from "../support/model-server.js";
import { writeEventFile } from "../support/payloads.js";
import { reviewCommentPayload } from "../support/review-comment-payload.js";
import { BIG_HEAD, codeLines, finalize } from "../support/review-world.js";
import { testOctokit } from "../memory/memory-world.js";

const FACT = "handlers here must check the tenant id before any query";
const ALICE_TOKEN = "ghu_aliceThreadToken0123456789abcdef";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const system = (r: RecordedRequest) => messageText(r.body.messages[0]!);
const hunks = (r: RecordedRequest) => messageText(r.body.messages.at(-1)!);

describe("/remember in a review thread, then a review", () => {
  it("stores the memory for src/api, answers in the thread, and only src/api's child reviewer gets it", async () => {
    world = await createActionWorld({
      baseFiles: {
        "src/api/handler.ts": codeLines("h", 5),
        "src/ui/view.ts": codeLines("v", 5),
      },
      headFiles: BIG_HEAD,
      script: [finalize("Two areas change; nothing alarming.")],
    });
    const w = world;
    w.github.addToken(ALICE_TOKEN, { login: "alice", type: "user" });
    const at = { owner: OWNER, repo: REPO, pull_number: PR };
    // One of Rivumi's findings, and alice's reply to it.
    const { data: root } = await testOctokit(w.github.url, w.token).rest.pulls.createReviewComment({
      ...at,
      commit_id: w.git.headSha,
      path: "src/api/handler.ts",
      line: 3,
      side: "RIGHT",
      body: "**major**: the handler trusts the tenant id it is given.",
    });
    const body = `/remember fact ${FACT}`;
    const { data: reply } = await testOctokit(
      w.github.url,
      ALICE_TOKEN,
    ).rest.pulls.createReplyForReviewComment({ ...at, comment_id: root.id, body });
    const event = reviewCommentPayload({
      owner: OWNER,
      repo: REPO,
      number: PR,
      body,
      commenter: "alice",
      path: "src/api/handler.ts",
      commentId: reply.id,
      inReplyTo: root.id,
      headSha: w.git.headSha,
      baseSha: w.git.baseSha,
    });

    const remembered = await w.run({
      env: {
        GITHUB_EVENT_NAME: "pull_request_review_comment",
        GITHUB_EVENT_PATH: writeEventFile(join(w.dir, "thread-event"), event),
        GITHUB_JOB: "memory",
      },
    });
    expect(remembered.exitCode).toBe(0);
    expect(remembered.outputs.conclusion).toBe("success");
    const rows = (w.github.readFile(FULL, "rivumi-memory", "memory.jsonl") ?? "")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(rows).toEqual([
      expect.objectContaining({ type: "project-fact", text: FACT, user: "alice", dir: "src/api" }),
    ]);
    const thread = [...w.github.repo(FULL).reviewComments.values()].filter(
      (c) => c.inReplyTo === root.id,
    );
    expect(thread.map((c) => [c.user.login, c.body.split(".")[0]])).toEqual([
      ["alice", body.split(".")[0]],
      [
        "github-actions[bot]",
        `Remembered as \`${String(rows[0]!.id)}\` (project-fact, for files under \`src/api/\`)`,
      ],
    ]);
    expect(
      w.github
        .repo(FULL)
        .reviewComments.get(reply.id)
        ?.reactions.map((r) => r.content),
    ).toEqual(["+1"]);
    expect(w.model.requests).toHaveLength(0);

    // The next review: a diff over the threshold, mapped to child reviewers by directory.
    const reviewed = await w.run({ inputs: { "rlm-threshold-bytes": "10000" } });
    expect(reviewed.exitCode).toBe(0);
    expect(reviewed.outputs.conclusion).toBe("success");
    const children = w.model.requests.filter(isReviewChild);
    const api = children.filter((r) => hunks(r).includes("src/api/handler.ts"));
    const ui = children.filter((r) => hunks(r).includes("src/ui/view.ts"));
    expect(api.length).toBeGreaterThan(0);
    expect(ui.length).toBeGreaterThan(0);
    // No batch mixes the two directories here, so each child's memory is decided by one of them.
    expect(api.filter((r) => ui.includes(r))).toEqual([]);
    for (const r of api) expect(system(r)).toContain(`- [project-fact for src/api/] ${FACT}`);
    for (const r of ui) {
      expect(system(r)).not.toContain(FACT);
      expect(system(r)).not.toContain("# Memory");
    }
  }, 180_000);
});
