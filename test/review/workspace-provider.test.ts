import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Settings } from "../../src/config/settings.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { Target } from "../../src/modes/ports.js";
import type { AgentPlan } from "../../src/plan/plan.js";
import { WorkspaceProvider } from "../../src/review/workspace-provider.js";
import type { Trigger } from "../../src/trigger/trigger.js";
import { makeGitFixture, type GitFixture } from "../support/git-fixture.js";

// One origin and checkout for the file; each test works in a run folder of its own.
let fx: GitFixture;
beforeAll(async () => {
  fx = await makeGitFixture();
});
afterAll(() => fx.cleanup());

let runs = 0;
const plan = { kind: "review", pr: 7 } as unknown as AgentPlan;

/** A provider for a pull request, in a fresh run folder; a fork's `pull_request` is not warmed. */
function provider(opts: { keepWorkspace?: boolean; fork?: boolean } = {}) {
  const runDir = join(fx.dir, `run-${++runs}`);
  // Only what the provider reads of them; the rest of a run never starts here.
  const settings = { maxFileBytes: 1_000_000, keepWorkspace: opts.keepWorkspace ?? false };
  const trigger = {
    kind: "pull_request",
    event: "pull_request",
    isFork: opts.fork ?? false,
    number: 7,
    cloneUrl: fx.origin,
    headSha: fx.headSha,
    baseSha: fx.baseSha,
  };
  const workspaces = new WorkspaceProvider({
    settings: settings as unknown as Settings,
    trigger: trigger as unknown as Trigger,
    getPull: () => Promise.reject(new Error("a pull_request event names its commits")),
    journal: new MemoryJournal(),
    signal: new AbortController().signal,
    runDir,
    checkout: fx.checkout,
    fallbackRemote: fx.origin,
    fallbackSha: fx.headSha,
  });
  const clone = join(runDir, "workspace");
  const diff = join(runDir, "diff");
  return { workspaces, runDir, clone, diff };
}

const target = () => ({ cloneUrl: fx.origin, head: fx.headSha, base: fx.baseSha }) as Target;

/**
 * The git processes this test's process started, and theirs, as /proc lists them; `under`: only
 * those working in that folder (a process that has ended but not been waited for has no folder).
 */
function gitProcesses(under?: string): number[] {
  const procs = new Map<number, { ppid: number; name: string }>();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      procs.set(Number(pid), { ppid, name });
    } catch {
      // Ended between the listing and the read.
    }
  }
  const descends = (pid: number): boolean => {
    const ppid = procs.get(pid)?.ppid;
    return ppid === process.pid || (ppid !== undefined && ppid > 1 && descends(ppid));
  };
  const cwdOf = (pid: number) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      return undefined;
    }
  };
  return [...procs]
    .filter(([pid, p]) => p.name.startsWith("git") && descends(pid))
    .map(([pid]) => pid)
    .filter((pid) => under === undefined || cwdOf(pid)?.startsWith(under) === true);
}

describe("WorkspaceProvider", () => {
  it("opens the warmed clone with the diff read ahead in the run folder, and disposes of both", async () => {
    const { workspaces, clone, diff } = provider();
    await workspaces.warm();
    expect(existsSync(clone)).toBe(true);
    expect(existsSync(join(diff, "diff.patch"))).toBe(true);
    writeFileSync(join(clone, ".git", "warmed"), ""); // the clone opened is this one
    const opened = await workspaces.open(target(), plan);
    expect(opened.root).toBe(clone);
    expect(existsSync(join(clone, ".git", "warmed"))).toBe(true);
    expect(opened.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    const index = await opened.diff!();
    expect(index.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(index.diffPath).toBe(join(diff, "diff.patch"));
    await opened.dispose();
    expect(existsSync(diff)).toBe(false);
    expect(existsSync(clone)).toBe(false);
  });

  it("makes the clone when it opens if nothing was warmed, the same way", async () => {
    const { workspaces, clone, diff } = provider({ fork: true });
    await workspaces.warm(); // a fork's pull_request event is not warmed up
    expect(existsSync(clone)).toBe(false);
    const opened = await workspaces.open(target(), plan);
    expect(opened.root).toBe(clone);
    expect(opened.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(existsSync(join(diff, "diff.patch"))).toBe(true);
    await opened.dispose();
    expect(existsSync(clone)).toBe(false);
    expect(existsSync(diff)).toBe(false);
  });

  it("reads the diff itself when the warm-up could not", async () => {
    const { workspaces, runDir, diff } = provider();
    // A file where the diff's folder goes: the read ahead fails, the clone does not.
    mkdirSync(runDir, { recursive: true });
    writeFileSync(join(runDir, "diff"), "in the way");
    await workspaces.warm();
    rmSync(diff);
    const opened = await workspaces.open(target(), plan);
    expect(opened.files.map((f) => f.path).sort()).toEqual(["src/app.ts", "src/new.ts"]);
    expect(existsSync(join(diff, "diff.patch"))).toBe(true);
    await opened.dispose();
  });

  it("removes the clone when its diff cannot be indexed, and says why", async () => {
    const { workspaces, runDir, clone, diff } = provider({ fork: true });
    mkdirSync(runDir, { recursive: true });
    writeFileSync(join(runDir, "diff"), "in the way");
    await expect(workspaces.open(target(), plan)).rejects.toThrow(/EEXIST|ENOTDIR/);
    expect(existsSync(clone)).toBe(false);
    expect(existsSync(diff)).toBe(false);
  });

  it("close stops a warm-up under way: no git process is left, nothing of the clone stays", async () => {
    const { workspaces, runDir, clone, diff } = provider();
    void workspaces.warm();
    expect(gitProcesses().length).toBeGreaterThan(0); // git starts at once
    await workspaces.close();
    expect(gitProcesses(runDir)).toEqual([]);
    expect(existsSync(clone)).toBe(false);
    expect(existsSync(diff)).toBe(false);
  });

  it("close removes a warmed clone nobody opened, and its diff", async () => {
    const { workspaces, clone, diff } = provider();
    await workspaces.warm();
    expect(existsSync(clone)).toBe(true);
    await workspaces.close();
    expect(existsSync(clone)).toBe(false);
    expect(existsSync(diff)).toBe(false);
  });

  it("close removes an opened workspace the run did not dispose of", async () => {
    const { workspaces, clone, diff } = provider({ fork: true });
    await workspaces.open(target(), plan);
    await workspaces.close();
    expect(existsSync(clone)).toBe(false);
    expect(existsSync(diff)).toBe(false);
  });

  it("close after the review disposed of its workspace removes nothing again, and may be repeated", async () => {
    const { workspaces, clone } = provider();
    void workspaces.warm();
    const opened = await workspaces.open(target(), plan);
    await opened.dispose();
    expect(existsSync(clone)).toBe(false);
    // Whatever is in that place now is not the clone this provider made.
    mkdirSync(clone);
    writeFileSync(join(clone, "other"), "");
    await Promise.all([workspaces.close(), workspaces.close(), opened.dispose()]);
    expect(existsSync(join(clone, "other"))).toBe(true);
  });

  it("close keeps the workspace and its diff with keep-workspace", async () => {
    const { workspaces, clone, diff } = provider({ keepWorkspace: true });
    await workspaces.warm();
    await workspaces.close();
    expect(existsSync(join(clone, ".git"))).toBe(true);
    expect(existsSync(join(diff, "diff.patch"))).toBe(true);
  });
});
