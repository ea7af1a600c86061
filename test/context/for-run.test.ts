import { afterEach, describe, expect, it } from "vitest";
import { parseSettings } from "../../src/config/settings.js";
import { contextForRun } from "../../src/context/for-run.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { AgentPlan } from "../../src/plan/plan.js";
import { makeTempGit, type TempGit } from "./files/temp-git.js";

let repo: TempGit | undefined;
afterEach(async () => {
  await repo?.remove();
  repo = undefined;
});

const settings = (extra: Record<string, string>) =>
  parseSettings((n) => ({ "github-token": "ghs_token_value", model: "m", ...extra })[n] ?? "");
const task: AgentPlan = {
  kind: "agent",
  pr: 1,
  task: "fix it",
  purpose: "task",
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
});
