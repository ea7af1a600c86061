// `/remember`, `/forget` and `/memories` written as replies in a review thread: the same gates as
// on an issue, an entry scoped to the thread's file's directory, and the answer in the thread.
import { afterEach, describe, expect, it } from "vitest";
import { BRANCH, FULL, rowsOf } from "./memory-world.js";
import { createThreadWorld, replyInThread, type ThreadWorld } from "./thread-world.js";

let world: ThreadWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("/remember in a review thread", () => {
  it("stores a project entry for the file's directory, reacts +1 and answers in the thread", async () => {
    world = await createThreadWorld();
    const w = world;
    const { result, commentId, journal, failures } = await replyInThread(
      w,
      "/remember fact handlers here must check the tenant id",
    );
    expect(failures).toEqual([]);
    expect(result.conclusion).toBe("success");
    const rows = rowsOf(w.stored());
    expect(rows).toEqual([
      expect.objectContaining({
        id: result.entryId,
        type: "project-fact",
        text: "handlers here must check the tenant id",
        user: "alice",
        project: FULL,
        dir: "src/api",
        source: `https://github.com/${FULL}/pull/${w.pr}#discussion_r${commentId}`,
      }),
    ]);
    // The answer is a reply in the same thread (to its first comment), not an issue comment.
    expect(w.replies()).toEqual([{ body: result.reply, inReplyTo: w.root }]);
    expect(result.reply).toContain(`Remembered as \`${result.entryId}\``);
    expect(result.reply).toContain("for files under `src/api/`");
    expect(w.github.issueComments(FULL, w.pr)).toEqual([]);
    // The reaction goes to the review comment, through its own endpoint.
    expect(w.reactions(commentId)).toEqual(["+1"]);
    const reacted = (on: string) =>
      w.github.requestsTo(`POST /repos/{owner}/{repo}/${on}/comments/{comment_id}/reactions`);
    expect([reacted("pulls").length, reacted("issues").length]).toEqual([1, 0]);
    expect(journal.events).toContainEqual(
      expect.objectContaining({ type: "publish.comment", state: "memory success" }),
    );

    // /memories in the thread lists the entry with its directory.
    const again = await replyInThread(w, "/memories");
    expect(again.result.reply).toContain(`\`${result.entryId}\` [project-fact in src/api/]`);
    expect(again.result.reply).toContain("an entry for a directory only when");
    expect(w.replies()).toHaveLength(2);
  });

  it("keeps a user's preference for every file; /forget in the thread hides the entry", async () => {
    world = await createThreadWorld();
    const pref = await replyInThread(world, "/remember pref short answers");
    expect(rowsOf(world.stored())[0]).not.toHaveProperty("dir");
    expect(pref.result.reply).toContain("A preference of yours holds for every file.");
    const forgot = await replyInThread(world, `/forget ${pref.result.entryId}`);
    expect(forgot.result.conclusion).toBe("success");
    expect(rowsOf(world.stored()).at(-1)).toMatchObject({
      type: "forget",
      target: pref.result.entryId,
    });
    expect(world.replies().map((r) => r.inReplyTo)).toEqual([world.root, world.root]);
  });

  it.each([
    ["a reader", "rita", "read" as const, "has read"],
    ["a bot", "renovate[bot]", "write" as const, "not listed in `allow-bots`"],
  ])("refuses %s, writes nothing and says why in the thread", async (_who, login, role, why) => {
    world = await createThreadWorld({ roles: { [login]: role } });
    const { result, commentId, failures } = await replyInThread(world, "/remember fact x", {
      commenter: login,
    });
    expect(failures).toEqual([]);
    expect(result.conclusion).toBe("refused");
    expect(result.reply).toContain(why);
    expect(world.github.refSha(FULL, BRANCH)).toBeUndefined();
    expect(world.replies()).toEqual([{ body: result.reply, inReplyTo: world.root }]);
    expect(world.reactions(commentId)).toEqual(["confused"]);
  });

  it("on a fork's pull request stores nothing and says why; the read-only token cannot answer", async () => {
    world = await createThreadWorld();
    const { result, failures, journal } = await replyInThread(
      world,
      "/remember fact handlers here must check the tenant id",
      { fork: true },
    );
    expect(result.conclusion).toBe("refused");
    expect(result.reply).toContain("pull request from a fork cannot be stored");
    expect(result.reply).toContain("read-only token and no secrets");
    expect(result.reply).toContain("comment in the pull request's conversation");
    expect(world.github.refSha(FULL, BRANCH)).toBeUndefined();
    expect(
      world.github.requests.filter((r) => r.path.includes("/git/") && r.method !== "GET"),
    ).toEqual([]);
    // GitHub refuses the read-only token's writes: both are journaled failures, not a crash,
    // and the reason stays in the run's note (the step summary).
    expect(failures.map((f) => f.target)).toEqual([
      "memory reaction",
      "reply in the review thread",
    ]);
    expect(journal.events).toContainEqual(
      expect.objectContaining({ type: "memory.command", conclusion: "refused" }),
    );
  });
});
