import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "../../src/main.js";
import {
  issueCommentPayload,
  pullRequestPayload,
  workflowDispatchPayload,
} from "../support/payloads.js";
import { makeWorld, scriptedModel, submitReview, type World } from "./main-wiring.js";

const repo = { owner: "acme", repo: "widgets" };
const pr = (over: Record<string, unknown> = {}) =>
  pullRequestPayload({
    ...repo,
    number: 4,
    headSha: "a".repeat(40),
    baseSha: "c".repeat(40),
    ...over,
  });
const comment = (body: string, commenter = "alice", type: "User" | "Bot" = "User") =>
  issueCommentPayload({
    ...repo,
    number: 4,
    body,
    commenter,
    commenterType: type,
    onPullRequest: true,
  });

function journal(world: World): Record<string, unknown>[] {
  const path = join(world.dir, "rivumi", "7-1-review", "artifacts", "journal.jsonl");
  return readFileSync(path, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}
const types = (world: World) => journal(world).map((e) => e.type);
const result = (world: World) =>
  JSON.parse(
    readFileSync(join(world.dir, "rivumi", "7-1-review", "artifacts", "result.json"), "utf8"),
  ) as Record<string, unknown>;

describe("run: settings → trigger → plan → mode → finish", () => {
  it("reviews a writer's pull request: plan journaled before the model, sticky comment published", async () => {
    const model = scriptedModel([submitReview("Looks right.")]);
    const world = makeWorld({ event: "pull_request", payload: pr(), model });
    await run(world.env, world.wiring);
    const seen = types(world);
    expect(seen.indexOf("plan.decided")).toBeLessThan(seen.indexOf("model.request"));
    expect(journal(world).find((e) => e.type === "plan.decided")).toMatchObject({
      action: "review",
      trusted: true,
      permission: "write",
    });
    expect(world.progress).toEqual([4]);
    expect(world.disposed).toBe(true);
    // The workspaces are closed after every run, the review's own included.
    expect(world.closed).toBe(true);
    expect(world.published).toHaveLength(1);
    expect(world.published[0]).toMatchObject({
      conclusion: "success",
      // The review publication (the review, then its comment) carries the reviewed head even
      // with nothing to put on the lines.
      publications: [{ kind: "review", pr: 4, inline: false, reviewed: { head: "h".repeat(40) } }],
      result: { review: { summary: "Looks right." } },
    });
    expect(world.core.outputs).toMatchObject({
      conclusion: "success",
      "comment-url": "https://github.test/c/1",
      "tokens-in": "100",
    });
    expect(result(world)).toMatchObject({ conclusion: "success" });
    expect(seen.at(-1)).toBe("run.finished");
    expect(world.core.failed).toEqual([]);
  });

  it("answers a memory command with a reaction and a reply, without a model or workspace", async () => {
    const world = makeWorld({
      event: "issue_comment",
      payload: comment("/remember project-fact uses pnpm"),
    });
    await run(world.env, world.wiring);
    expect(world.stored).toHaveLength(1);
    expect(world.stored[0]).toMatchObject({ type: "project-fact", text: "uses pnpm" });
    expect(world.published[0]?.publications.map((p) => p.kind)).toEqual(["reaction", "reply"]);
    expect(world.core.outputs.conclusion).toBe("success");
    expect(world.closed).toBe(true);
    expect(world.progress).toEqual([]);
  });

  it("skips an ignored event without building any port, and says why", async () => {
    const world = makeWorld({ event: "push", payload: { ref: "refs/heads/main" } });
    await run(world.env, world.wiring);
    expect(world.run).toBeUndefined();
    expect(world.core.outputs.conclusion).toBe("skipped");
    expect(world.core.notice.join("\n")).toMatch(/Rivumi skipped/);
    expect(world.published).toEqual([]);
    expect(result(world)).toMatchObject({ conclusion: "skipped" });
  });

  it("skips a reader's pull request and drops the early clone", async () => {
    const world = makeWorld({ event: "pull_request", payload: pr(), permission: "read" });
    await run(world.env, world.wiring);
    expect(world.core.outputs.conclusion).toBe("skipped");
    expect(world.closed).toBe(true);
    expect(world.published[0]?.publications).toEqual([]);
  });

  it("refuses /rivumi from a bot that allow-bots does not list", async () => {
    const world = makeWorld({
      event: "issue_comment",
      payload: comment("/rivumi explain", "helper[bot]", "Bot"),
    });
    await run(world.env, world.wiring);
    expect(world.core.outputs.conclusion).toBe("refused");
    expect(world.core.notice.join("\n")).toMatch(/allow-bots/);
    expect(world.core.failed).toEqual([]);
  });

  it.each([
    ["settings", { inputs: { "max-turns": "zero" } }, /input 'max-turns'/],
    ["trigger", { event: "pull_request", payload: { not: "a pull request" } }, /trigger/],
    ["trust", { trustFails: "GitHub is down" }, /GitHub is down/],
    ["workspace", { workspaceFails: "clone failed" }, /clone failed/],
  ] as const)("fails in the %s phase with a result everywhere", async (phase, over, message) => {
    const world = makeWorld({ event: "pull_request", payload: pr(), ...over });
    await run(world.env, world.wiring);
    const failed = journal(world).find((e) => e.type === "run.failed");
    expect(failed).toMatchObject({ phase });
    expect(world.core.failed.join("\n")).toMatch(message);
    expect(world.core.outputs.conclusion).toBe("failure");
    expect(result(world)).toMatchObject({ conclusion: "failure" });
    expect(types(world).at(-1)).toBe("run.finished");
    // A failed review still explains itself on its pull request, once the plan knew which.
    const sticky = world.published[0]?.publications ?? [];
    expect(sticky.length).toBe(phase === "workspace" ? 1 : 0);
  });

  it("stops on SIGINT and still publishes what it has, as partial", async () => {
    const model = scriptedModel([]);
    model.complete = (_m, _t, signal) => {
      process.emit("SIGINT");
      return Promise.reject(signal.aborted ? new Error("aborted") : new Error("not cancelled"));
    };
    const world = makeWorld({ event: "pull_request", payload: pr(), model });
    await run(world.env, world.wiring);
    expect(world.published[0]).toMatchObject({ conclusion: "partial", stop: "cancelled" });
    expect(world.core.outputs.conclusion).toBe("partial");
    expect(world.disposed).toBe(true);
    expect(process.listenerCount("SIGINT")).toBe(0);
  });

  it("refuses a review with no key for OpenAI's URL before any model is asked, and says so everywhere", async () => {
    const model = scriptedModel([submitReview("Looks right.")]);
    const world = makeWorld({
      event: "pull_request",
      payload: pr(),
      model,
      inputs: { "api-key": "" },
    });
    await run({ ...world.env, GITHUB_STEP_SUMMARY: join(world.dir, "summary.md") }, world.wiring);
    expect(model.asked).toBe(0);
    expect(types(world)).not.toContain("model.request");
    const message =
      "no model configured: the api-key input is not set and the base-url input is https://api.openai.com/v1, which needs a key; nothing was sent.";
    expect(world.published[0]).toMatchObject({ conclusion: "failure" });
    expect(world.published[0]!.note).toContain(message);
    expect(world.core.failed.join("\n")).toContain(message);
    // The step summary keeps the result; its URL is kept from turning into a link.
    const summary = world.core.summary.join("\n");
    expect(summary).toContain("no model configured: the api-key input is not set");
    expect(summary).toMatch(/api\.openai\.com\/v1, which needs a key; nothing was sent/);
    expect(journal(world).find((e) => e.type === "run.failed")).toMatchObject({
      phase: "settings",
    });
    // The mode never ran: the workspaces are closed all the same, which stops a warm-up.
    expect(world.closed).toBe(true);
    expect(JSON.stringify(journal(world))).not.toContain("sk-");
  });

  it("runs the prompt on workflow_dispatch as a task without a pull request", async () => {
    const model = scriptedModel([{ content: "Summary: fine.", finishReason: "stop" }]);
    const world = makeWorld({
      event: "workflow_dispatch",
      payload: workflowDispatchPayload(repo),
      inputs: { prompt: "summarise the repo" },
      model,
    });
    await run(world.env, world.wiring);
    expect(journal(world).find((e) => e.type === "plan.decided")).toMatchObject({ action: "task" });
    expect(world.published[0]?.publications).toEqual([]);
    expect(world.core.outputs.conclusion).toBe("success");
  });
});
