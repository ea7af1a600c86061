import { describe, expect, it } from "vitest";
import { EventError, parseTrigger } from "../../src/trigger/parse-event.js";
import {
  fakeSha,
  issueCommentPayload,
  pullRequestPayload,
  workflowDispatchPayload,
  workflowRunPayload,
} from "../support/payloads.js";

const repo = { owner: "acme", repo: "widgets" };
const shas = { headSha: fakeSha("head"), baseSha: fakeSha("base") };

describe("parseTrigger", () => {
  it.each(["opened", "synchronize", "reopened", "ready_for_review"] as const)(
    "reads pull_request %s",
    (action) => {
      const t = parseTrigger(
        "pull_request",
        pullRequestPayload({
          ...repo,
          ...shas,
          action,
          number: 7,
          author: "alice",
          title: "Fix it",
          body: "Body",
        }),
      );
      expect(t).toMatchObject({
        kind: "pull_request",
        event: "pull_request",
        action,
        number: 7,
        author: "alice",
        title: "Fix it",
        body: "Body",
        isFork: false,
        ...shas,
        repo,
      });
    },
  );

  it("marks a fork and keeps pull_request_target apart", () => {
    const t = parseTrigger(
      "pull_request_target",
      pullRequestPayload({ ...repo, ...shas, number: 3, headRepoFullName: "mallory/widgets" }),
    );
    expect(t).toMatchObject({
      kind: "pull_request",
      event: "pull_request_target",
      isFork: true,
      headRepo: "mallory/widgets",
    });
  });

  it("ignores pull_request actions it does not review, without failing", () => {
    const p = pullRequestPayload({ ...repo, ...shas, number: 3 }) as unknown as Record<
      string,
      unknown
    >;
    expect(parseTrigger("pull_request", { ...p, action: "labeled" })).toMatchObject({
      kind: "ignored",
    });
  });

  it("reads a comment command and whether it is on a pull request", () => {
    const t = parseTrigger(
      "issue_comment",
      issueCommentPayload({
        ...repo,
        number: 9,
        body: "/rivumi why?",
        commenter: "bob",
        onPullRequest: true,
        commentId: 55,
      }),
    );
    expect(t).toMatchObject({
      kind: "comment",
      number: 9,
      isPullRequest: true,
      commentId: 55,
      sender: "bob",
      command: { name: "rivumi", args: "why?" },
    });
    const onIssue = parseTrigger(
      "issue_comment",
      issueCommentPayload({
        ...repo,
        number: 9,
        body: "> /rivumi why?",
        commenter: "bob",
        onPullRequest: false,
      }),
    );
    expect(onIssue).toMatchObject({ kind: "comment", isPullRequest: false, command: undefined });
  });

  it("reads workflow_run and workflow_dispatch", () => {
    expect(
      parseTrigger(
        "workflow_run",
        workflowRunPayload({
          ...repo,
          runId: 99,
          conclusion: "failure",
          headSha: shas.headSha,
          prNumbers: [4],
        }),
      ),
    ).toMatchObject({
      kind: "workflow_run",
      runId: 99,
      conclusion: "failure",
      prNumbers: [4],
      // Where the triage's history tells the default branch's failures from the others.
      defaultBranch: "main",
    });
    expect(parseTrigger("workflow_dispatch", workflowDispatchPayload({ ...repo }))).toMatchObject({
      kind: "dispatch",
      repo,
    });
  });

  it("ignores events it does not handle with a reason", () => {
    expect(parseTrigger("push", {})).toEqual({
      kind: "ignored",
      event: "push",
      reason: "Rivumi does not handle 'push' events",
    });
  });

  it("rejects a malformed payload with the field that is wrong", () => {
    const p = pullRequestPayload({ ...repo, ...shas, number: 3 }) as unknown as {
      pull_request: Record<string, unknown>;
    };
    p.pull_request.number = "three";
    expect(() => parseTrigger("pull_request", p)).toThrow(EventError);
    expect(() => parseTrigger("pull_request", p)).toThrow(/pull_request\.number/);
    expect(() => parseTrigger("issue_comment", { action: "created" })).toThrow(
      /issue_comment event payload is malformed/,
    );
  });
});
