// The README's triage workflow, parsed as YAML: the permissions triage needs, a job filter that
// lets through exactly the conclusions Rivumi triages, a concurrency group per triaged run, and
// only inputs that action.yml declares.
import { load } from "js-yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TRIAGED_CONCLUSIONS } from "../../src/plan/plan.js";
import { ROOT } from "../support/action-run.js";

interface Job {
  if?: string;
  concurrency?: { group?: string; "cancel-in-progress"?: boolean };
  steps?: { uses?: string; with?: Record<string, unknown> }[];
}
interface Workflow {
  on: { workflow_run?: { workflows?: string[]; types?: string[] } };
  permissions?: Record<string, string>;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}

/** The first ```yaml block under "## Explaining failed CI". */
function triageWorkflow(): Workflow {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /## Explaining failed CI\s[\s\S]*?```yaml\n([\s\S]*?)\n```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no workflow block under 'Explaining failed CI'");
  return load(block) as Workflow;
}

/** The conclusions a `contains(fromJSON('[...]'), github.event.workflow_run.conclusion)` admits. */
function admitted(condition: string): string[] {
  const m =
    /^contains\(fromJSON\('(\[[^']*\])'\),\s*github\.event\.workflow_run\.conclusion\)$/.exec(
      condition.trim(),
    );
  if (!m) throw new Error(`unexpected job condition: ${condition}`);
  return JSON.parse(m[1]!) as string[];
}

/** Evaluates `prefix-${{ github.a.b }}` against an event payload. */
function evaluateGroup(group: string, event: unknown): string {
  return group.replace(/\$\{\{\s*github\.event\.([\w.]+)\s*\}\}/g, (_all, path: string) => {
    let value: unknown = event;
    for (const key of path.split(".")) value = (value as Record<string, unknown>)?.[key];
    return typeof value === "string" || typeof value === "number" ? String(value) : "";
  });
}

const runEvent = (id: number, attempt: number) => ({
  workflow_run: { id, run_attempt: attempt, conclusion: "failure" },
});

describe("the README's triage workflow", () => {
  const workflow = triageWorkflow();
  const jobs = Object.values(workflow.jobs);

  it("listens to completed workflow runs, with the permissions triage uses", () => {
    expect(workflow.on.workflow_run?.types).toEqual(["completed"]);
    expect(workflow.on.workflow_run?.workflows?.length).toBeGreaterThan(0);
    expect(workflow.permissions).toEqual({
      actions: "read",
      // The failure history is written to the memory branch.
      contents: "write",
      "pull-requests": "write",
      issues: "write",
    });
  });

  it("starts a job for exactly the conclusions Rivumi triages", () => {
    expect(jobs).toHaveLength(1);
    expect(admitted(jobs[0]!.if ?? "").sort()).toEqual([...TRIAGED_CONCLUSIONS].sort());
  });

  it("keys concurrency by the triaged run, so triages of different runs never cancel each other", () => {
    expect(workflow.concurrency).toBeUndefined();
    const concurrency = jobs[0]!.concurrency!;
    expect(concurrency["cancel-in-progress"]).toBe(false);
    const group = concurrency.group!;
    const first = evaluateGroup(group, runEvent(41, 1));
    expect(first).toMatch(/^rivumi-triage-\S+$/);
    expect(evaluateGroup(group, runEvent(42, 1))).not.toBe(first);
    // A re-run keeps its id: its triage waits for the running one and updates the same comment.
    expect(evaluateGroup(group, runEvent(41, 2))).toBe(first);
  });

  it("runs Rivumi with inputs that action.yml declares", () => {
    const yml = readFileSync(join(ROOT, "action.yml"), "utf8");
    const inputs = yml.slice(yml.indexOf("inputs:"), yml.indexOf("outputs:"));
    const declared = new Set([...inputs.matchAll(/^ {2}([a-z-]+):$/gm)].map((m) => m[1]));
    const step = jobs[0]!.steps?.find((s) => s.uses?.startsWith("rivumi/rivumi@"));
    expect(step).toBeDefined();
    for (const name of Object.keys(step!.with ?? {})) expect(declared, name).toContain(name);
    expect(step!.with).toHaveProperty("triage-issue");
  });
});
