import { afterEach, describe, expect, it } from "vitest";
import { parseSettings } from "../../src/config/settings.js";
import { prepareBaseSource } from "../../src/context/base-source.js";
import { contextForRun } from "../../src/context/for-run.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { AgentPlan } from "../../src/plan/plan.js";
import { makeTempGit, type TempGit } from "../support/temp-git.js";

let repo: TempGit | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

const settings = (extra: Record<string, string>) =>
  parseSettings((n) => ({ "github-token": "ghs_token_value", model: "m", ...extra })[n] ?? "");
const task: AgentPlan = {
  kind: "task",
  pr: 1,
  task: "fix it",
  trusted: true,
  reason: "",
};

async function baseAndHead() {
  repo = await makeTempGit();
  await repo.write("AGENTS.md", "base rules\n");
  const base = await repo.commit("base");
  await repo.write("AGENTS.md", "head rules\n");
  const head = await repo.commit("head");
  return { base, head, root: repo.root };
}

const input = (
  r: { base: string; head: string; root: string },
  fork: boolean,
  extra: Record<string, string>,
) => ({
  settings: settings(extra),
  plan: task,
  root: r.root,
  base: r.base,
  head: r.head,
  changedPaths: ["AGENTS.md"],
  fork,
  checkout: undefined,
  memory: { entries: [], source: undefined },
  editTools: [],
  journal: new MemoryJournal(),
});

describe("contextForRun", () => {
  it("gives the session the memory for the changed files' directories, and each child its own", async () => {
    const r = await baseAndHead();
    const entries = [
      { id: "m-1", type: "project-fact", text: "api rule", dir: "src/api" },
      { id: "m-2", type: "project-fact", text: "ui rule", dir: "src/ui" },
      { id: "m-3", type: "project-fact", text: "everywhere" },
    ];
    const ctx = await contextForRun({
      ...input(r, false, {}),
      changedPaths: ["src/api/v2/users.ts", "README.md"],
      memory: { entries, source: "store", limit: 20 },
    });
    const texts = (m: { entries: readonly { text: string }[] }) => m.entries.map((e) => e.text);
    expect(texts(ctx.context.memory)).toEqual(["api rule", "everywhere"]);
    expect(texts(ctx.memoryFor(["src/ui"]))).toEqual(["ui rule", "everywhere"]);
    expect(texts(ctx.memoryFor(["."]))).toEqual(["everywhere"]);
    expect(texts(ctx.memoryFor([]))).toEqual(["everywhere"]);
  });

  it("honours instructions-from: head for a writer's same-repository pull request", async () => {
    const r = await baseAndHead();
    const run = await contextForRun(input(r, false, { "instructions-from": "head" }));
    expect(run.context.instructions.text).toContain("head rules");
    expect(run.notices).toEqual([]);
  });

  it("reads a fork's rules from the base, with a notice, even for a writer's task with edits", async () => {
    const r = await baseAndHead();
    const fromHead = await contextForRun(input(r, true, { "instructions-from": "head" }));
    expect(fromHead.context.instructions.text).toContain("base rules");
    expect(fromHead.notices.join(" ")).toMatch(/same-repository/);
    const edits = await contextForRun(input(r, true, { "allow-edits": "true" }));
    expect(edits.edits).toBe(true);
    expect(edits.context.instructions.text).toContain("base rules");
    expect(edits.context.afterWrite).toBeUndefined();
    expect(edits.notices.join(" ")).toMatch(/fork/);
  });

  it("reads the edited workspace, and reloads, for a same-repository task with edits", async () => {
    const r = await baseAndHead();
    const run = await contextForRun(input(r, false, { "allow-edits": "true" }));
    expect(run.context.instructions.text).toContain("head rules");
    expect(run.context.afterWrite).toBeTypeOf("function");
  });

  it("uses a base source prepared ahead only where it applies: the base commit, not a worktree", async () => {
    const r = await baseAndHead();
    let readsThroughPrepared = 0;
    const prepared = prepareBaseSource(r.root, r.base, ["AGENTS.md"]).then((source) => ({
      ...source,
      read: (path: string, max: number) => {
        readsThroughPrepared++;
        return source.read(path, max);
      },
    }));
    const review = await contextForRun({ ...input(r, false, {}), baseSource: prepared });
    expect(review.context.instructions.text).toContain("base rules");
    expect(readsThroughPrepared).toBeGreaterThan(0);
    const readsForReview = readsThroughPrepared;
    expect(review.resolution.diagnostics.documents[0]).toMatchObject({ status: "active" });
    // A source prepared for another commit is not taken for the base.
    const stale = prepareBaseSource(r.root, r.head, ["AGENTS.md"]);
    const checked = await contextForRun({ ...input(r, false, {}), baseSource: stale });
    expect(checked.context.instructions.text).toContain("base rules");
    // Edits read the working tree whatever was prepared.
    const edits = await contextForRun({
      ...input(r, false, { "allow-edits": "true" }),
      baseSource: prepared,
    });
    expect(edits.context.instructions.text).toContain("head rules");
    expect(readsThroughPrepared).toBe(readsForReview);
    // A preparation that failed falls back to reading the base itself.
    const failed = Promise.reject(new Error("clone failed"));
    const fallback = await contextForRun({ ...input(r, false, {}), baseSource: failed });
    expect(fallback.context.instructions.text).toContain("base rules");
  });
});
