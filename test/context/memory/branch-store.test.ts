import { afterEach, describe, expect, it } from "vitest";
import { createBranchStore } from "../../../src/github/memory-branch-store.js";
import {
  MemoryStoreError,
  parseStore,
  type MemoryRecord,
} from "../../../src/context/memory/index.js";
import {
  BOT,
  BRANCH,
  FULL,
  OWNER,
  REPO,
  createMemoryWorld,
  rowsOf,
  send,
  testOctokit,
  testSettings,
  type MemoryWorld,
} from "../../memory/memory-world.js";

const REF_PATCH = "PATCH /repos/{owner}/{repo}/git/refs/{ref}";
const REF_POST = "POST /repos/{owner}/{repo}/git/refs";

let world: MemoryWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

const entry = (id: string, text = `text of ${id}`): MemoryRecord => ({
  v: 1,
  id,
  type: "project-fact",
  text,
  user: "alice",
  project: FULL,
  created_at: "2025-01-02T03:04:05.000Z",
});

describe("the branch store under concurrency", () => {
  it("keeps all of 50 concurrent /remember commands that start without the branch", async () => {
    const writers = ["alice", "bob", "carol", "dave", "erin"];
    world = await createMemoryWorld({
      latencyMs: [2, 25],
      roles: Object.fromEntries(writers.map((w) => [w, "write" as const])),
    });
    const w = world;
    expect(w.github.refSha(FULL, BRANCH)).toBeUndefined();

    const started = Date.now();
    const deliveries = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        // Each delivery is its own runner: its own client, its own journal.
        send(w, `/remember fact note number ${i}`, { commenter: writers[i % writers.length] }),
      ),
    );
    const ms = Date.now() - started;

    expect(deliveries.map((d) => d.result.conclusion)).toEqual(Array(50).fill("success"));
    const rows = rowsOf(w.stored());
    const ids = rows.map((r) => r.id);
    expect(rows).toHaveLength(50);
    expect(new Set(ids).size).toBe(50);
    expect(new Set(ids)).toEqual(new Set(deliveries.map((d) => d.result.entryId)));
    expect(new Set(rows.map((r) => r.text))).toEqual(
      new Set(Array.from({ length: 50 }, (_, i) => `note number ${i}`)),
    );
    expect(parseStore(w.stored()!).skipped).toBe(0);

    const attempts = deliveries.flatMap((d) =>
      d.journal.events.flatMap((e) => (e.type === "memory.appended" ? [e.attempts] : [])),
    );
    const retries = attempts.reduce((a, b) => a + b - 1, 0);
    const refused = [...w.github.requestsTo(REF_PATCH), ...w.github.requestsTo(REF_POST)].filter(
      (r) => r.status === 422,
    ).length;
    // Writers really collided: GitHub refused some ref moves and the store retried them.
    expect(retries).toBeGreaterThan(0);
    expect(refused).toBe(retries);
    // Exactly one writer created the branch; the others' "Reference already exists" became appends.
    expect(w.github.requestsTo(REF_POST).filter((r) => r.status === 201)).toHaveLength(1);
    expect(w.github.requestsTo(REF_PATCH).filter((r) => r.status === 200)).toHaveLength(49);
    expect(
      w.github.requestsTo(REF_PATCH).every((r) => (r.body as { force?: boolean }).force === false),
    ).toBe(true);

    // The reply names the entry; the comment got its reaction.
    const first = deliveries[0]!;
    expect(first.result.reply).toContain(first.result.entryId);
    expect(w.github.reactions(FULL, first.commentId)).toEqual(["+1"]);

    console.info(
      `50-way /remember: ${rows.length} entries stored, ${retries} retries ` +
        `(${refused} refused ref updates, max ${Math.max(...attempts)} attempts for one writer), ${ms} ms`,
    );
  }, 120_000);

  it("writes an entry once when the same event is delivered twice, one after the other", async () => {
    world = await createMemoryWorld();
    const first = await send(world, "/remember pref answer in French");
    const again = await send(world, "/remember pref answer in French", {
      commentId: first.commentId,
    });
    expect(rowsOf(world.stored())).toHaveLength(1);
    expect(again.result).toMatchObject({ conclusion: "success", entryId: first.result.entryId });
    expect(again.result.reply).toContain("Already remembered");
    expect(again.journal.events).toContainEqual(
      expect.objectContaining({ type: "memory.appended", duplicate: true }),
    );
    // Only the first delivery committed anything.
    expect(world.github.requestsTo(REF_POST)).toHaveLength(1);
    expect(world.github.requestsTo(REF_PATCH)).toHaveLength(0);
  });

  it("writes an entry once when the same event is delivered twice at the same moment", async () => {
    world = await createMemoryWorld({ latencyMs: [1, 15] });
    const w = world;
    const commentId = w.github.addIssueComment(
      FULL,
      w.issue,
      "/remember fact uses pnpm",
      "alice",
    ).id;
    // Also against an existing branch, where the race is on the ref update.
    await send(w, "/remember fact the branch exists");
    const results = await Promise.all(
      [1, 2, 3].map(() => send(w, "/remember fact uses pnpm", { commentId })),
    );
    const rows = rowsOf(w.stored());
    expect(rows.filter((r) => r.text === "uses pnpm")).toHaveLength(1);
    expect(rows).toHaveLength(2);
    expect(new Set(results.map((r) => r.result.entryId)).size).toBe(1);
    expect(results.map((r) => r.result.conclusion)).toEqual(["success", "success", "success"]);
  });

  it("writes an entry once when two first deliveries race to create the branch", async () => {
    world = await createMemoryWorld({ latencyMs: [1, 15] });
    const w = world;
    const commentId = w.github.addIssueComment(FULL, w.issue, "/remember fact one", "alice").id;
    const results = await Promise.all(
      [1, 2].map(() => send(w, "/remember fact one", { commentId })),
    );
    expect(rowsOf(w.stored())).toHaveLength(1);
    expect(results.map((r) => r.result.conclusion)).toEqual(["success", "success"]);
  });

  it("turns a lost race to create the branch into an ordinary append", async () => {
    world = await createMemoryWorld();
    const w = world;
    const stores = [1, 2, 3, 4].map(() =>
      createBranchStore({
        octokit: testOctokit(w.github.url),
        owner: OWNER,
        repo: REPO,
        branch: BRANCH,
      }),
    );
    // All four read "no branch" before any of them creates it.
    const results = await Promise.all(stores.map((s, i) => s.append(entry(`m-race${i}`))));
    const created = w.github.requestsTo(REF_POST);
    expect(created.filter((r) => r.status === 201)).toHaveLength(1);
    expect(created.filter((r) => r.status === 422)).toHaveLength(3);
    expect(results.filter((r) => r.attempts > 1)).toHaveLength(3);
    expect(rowsOf(w.stored()).map((r) => r.id)).toHaveLength(4);
  });
});

