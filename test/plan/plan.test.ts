import { describe, expect, it } from "vitest";
import { parseSettings } from "../../src/config/settings.js";
import { DEFAULT_REVIEW_TASK, planRun } from "../../src/plan/plan.js";
import { parseTrigger } from "../../src/trigger/parse-event.js";
import {
  fakeSha,
  issueCommentPayload,
  pullRequestPayload,
  workflowDispatchPayload,
  workflowRunPayload,
  type WorkflowRunOptions,
} from "../support/payloads.js";

const settings = (extra: Record<string, string> = {}) =>
  parseSettings((n) => ({ "github-token": "ghs_token_value", model: "m", ...extra })[n] ?? "");
const repo = { owner: "acme", repo: "widgets" };
const pr = (
  extra: Partial<Parameters<typeof pullRequestPayload>[0]> = {},
  event = "pull_request",
) =>
  parseTrigger(
    event,
    pullRequestPayload({
      ...repo,
      number: 1,
      headSha: fakeSha("h"),
      baseSha: fakeSha("b"),
      author: "alice",
      ...extra,
    }),
  );
const comment = (body: string, commenterType: "User" | "Bot" = "User", onPullRequest = true) =>
  parseTrigger(
    "issue_comment",
    issueCommentPayload({
      ...repo,
      number: 2,
      body,
      commenter: commenterType === "Bot" ? "helper[bot]" : "bob",
      commenterType,
      onPullRequest,
    }),
  );

describe("planRun", () => {
  it("reviews a writer's pull request in trusted mode", () => {
    expect(planRun(pr(), settings(), { permission: "write" })).toMatchObject({
      kind: "review",
      pr: 1,
      trusted: true,
      task: DEFAULT_REVIEW_TASK,
    });
    expect(planRun(pr(), settings(), { permission: "admin" })).toMatchObject({
      kind: "review",
      trusted: true,
    });
  });

  it("skips a reader's pull request unless review-authors is everyone, then runs untrusted", () => {
    expect(planRun(pr(), settings(), { permission: "read" })).toMatchObject({
      kind: "stop",
      conclusion: "skipped",
    });
    expect(
      planRun(pr(), settings({ "review-authors": "everyone" }), { permission: "read" }),
    ).toMatchObject({ kind: "review", trusted: false });
  });

  it("explains a fork on pull_request instead of failing, and reviews it on pull_request_target", () => {
    const fork = { headRepoFullName: "mallory/widgets" };
    expect(planRun(pr(fork), settings(), { permission: "none" })).toMatchObject({
      kind: "stop",
      conclusion: "skipped",
      fork: true,
    });
    expect(
      planRun(pr(fork, "pull_request_target"), settings({ "review-authors": "everyone" }), {
        permission: "none",
      }),
    ).toMatchObject({ kind: "review", trusted: false });
  });

  it("refuses bots unless allow-bots lists them", () => {
    const bot = { author: "dependabot[bot]", authorType: "Bot" as const };
    expect(planRun(pr(bot), settings(), { permission: "write" })).toMatchObject({
      kind: "stop",
      conclusion: "refused",
    });
    expect(
      planRun(pr(bot), settings({ "allow-bots": "dependabot[bot]" }), { permission: "write" }),
    ).toMatchObject({ kind: "review" });
  });

  it("reads /rivumi review alone on its first line as a full review, anything more as a task", () => {
    const write = { permission: "write" };
    expect(planRun(comment("/rivumi review"), settings(), write)).toMatchObject({
      kind: "review",
      pr: 2,
      full: true,
      trusted: true,
    });
    expect(
      planRun(comment("/rivumi review\nplease, after the fix"), settings(), write),
    ).toMatchObject({
      kind: "review",
      full: true,
    });
    expect(planRun(comment("/rivumi review the retry logic"), settings(), write)).toMatchObject({
      kind: "task",
      task: "review the retry logic",
    });
    // The same trust rule as any command: a reader cannot ask for one.
    expect(planRun(comment("/rivumi review"), settings(), { permission: "read" })).toMatchObject({
      kind: "stop",
      conclusion: "refused",
    });
  });

  it("runs /rivumi only for writers, never on author_association", () => {
    expect(
      planRun(comment("/rivumi explain this"), settings(), { permission: "write" }),
    ).toMatchObject({ kind: "task", pr: 2, task: "explain this" });
    expect(
      planRun(comment("/rivumi explain this"), settings(), { permission: "read" }),
    ).toMatchObject({ kind: "stop", conclusion: "refused" });
    expect(
      planRun(comment("/rivumi explain this", "Bot"), settings(), { permission: "admin" }),
    ).toMatchObject({ kind: "stop", conclusion: "refused" });
    expect(planRun(comment("/rivumi"), settings(), { permission: "write" })).toMatchObject({
      kind: "stop",
      conclusion: "refused",
    });
    expect(
      planRun(comment("/rivumi go", "User", false), settings(), { permission: "write" }),
    ).toMatchObject({ kind: "stop", conclusion: "skipped" });
    expect(planRun(comment("nice work"), settings(), { permission: "write" })).toMatchObject({
      kind: "stop",
      conclusion: "skipped",
    });
  });

  it("runs the prompt on workflow_dispatch and refuses without one", () => {
    const t = parseTrigger("workflow_dispatch", workflowDispatchPayload(repo));
    expect(planRun(t, settings({ prompt: "summarise" }), { permission: "write" })).toMatchObject({
      kind: "task",
      pr: undefined,
      task: "summarise",
    });
    expect(planRun(t, settings(), { permission: "write" })).toMatchObject({
      kind: "stop",
      conclusion: "refused",
    });
  });
});

