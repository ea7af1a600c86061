// The README's workflow example, parsed as YAML: `concurrency` sits on the job that has the `if`
// (so only runs that do work enter the group), never at the workflow level, and its key is never
// empty for any event the workflow listens to.
import { load } from "js-yaml";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../support/action-run.js";

interface Job {
  if?: string;
  concurrency?: { group?: string; "cancel-in-progress"?: boolean };
  steps?: { uses?: string }[];
}
interface Workflow {
  on: Record<string, unknown>;
  concurrency?: unknown;
  jobs: Record<string, Job>;
}

/** The first ```yaml block of the README: the workflow under "Use it on pull requests". */
function readmeWorkflow(): Workflow {
  const readme = readFileSync(join(ROOT, "README.md"), "utf8");
  const block = /## Use it on pull requests\s+```yaml\n([\s\S]*?)\n```/.exec(readme)?.[1];
  if (!block) throw new Error("README.md has no workflow block under 'Use it on pull requests'");
  return load(block) as Workflow;
}

/** The event payload's fields each event fills in, as GitHub sends them. */
const PAYLOADS: Record<string, { event: unknown; run_id: string }> = {
  pull_request: { event: { pull_request: { number: 7 } }, run_id: "101" },
  pull_request_target: { event: { pull_request: { number: 7 } }, run_id: "102" },
  issue_comment: {
    event: { issue: { number: 8 }, comment: { body: "/rivumi why?" } },
    run_id: "103",
  },
  workflow_dispatch: { event: { inputs: {} }, run_id: "104" },
};

/** Evaluates `prefix-${{ a || b || c }}` where each operand is a `github.*` property path. */
function evaluateGroup(group: string, github: { event: unknown; run_id: string }): string {
  return group.replace(/\$\{\{\s*(.+?)\s*\}\}/g, (_all, expr: string) => {
    for (const operand of expr.split("||").map((o) => o.trim())) {
      if (!operand.startsWith("github.")) throw new Error(`unexpected operand ${operand}`);
      let value: unknown = github;
      for (const key of operand.split(".").slice(1))
        value = (value as Record<string, unknown> | undefined)?.[key];
      // Falsy values fall through `||`, as in GitHub's expressions.
      if (typeof value === "string" && value !== "") return value;
      if (typeof value === "number" && value !== 0) return String(value);
    }
    return "";
  });
}

describe("the README's workflow", () => {
  const workflow = readmeWorkflow();
  const jobs = Object.values(workflow.jobs);

  it("parses, and runs Rivumi from one job that filters with `if`", () => {
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.if).toMatch(/github\.event_name == 'pull_request'/);
    expect(jobs[0]!.steps?.some((s) => s.uses?.startsWith("rivumi/rivumi@"))).toBe(true);
  });

  it("keeps concurrency on the job, where only runs past the `if` enter the group", () => {
    expect(workflow.concurrency).toBeUndefined();
    for (const job of jobs) {
      expect(job.concurrency?.group).toBeTypeOf("string");
      // Waiting, not cancelling: a running review is never cut off by a newer run.
      expect(job.concurrency?.["cancel-in-progress"]).toBe(false);
    }
  });

  it("keys the group so that it is never empty for any event the workflow handles", () => {
    const group = jobs[0]!.concurrency!.group!;
    const events = [...Object.keys(workflow.on), "workflow_dispatch"];
    for (const event of events) {
      const payload = PAYLOADS[event];
      if (!payload) throw new Error(`no sample payload for ${event}`);
      const key = evaluateGroup(group, payload);
      expect(key, event).toMatch(/^rivumi-\S+$/);
    }
    // A pull request's pushes and its /rivumi comments share one group.
    expect(evaluateGroup(group, PAYLOADS.pull_request!)).toBe("rivumi-7");
    expect(
      evaluateGroup(group, { ...PAYLOADS.issue_comment!, event: { issue: { number: 7 } } }),
    ).toBe("rivumi-7");
  });
});
