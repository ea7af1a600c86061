import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Settings } from "../../src/config/settings.js";
import type { GitHubPort } from "../../src/github/port.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import { clonedSource } from "../../src/review/workspace-provider.js";
import type { Target } from "../../src/modes/ports.js";
import type { AgentPlan } from "../../src/plan/plan.js";
import type { Trigger } from "../../src/trigger/trigger.js";
import { createWorkspace, type Workspace } from "../../src/workspace/workspace.js";
import { makeGitFixture, type GitFixture } from "../support/git-fixture.js";

let fx: GitFixture | undefined;
afterEach(() => fx?.cleanup());

// Only what `open` reads of them; the rest of a run never starts here.
const settings = { maxFileBytes: 1_000_000, keepWorkspace: false } as unknown as Settings;
const plan = { kind: "review", pr: 7 } as unknown as AgentPlan;

/** A clone made before the run knew it would go ahead, in a run folder of its own. */
async function early(change: Partial<Workspace> = {}) {
  fx = await makeGitFixture();
  const runDir = join(fx.dir, "run");
  const ws = await createWorkspace({
    runDir,
    checkout: fx.checkout,
    remoteUrl: fx.origin,
    token: undefined,
    head: fx.headSha,
    base: fx.baseSha,
  });
  return { runDir, ws: { ...ws, ...change } };
}

function source(runDir: string, ws: Workspace) {
  return clonedSource({
    settings,
    trigger: { kind: "pull_request" } as unknown as Trigger,
    github: {} as GitHubPort,
    journal: new MemoryJournal(),
    signal: new AbortController().signal,
    runDir,
    checkout: fx!.checkout,
    fallbackRemote: fx!.origin,
    fallbackSha: fx!.headSha,
    early: Promise.resolve(ws),
  });
}

const target = () => ({ cloneUrl: fx!.origin, head: fx!.headSha, base: fx!.baseSha }) as Target;

describe("clonedSource", () => {
  it("reads the changed files from the diff's index in the run folder, and removes both at the end", async () => {
    const { runDir, ws } = await early();
    const opened = await source(runDir, ws).open(target(), plan);
    expect(opened.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    const index = await opened.diff!();
    expect(index.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(existsSync(index.diffPath)).toBe(true);
    await opened.dispose();
    expect(existsSync(join(runDir, "diff"))).toBe(false);
    expect(existsSync(join(runDir, "workspace"))).toBe(false);
  });

  it("removes the clone when its diff cannot be indexed, and says why", async () => {
    // A merge base git does not have: the diff fails after the clone exists.
    const { runDir, ws } = await early({ mergeBase: "1".repeat(40) });
    expect(existsSync(join(runDir, "workspace"))).toBe(true);
    await expect(source(runDir, ws).open(target(), plan)).rejects.toThrow(/git/);
    expect(existsSync(join(runDir, "workspace"))).toBe(false);
    expect(existsSync(join(runDir, "diff"))).toBe(false);
  });
});