describe("planRun for memory commands", () => {
  it("hands /remember, /forget and /memories to the memory handler, which answers refusals itself", () => {
    for (const body of ["/remember fact we use pnpm", "/forget m-1", "/memories"]) {
      expect(planRun(comment(body), settings(), { permission: "read" })).toMatchObject({
        kind: "memory",
      });
      expect(planRun(comment(body, "Bot"), settings(), { permission: "none" })).toMatchObject({
        kind: "memory",
      });
    }
  });
});

describe("planRun for workflow_run", () => {
  type Conclusion = WorkflowRunOptions["conclusion"] | "startup_failure";
  const run = (conclusion: Conclusion, extra: Partial<WorkflowRunOptions> = {}) =>
    parseTrigger(
      "workflow_run",
      withConclusion(
        workflowRunPayload({
          ...repo,
          runId: 31,
          conclusion: "failure",
          headSha: fakeSha("w"),
          ...extra,
        }),
        conclusion,
      ),
    );
  // The webhook schema lags the API, which reports `startup_failure`.
  const withConclusion = <T extends { workflow_run: { conclusion: unknown } }>(
    p: T,
    c: Conclusion,
  ) => {
    p.workflow_run.conclusion = c;
    return p;
  };

  it("triages a failed, timed-out or unstarted run, with no permission to check", () => {
    for (const conclusion of ["failure", "timed_out", "startup_failure"] as const) {
      expect(
        planRun(run(conclusion, { prNumbers: [4] }), settings(), { permission: undefined }),
      ).toEqual({
        kind: "triage",
        runId: 31,
        headSha: fakeSha("w"),
        prNumbers: [4],
        conclusion,
        reason: `workflow run 31 concluded '${conclusion}'`,
      });
    }
  });

  it("skips any other conclusion with a notice that says why", () => {
    for (const conclusion of ["success", "cancelled"] as const) {
      const plan = planRun(run(conclusion), settings(), { permission: undefined });
      expect(plan).toMatchObject({ kind: "stop", conclusion: "skipped" });
      expect(plan.reason).toContain(`concluded '${conclusion}'`);
      expect(plan.reason).toContain("failure, timed_out, startup_failure");
    }
  });

  it("triages a fork's run: the payload lists no pull request, the mode finds it", () => {
    expect(
      planRun(run("failure", { headRepository: "mallory/widgets" }), settings(), {
        permission: undefined,
      }),
    ).toMatchObject({ kind: "triage", prNumbers: [] });
  });
});
