import { describe, expect, it } from "vitest";
import { parseSettings } from "../../src/config/settings.js";
import { planRun } from "../../src/plan/plan.js";
import { triggerDetail } from "../../src/trigger/detail.js";
import { EventError, parseTrigger } from "../../src/trigger/parse-event.js";
import { fakeSha, payloadErrors } from "../support/payloads.js";
import {
  reviewCommentPayload,
  type ReviewCommentOptions,
} from "../support/review-comment-payload.js";

const EVENT = "pull_request_review_comment";
const base: ReviewCommentOptions = {
  owner: "acme",
  repo: "widgets",
  number: 7,
  body: "/remember fact handlers here check the tenant id",
  commenter: "alice",
  path: "src/api/users.ts",
  commentId: 501,
  inReplyTo: 400,
  headSha: fakeSha("head"),
  baseSha: fakeSha("base"),
};
const payload = (o: Partial<ReviewCommentOptions> = {}) => reviewCommentPayload({ ...base, ...o });
const settings = parseSettings((n) => ({ "github-token": "ghs_token_value", model: "m" })[n] ?? "");

describe("a pull_request_review_comment event", () => {
  it("is the comment trigger the memory commands use, with the thread's facts", () => {
    const event = payload();
    expect(payloadErrors(EVENT, event)).toEqual([]);
    expect(parseTrigger(EVENT, event)).toEqual({
      kind: "comment",
      repo: { owner: "acme", repo: "widgets" },
      number: 7,
      isPullRequest: true,
      commentId: 501,
      commentUrl: "https://github.com/acme/widgets/pull/7#discussion_r501",
      body: base.body,
      sender: "alice",
      senderType: "User",
      command: { name: "remember", args: "fact handlers here check the tenant id" },
      thread: { path: "src/api/users.ts", rootCommentId: 400, fork: false },
    });
  });

  it("answers a thread's first comment in its own thread, and knows a fork's pull request", () => {
    const first = parseTrigger(EVENT, payload({ inReplyTo: undefined }));
    expect(first).toMatchObject({ thread: { rootCommentId: 501, fork: false } });
    const fork = parseTrigger(EVENT, payload({ headRepoFullName: "mallory/widgets" }));
    expect(fork).toMatchObject({ thread: { fork: true } });
    // The journal gets identifiers, not the path the author chose.
    expect(triggerDetail(fork)).toEqual({
      number: 7,
      sender: "alice",
      command: "remember",
      pr: true,
      thread: { root: 400, fork: true },
    });
  });

  it.each(["edited", "deleted"] as const)("skips a comment %s into a command", (action) => {
    const event = payload({ action });
    expect(payloadErrors(EVENT, event)).toEqual([]);
    const trigger = parseTrigger(EVENT, event);
    expect(trigger).toEqual({
      kind: "ignored",
      event: EVENT,
      reason: `action '${action}' is not handled`,
    });
    expect(planRun(trigger, settings, { permission: "admin" })).toMatchObject({
      kind: "stop",
      conclusion: "skipped",
    });
  });

  it("throws an EventError for a payload without the comment's file", () => {
    const event = payload() as unknown as { comment: Record<string, unknown> };
    delete event.comment.path;
    expect(() => parseTrigger(EVENT, event)).toThrow(EventError);
    expect(() => parseTrigger(EVENT, event)).toThrow(/comment\.path/);
  });
});

describe("the plan for a comment in a review thread", () => {
  const plan = (body: string, login = "alice", type: "User" | "Bot" = "User") =>
    planRun(
      parseTrigger(EVENT, payload({ body, commenter: login, commenterType: type })),
      settings,
      { permission: "write" },
    );

  it("hands the memory commands to the memory handler, which checks who asked", () => {
    for (const body of ["/remember fact x", "/forget m-0123456789ab", "/memories"])
      expect(plan(body)).toMatchObject({ kind: "memory" });
    expect(plan("/remember fact x", "renovate[bot]", "Bot")).toMatchObject({ kind: "memory" });
  });

  it("runs no /rivumi task or review from a thread, and nothing for plain text", () => {
    expect(plan("/rivumi review")).toMatchObject({
      kind: "stop",
      conclusion: "skipped",
      reason: expect.stringContaining("not in a review thread") as unknown,
    });
    expect(plan("/rivumi explain this")).toMatchObject({ kind: "stop", conclusion: "skipped" });
    expect(plan("Looks good, thanks")).toMatchObject({ kind: "stop", conclusion: "skipped" });
  });
});
