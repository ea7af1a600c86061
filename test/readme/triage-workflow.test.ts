// The triage job of the README's workflow, parsed as YAML: the permissions triage needs, a job
// filter that lets through exactly the conclusions Rivumi triages, a concurrency group per triaged
// run, and only inputs that action.yml declares.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TRIAGED_CONCLUSIONS } from "../../src/plan/plan.js";
import { ROOT } from "../support/action-run.js";
import { readmeWorkflow } from "./readme-workflow.js";

/** The README's one workflow; its `triage` job is the one under test. */
const triageWorkflow = readmeWorkflow;

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
  const triage = workflow.jobs.triage!;

  it("listens to completed workflow runs, with the permissions triage uses", () => {
    const on = workflow.on.workflow_run as { workflows?: string[]; types?: string[] } | undefined;
    expect(on?.types).toEqual(["completed"]);
    expect(on?.workflows?.length).toBeGreaterThan(0);
    expect(triage.permissions).toEqual({
      actions: "read",
      // The failure history is written to the memory branch.
      contents: "write",
      "pull-requests": "write",
      issues: "write",
    });
  });

  it("starts a job for exactly the conclusions Rivumi triages", () => {
    expect(admitted(triage.if ?? "").sort()).toEqual([...TRIAGED_CONCLUSIONS].sort());
  });

  it("keys concurrency by the triaged run, so triages of different runs never cancel each other", () => {
    expect(workflow.concurrency).toBeUndefined();
    const concurrency = triage.concurrency!;
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
    const step = triage.steps?.find((s) => s.uses?.startsWith("rivumi/rivumi@"));
    expect(step).toBeDefined();
    for (const name of Object.keys(step!.with ?? {})) expect(declared, name).toContain(name);
    expect(step!.with).toHaveProperty("triage-issue");
  });
});
