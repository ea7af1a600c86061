import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  issueCommentPayload,
  payloadErrors,
  pullRequestPayload,
  validatePayload,
  workflowDispatchPayload,
  workflowRunPayload,
  writeEventFile,
} from "./payloads.js";

const HEAD = "1111111111111111111111111111111111111111";
const BASE = "2222222222222222222222222222222222222222";
const base = { owner: "acme", repo: "widgets", number: 42, headSha: HEAD, baseSha: BASE };

/** Names of the example repositories and users the builders start from. */
const TEMPLATE_NAMES = /Codertocat|Hello-World|octo-org|octo-repo|Octocoders/;

describe("pullRequestPayload", () => {
  it.each(["opened", "synchronize", "reopened", "ready_for_review"] as const)(
    "builds a valid %s payload",
    (action) => {
      const payload = pullRequestPayload({ ...base, action });
      expect(payload.action).toBe(action);
      expect(() => validatePayload("pull_request", payload)).not.toThrow();
    },
  );

  it("sets the fields it is asked for", () => {
    const payload = pullRequestPayload({
      ...base,
      title: "Add the frobnicator",
      body: "Fixes #1",
      author: "alice",
      headRef: "frob",
      baseRef: "develop",
      draft: true,
      labels: ["rivumi"],
    });
    const pr = payload.pull_request;
    expect(payload.number).toBe(42);
    expect(pr.number).toBe(42);
    expect(pr.title).toBe("Add the frobnicator");
    expect(pr.body).toBe("Fixes #1");
    expect(pr.user.login).toBe("alice");
    expect(pr.user.type).toBe("User");
    expect(payload.sender.login).toBe("alice");
    expect(pr.draft).toBe(true);
    expect(pr.head).toMatchObject({ sha: HEAD, ref: "frob", label: "acme:frob" });
    expect(pr.base).toMatchObject({ sha: BASE, ref: "develop", label: "acme:develop" });
    expect(pr.labels.map((l) => l.name)).toEqual(["rivumi"]);
    expect(payload.repository.full_name).toBe("acme/widgets");
    expect(payload.repository.owner.login).toBe("acme");
    expect(pr.url).toBe("https://api.github.com/repos/acme/widgets/pulls/42");
    expect(pr.html_url).toBe("https://github.com/acme/widgets/pull/42");
    expect(pr._links.statuses.href).toBe(
      `https://api.github.com/repos/acme/widgets/statuses/${HEAD}`,
    );
    expect(JSON.stringify(payload)).not.toMatch(TEMPLATE_NAMES);
  });

  it("models a fork: head.repo.full_name differs from the base", () => {
    const same = pullRequestPayload(base);
    expect(same.pull_request.head.repo!.full_name).toBe("acme/widgets");
    expect(same.pull_request.head.repo!.fork).toBe(false);

    const fork = pullRequestPayload({ ...base, headRepoFullName: "mallory/widgets-fork" });
    const head = fork.pull_request.head;
    expect(head.repo!.full_name).toBe("mallory/widgets-fork");
    expect(head.repo!.fork).toBe(true);
    expect(head.repo!.owner.login).toBe("mallory");
    expect(head.user.login).toBe("mallory");
    expect(head.label).toBe("mallory:feature");
    expect(fork.pull_request.base.repo.full_name).toBe("acme/widgets");
    expect(fork.repository.full_name).toBe("acme/widgets");
  });

  it("supports bot authors and organization owners", () => {
    const payload = pullRequestPayload({
      ...base,
      author: "dependabot[bot]",
      authorType: "Bot",
      ownerType: "Organization",
    });
    expect(payload.pull_request.user).toMatchObject({ login: "dependabot[bot]", type: "Bot" });
    expect(payload.sender.type).toBe("Bot");
    expect(payload.organization?.login).toBe("acme");
    expect(payload.repository.owner.type).toBe("Organization");
    expect(pullRequestPayload(base).organization).toBeUndefined();
  });

  it("sets before/after on synchronize", () => {
    const payload = pullRequestPayload({ ...base, action: "synchronize", beforeSha: BASE });
    expect(payload).toMatchObject({ before: BASE, after: HEAD });
  });

  it("refuses a draft ready_for_review", () => {
    expect(() => pullRequestPayload({ ...base, action: "ready_for_review", draft: true })).toThrow(
      /not a draft/,
    );
  });
});

describe("issueCommentPayload", () => {
  it("builds a valid comment on a pull request, with issue.pull_request", () => {
    const payload = issueCommentPayload({
      owner: "acme",
      repo: "widgets",
      number: 42,
      body: "@rivumi explain",
      commenter: "bob",
      onPullRequest: true,
      commentId: 9001,
      authorAssociation: "MEMBER",
    });
    expect(() => validatePayload("issue_comment", payload)).not.toThrow();
    expect(payload.action).toBe("created");
    expect(payload.issue.number).toBe(42);
    expect(payload.issue.pull_request).toEqual({
      url: "https://api.github.com/repos/acme/widgets/pulls/42",
      html_url: "https://github.com/acme/widgets/pull/42",
      diff_url: "https://github.com/acme/widgets/pull/42.diff",
      patch_url: "https://github.com/acme/widgets/pull/42.patch",
      merged_at: null,
    });
    expect(payload.comment).toMatchObject({
      id: 9001,
      body: "@rivumi explain",
      author_association: "MEMBER",
      html_url: "https://github.com/acme/widgets/pull/42#issuecomment-9001",
    });
    expect(payload.comment.user.login).toBe("bob");
    expect(payload.sender.login).toBe("bob");
    expect(JSON.stringify(payload)).not.toMatch(TEMPLATE_NAMES);
  });

  it("builds a valid comment on a plain issue, without issue.pull_request", () => {
    const payload = issueCommentPayload({
      owner: "acme",
      repo: "widgets",
      number: 5,
      body: "hi",
      commenter: "acme",
      commenterType: "User",
      onPullRequest: false,
    });
    expect(() => validatePayload("issue_comment", payload)).not.toThrow();
    expect(payload.issue.pull_request).toBeUndefined();
    expect(payload.issue.html_url).toBe("https://github.com/acme/widgets/issues/5");
    expect(payload.comment.author_association).toBe("OWNER");
  });

  it("supports bot commenters", () => {
    const payload = issueCommentPayload({
      owner: "acme",
      repo: "widgets",
      number: 5,
      body: "beep",
      commenter: "rivumi[bot]",
      commenterType: "Bot",
      onPullRequest: true,
    });
    expect(payload.comment.user.type).toBe("Bot");
    expect(payload.comment.author_association).toBe("NONE");
  });
});

