// The README's one workflow, parsed as YAML: one job per use, each with only the permissions it
// needs and nothing granted at the workflow level; the review's `concurrency` sits on the job that
// has the `if` (so only runs that do work enter the group), and its key is never empty for any
// event the review handles.
import { describe, expect, it } from "vitest";
import { readmeWorkflow } from "./readme-workflow.js";

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
  const review = workflow.jobs.review!;

  it("runs Rivumi from one job per use, each filtered by its `if`", () => {
    expect(Object.keys(workflow.jobs)).toEqual(["review", "memory", "triage"]);
    for (const job of Object.values(workflow.jobs)) {
      expect(job.if).toBeTypeOf("string");
      expect(job.steps?.some((s) => s.uses?.startsWith("rivumi/rivumi@"))).toBe(true);
    }
    expect(review.if).toMatch(/github\.event_name == 'pull_request'/);
    expect(review.if).toMatch(/startsWith\(github\.event\.comment\.body, '\/rivumi'\)/);
    for (const command of ["/remember", "/forget", "/memories"])
      expect(workflow.jobs.memory!.if).toContain(
        `startsWith(github.event.comment.body, '${command}')`,
      );
    expect(workflow.jobs.triage!.if).toContain("github.event.workflow_run.conclusion");
    expect(workflow.jobs.memory!.if).toContain(
      "github.event_name == 'pull_request_review_comment'",
    );
    expect(Object.keys(workflow.on).sort()).toEqual([
      "issue_comment",
      "pull_request",
      "pull_request_review_comment",
      "workflow_run",
    ]);
  });

  it("grants nothing at the workflow level, and each job only what it uses", () => {
    expect(workflow.permissions).toEqual({});
    // contents: write only for resolveReviewThread (GitHub refuses it with read).
    expect(review.permissions).toEqual({
      contents: "write",
      "pull-requests": "write",
      issues: "write",
    });
    // The memory branch's writers write contents.
    expect(workflow.jobs.memory!.permissions).toEqual({
      contents: "write",
      "pull-requests": "write",
      issues: "write",
    });
    // The memory job calls no model: it passes no key.
    expect(workflow.jobs.memory!.steps?.every((s) => !s.with?.["api-key"])).toBe(true);
  });

  it("keeps concurrency on the job, where only runs past the `if` enter the group", () => {
    expect(workflow.concurrency).toBeUndefined();
    expect(review.concurrency?.group).toBeTypeOf("string");
    // Waiting, not cancelling: a running review is never cut off by a newer run.
    expect(review.concurrency?.["cancel-in-progress"]).toBe(false);
  });

  it("keys the group so that it is never empty for any event the review handles", () => {
    const group = review.concurrency!.group!;
    const events = ["pull_request", "pull_request_target", "issue_comment", "workflow_dispatch"];
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