describe("the branch store", () => {
  it("creates an orphan branch holding only memory.jsonl", async () => {
    world = await createMemoryWorld();
    const store = createBranchStore({
      octokit: testOctokit(world.github.url),
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
    });
    expect(await store.read()).toBe("");
    expect(await store.append(entry("m-one"))).toEqual({ attempts: 1, duplicate: false });
    const head = world.github.refSha(FULL, BRANCH)!;
    const commit = world.github.repo(FULL).git.commit(head)!;
    expect(commit.parents).toEqual([]);
    expect(
      world.github
        .repo(FULL)
        .git.tree(commit.tree)!
        .map((e) => e.name),
    ).toEqual(["memory.jsonl"]);
    expect(await store.read()).toBe(`${world.github.readFile(FULL, BRANCH, "memory.jsonl")}`);
    expect(store.source).toBe(`${FULL}@${BRANCH}:memory.jsonl`);
  });

  it("appends on top of the head, keeps other files, and starts a new line after a truncated one", async () => {
    world = await createMemoryWorld();
    const truncated =
      '{"v":1,"id":"m-ok","type":"project-fact","text":"kept","user":"a","project":"acme/widgets","created_at":"2025-01-01T00:00:00Z"}\n{"v":1,"id":"m-cut","ty';
    const before = world.github.commitFiles(FULL, BRANCH, {
      "README.md": "memory lives here\n",
      "memory.jsonl": truncated,
    });
    const store = createBranchStore({
      octokit: testOctokit(world.github.url),
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
    });
    await store.append(entry("m-two"));
    const text = world.stored()!;
    expect(text.startsWith(truncated + "\n")).toBe(true);
    expect(parseStore(text).rows.map((r) => r.id)).toEqual(["m-ok", "m-two"]);
    expect(parseStore(text).skipped).toBe(1);
    expect(world.github.readFile(FULL, BRANCH, "README.md")).toBe("memory lives here\n");
    const head = world.github.refSha(FULL, BRANCH)!;
    expect(world.github.repo(FULL).git.commit(head)!.parents).toEqual([before]);
  });

  it("gives up with a conflict after its bounded attempts when the branch keeps moving", async () => {
    world = await createMemoryWorld();
    world.github.commitFiles(FULL, BRANCH, { "memory.jsonl": "" });
    world.github.failNext(REF_PATCH, {
      status: 422,
      message: "Update is not a fast forward",
      times: 3,
    });
    const waits: number[] = [];
    const store = createBranchStore({
      octokit: testOctokit(world.github.url),
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
      maxAttempts: 3,
      sleep: (ms) => {
        waits.push(ms);
        return Promise.resolve();
      },
      random: () => 0.5,
    });
    const error = await store.append(entry("m-x")).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MemoryStoreError);
    expect((error as MemoryStoreError).code).toBe("conflict");
    expect(world.github.requestsTo(REF_PATCH)).toHaveLength(3);
    // Exponential backoff with jitter between tries: half of at least 50 ms, then of twice that.
    expect(waits).toHaveLength(2);
    expect(waits[0]).toBeGreaterThanOrEqual(25);
    expect(waits[1]).toBeGreaterThanOrEqual(50);
    expect(world.stored()).toBe("");
  });

  it.each([
    ["a ref update GitHub refused", 422, "Update is not a fast forward", "m-y"],
    ["a server error on the ref update", 502, "Bad Gateway", "m-z"],
  ] as const)("re-reads after %s and writes the row once", async (_label, status, message, id) => {
    world = await createMemoryWorld();
    world.github.commitFiles(FULL, BRANCH, { "memory.jsonl": "" });
    world.github.failNext(REF_PATCH, { status, message });
    const store = createBranchStore({
      octokit: testOctokit(world.github.url),
      owner: OWNER,
      repo: REPO,
      branch: BRANCH,
      sleep: () => Promise.resolve(),
    });
    expect(await store.append(entry(id))).toEqual({ attempts: 2, duplicate: false });
    expect(rowsOf(world.stored())).toHaveLength(1);
  });

  it("says which repository it cannot see, instead of treating it as an empty store", async () => {
    world = await createMemoryWorld();
    const store = createBranchStore({
      octokit: testOctokit(world.github.url),
      owner: "acme",
      repo: "missing",
      branch: BRANCH,
    });
    const error = await store.read().catch((e: unknown) => e);
    expect((error as MemoryStoreError).code).toBe("not-found");
  });

  it("answers a /remember without contents: write with a reply that says so, and writes nothing", async () => {
    const READ_ONLY = "ghs_readOnlyMemoryToken0123456789";
    world = await createMemoryWorld({
      extraTokens: { [READ_ONLY]: { login: BOT, type: "installation", readOnly: true } },
    });
    const { result } = await send(world, "/remember fact needs a token", {
      memoryOctokit: testOctokit(world.github.url, READ_ONLY),
    });
    expect(result.conclusion).toBe("failure");
    expect(result.reply).toContain("contents: write");
    expect(result.reply).toContain("permissions: contents: write");
    expect(world.stored()).toBeUndefined();
    expect(world.github.refSha(FULL, BRANCH)).toBeUndefined();
    const [reply] = world.github
      .issueComments(FULL, world.issue)
      .filter((c) => c.user.login === BOT);
    expect(reply?.body).toBe(result.reply);
    expect(
      world.github.reactions(FULL, world.github.issueComments(FULL, world.issue)[0]!.id),
    ).toEqual(["confused"]);
  });

  it("keeps memory in memory-repository, written with memory-token", async () => {
    const MEMORY_TOKEN = "ghp_orgMemoryToken0123456789abcdef";
    world = await createMemoryWorld({
      extraTokens: { [MEMORY_TOKEN]: { login: "memory-keeper", type: "user" } },
    });
    world.github.addRepo("acme/org-memory");
    const settings = testSettings({
      "memory-repository": "acme/org-memory",
      "memory-token": MEMORY_TOKEN,
    });
    const { result } = await send(world, "/remember pref keep answers short", { settings });
    expect(result.conclusion).toBe("success");
    expect(world.stored()).toBeUndefined();
    const rows = rowsOf(world.stored("acme/org-memory"));
    expect(rows).toMatchObject([{ type: "user-preference", project: FULL, user: "alice" }]);
    // Every git request went to the memory repository with the memory token.
    const gitRequests = world.github.requests.filter((r) => r.path.includes("/git/"));
    expect(gitRequests.length).toBeGreaterThan(0);
    for (const r of gitRequests) {
      expect(r.path).toContain("/repos/acme/org-memory/");
      expect(r.headers.authorization).toBe(`token ${MEMORY_TOKEN}`);
    }
    // The reply and the reaction still come from this repository's token.
    const reply = world.github.issueComments(FULL, world.issue).find((c) => c.user.login === BOT);
    expect(reply?.body).toContain(result.entryId);
  }, 20_000);
});