describe("workflowRunPayload", () => {
  it.each(["failure", "success"] as const)("builds a valid completed run (%s)", (conclusion) => {
    const payload = workflowRunPayload({
      owner: "acme",
      repo: "widgets",
      runId: 987654321,
      conclusion,
      headSha: HEAD,
      prNumbers: [42, 43],
      name: "Tests",
    });
    expect(() => validatePayload("workflow_run", payload)).not.toThrow();
    const run = payload.workflow_run;
    expect(payload.action).toBe("completed");
    expect(run.id).toBe(987654321);
    expect(run.conclusion).toBe(conclusion);
    expect(run.status).toBe("completed");
    expect(run.head_sha).toBe(HEAD);
    expect(run.name).toBe("Tests");
    expect(payload.workflow.name).toBe("Tests");
    expect(run.event).toBe("pull_request");
    expect(run.pull_requests.map((p) => p.number)).toEqual([42, 43]);
    expect(run.pull_requests[0]!.head.sha).toBe(HEAD);
    expect(run.html_url).toBe("https://github.com/acme/widgets/actions/runs/987654321");
    expect(run.repository.full_name).toBe("acme/widgets");
    expect(run.head_repository.full_name).toBe("acme/widgets");
    expect(JSON.stringify(payload)).not.toMatch(TEMPLATE_NAMES);
  });

  it("has no pull requests unless given", () => {
    const payload = workflowRunPayload({
      owner: "acme",
      repo: "widgets",
      runId: 1,
      conclusion: "failure",
      headSha: HEAD,
    });
    expect(payload.workflow_run.pull_requests).toEqual([]);
    expect(payload.workflow_run.event).toBe("push");
  });
});

describe("workflowDispatchPayload", () => {
  it("builds a valid payload with inputs", () => {
    const payload = workflowDispatchPayload({
      owner: "acme",
      repo: "widgets",
      inputs: { pr: "42", dry_run: true },
    });
    expect(() => validatePayload("workflow_dispatch", payload)).not.toThrow();
    expect(payload.inputs).toEqual({ pr: "42", dry_run: true });
    expect(payload.ref).toBe("refs/heads/main");
    expect(payload.repository.full_name).toBe("acme/widgets");
    expect(JSON.stringify(payload)).not.toMatch(TEMPLATE_NAMES);
  });

  it("defaults to empty inputs", () => {
    expect(workflowDispatchPayload({ owner: "acme", repo: "widgets" }).inputs).toEqual({});
  });
});

describe("validatePayload", () => {
  it("rejects a payload with a wrong type, naming the field", () => {
    const payload = structuredClone(pullRequestPayload(base)) as unknown as {
      number: unknown;
      pull_request: { head: { sha: unknown } };
    };
    payload.number = "42";
    expect(() => validatePayload("pull_request", payload)).toThrow(/\/number must be integer/);
    expect(payloadErrors("pull_request", payload).map((e) => e.instancePath)).toContain("/number");
  });

  it("rejects unknown properties where the schema forbids them", () => {
    const payload = structuredClone(
      issueCommentPayload({
        owner: "acme",
        repo: "widgets",
        number: 1,
        body: "x",
        commenter: "bob",
        onPullRequest: true,
      }),
    ) as unknown as { sender: Record<string, unknown> };
    payload.sender["is_cool"] = true;
    expect(() => validatePayload("issue_comment", payload)).toThrow(/additional properties/);
  });

  it("rejects a wrong type in a workflow_run", () => {
    const payload = structuredClone(
      workflowRunPayload({ owner: "a", repo: "b", runId: 1, conclusion: "failure", headSha: HEAD }),
    ) as unknown as { workflow_run: { conclusion: unknown } };
    payload.workflow_run.conclusion = "exploded";
    expect(() => validatePayload("workflow_run", payload)).toThrow(/conclusion/);
  });

  it("refuses an event or action the schema does not know", () => {
    expect(() => validatePayload("no_such_event", {})).toThrow(
      /no definition no_such_event\$event/,
    );
    expect(() => validatePayload("pull_request", { action: "exploded" })).toThrow(/no definition/);
  });
});

describe("writeEventFile", () => {
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("writes the payload as JSON and returns the path", () => {
    const dir = mkdtempSync(join(tmpdir(), "rivumi-event-"));
    dirs.push(dir);
    const payload = workflowDispatchPayload({ owner: "acme", repo: "widgets" });
    const path = writeEventFile(join(dir, "nested"), payload);
    expect(path).toBe(join(dir, "nested", "event.json"));
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(payload);
  });
});
