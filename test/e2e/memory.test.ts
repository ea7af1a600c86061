import { afterEach, describe, expect, it } from "vitest";
import {
  MEMORY_BOT,
  MEMORY_FULL,
  MEMORY_TOKEN,
  createMemoryActionWorld,
  type MemoryActionWorld,
} from "../support/memory-world.js";

const BRANCH = "rivumi-memory";

let world: MemoryActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const rows = (w: MemoryActionWorld) =>
  (w.github.readFile(MEMORY_FULL, BRANCH, "memory.jsonl") ?? "")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);
const replies = (w: MemoryActionWorld) =>
  w.github.issueComments(MEMORY_FULL, w.issue).filter((c) => c.user.login === MEMORY_BOT);

describe("the bundled action on an issue_comment memory command", () => {
  it("remembers once across a re-run, lists it, refuses a reader, and leaks no token", async () => {
    world = await createMemoryActionWorld({ roles: { alice: "write", rita: "read" } });
    const w = world;

    const first = await w.comment("alice", "/remember fact we deploy with `make deploy`");
    expect(first.exitCode).toBe(0);
    expect(first.outputs.conclusion).toBe("success");
    const stored = rows(w);
    expect(stored).toEqual([
      expect.objectContaining({
        v: 1,
        type: "project-fact",
        text: "we deploy with `make deploy`",
        user: "alice",
        project: MEMORY_FULL,
        source: `https://github.com/${MEMORY_FULL}/issues/${w.issue}#issuecomment-${first.commentId}`,
      }),
    ]);
    const id = String(stored[0]!.id);
    expect(id).toMatch(/^m-[0-9a-f]{12}$/);
    expect(w.github.reactions(MEMORY_FULL, first.commentId)).toEqual(["+1"]);
    expect(replies(w).map((c) => c.body)).toEqual([expect.stringContaining(`\`${id}\``)]);
    const events = w.journal(first);
    expect(events).toContainEqual(
      expect.objectContaining({ type: "memory.appended", id, duplicate: false }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "memory.command",
        command: "remember",
        conclusion: "success",
      }),
    );
    expect(events.at(-1)).toMatchObject({ type: "run.finished", conclusion: "success" });

    // A re-run of the same event writes nothing new.
    const rerun = await w.comment("alice", "/remember fact we deploy with `make deploy`", {
      commentId: first.commentId,
      attempt: 2,
    });
    expect(rerun.exitCode).toBe(0);
    expect(rerun.outputs.conclusion).toBe("success");
    expect(rows(w)).toHaveLength(1);
    expect(w.journal(rerun)).toContainEqual(
      expect.objectContaining({ type: "memory.appended", id, duplicate: true }),
    );

    const listed = await w.comment("alice", "/memories");
    expect(listed.outputs.conclusion).toBe("success");
    expect(replies(w).at(-1)?.body).toContain(id);
    expect(replies(w).at(-1)?.body).toContain("[project-fact] we deploy with");

    const reader = await w.comment("rita", "/remember fact readers cannot write");
    expect(reader.exitCode).toBe(0);
    expect(reader.outputs.conclusion).toBe("refused");
    expect(rows(w)).toHaveLength(1);
    expect(replies(w).at(-1)?.body).toContain("need write or admin permission");
    expect(w.github.reactions(MEMORY_FULL, reader.commentId)).toEqual(["confused"]);

    // `::add-mask::` lines are consumed by the runner, never displayed.
    for (const run of [first, rerun, listed, reader]) {
      const shown = (run.stdout + run.stderr)
        .split("\n")
        .filter((l) => !l.startsWith("::add-mask::"));
      expect(shown.join("\n")).not.toContain(MEMORY_TOKEN);
    }
  }, 120_000);

  it("explains in a reply that the workflow needs contents: write", async () => {
    world = await createMemoryActionWorld({ roles: { alice: "write" } });
    // Every try refused, as GitHub answers a token without contents: write.
    world.github.failNext("POST /repos/{owner}/{repo}/git/trees", {
      status: 403,
      message: "Resource not accessible by integration",
      times: 10,
    });
    const run = await world.comment("alice", "/remember pref short answers");
    expect(run.outputs.conclusion).toBe("failure");
    expect(run.exitCode).toBe(1);
    expect(rows(world)).toEqual([]);
    expect(replies(world).at(-1)?.body).toContain("permissions: contents: write");
  }, 60_000);
});
