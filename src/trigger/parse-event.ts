import * as z from "zod";
import { parseCommand } from "./command.js";
import type { PullAction, Trigger } from "./trigger.js";

/** The event payload is not what GitHub sends for this event. */
export class EventError extends Error {
  override readonly name = "EventError";
}

const user = z.object({ login: z.string(), type: z.string().default("User") });
const repository = z.object({
  name: z.string(),
  full_name: z.string(),
  owner: z.object({ login: z.string() }),
});
const sha = z.string().regex(/^[0-9a-f]{40}$/i, "a 40-character commit SHA");
const branch = z.object({
  sha,
  ref: z.string(),
  repo: z.object({ full_name: z.string() }).nullable(),
});

const pullRequestPayload = z.object({
  action: z.string(),
  repository,
  sender: user,
  pull_request: z.object({
    number: z.number().int().positive(),
    title: z.string(),
    body: z.string().nullable(),
    user,
    draft: z.boolean().optional(),
    head: branch,
    base: branch.extend({ repo: z.object({ full_name: z.string(), clone_url: z.string() }) }),
  }),
});

const issueCommentPayload = z.object({
  action: z.string(),
  repository,
  sender: user,
  issue: z.object({
    number: z.number().int().positive(),
    pull_request: z.object({}).passthrough().optional(),
  }),
  comment: z.object({
    id: z.number().int(),
    body: z.string().nullable(),
    html_url: z.string(),
    user,
  }),
});

const reviewCommentPayload = z.object({
  action: z.string(),
  repository,
  sender: user,
  pull_request: z.object({
    number: z.number().int().positive(),
    head: z.object({ repo: z.object({ full_name: z.string() }).nullable() }),
    base: z.object({ repo: z.object({ full_name: z.string() }) }),
  }),
  comment: z.object({
    id: z.number().int(),
    body: z.string(),
    html_url: z.string(),
    path: z.string(),
    in_reply_to_id: z.number().int().optional(),
    user,
  }),
});

const workflowRunPayload = z.object({
  action: z.string(),
  repository: repository.extend({ default_branch: z.string().optional() }),
  sender: user,
  workflow_run: z.object({
    id: z.number().int(),
    conclusion: z.string().nullable(),
    head_sha: sha,
    pull_requests: z.array(z.object({ number: z.number().int() })).default([]),
  }),
});

const dispatchPayload = z.object({ repository, sender: user });

const PULL_ACTIONS = new Set<string>(["opened", "synchronize", "reopened", "ready_for_review"]);

function parse<T>(event: string, schema: z.ZodType<T>, payload: unknown): T {
  // One payload per run: compiling zod's fast path for it would cost more than it saves.
  const result = schema.safeParse(payload, { jitless: true });
  if (!result.success) {
    const where = result.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`)
      .join("; ");
    throw new EventError(
      `the ${event} event payload is malformed (${where}); is GITHUB_EVENT_PATH the file the runner wrote?`,
    );
  }
  return result.data;
}

const repoRef = (r: z.infer<typeof repository>) => ({ owner: r.owner.login, repo: r.name });

/** Turns the runner's event name and payload into a Trigger, or throws an EventError. */
export function parseTrigger(eventName: string, payload: unknown): Trigger {
  switch (eventName) {
    case "pull_request":
    case "pull_request_target": {
      const p = parse(eventName, pullRequestPayload, payload);
      if (!PULL_ACTIONS.has(p.action)) {
        return {
          kind: "ignored",
          event: eventName,
          reason: `action '${p.action}' is not reviewed`,
        };
      }
      const pr = p.pull_request;
      const headRepo = pr.head.repo?.full_name ?? "";
      return {
        kind: "pull_request",
        event: eventName,
        action: p.action as PullAction,
        repo: repoRef(p.repository),
        number: pr.number,
        title: pr.title,
        body: pr.body ?? "",
        author: pr.user.login,
        authorType: pr.user.type,
        headSha: pr.head.sha,
        headRef: pr.head.ref,
        headRepo,
        baseSha: pr.base.sha,
        baseRef: pr.base.ref,
        cloneUrl: pr.base.repo.clone_url,
        draft: pr.draft ?? false,
        isFork: headRepo.toLowerCase() !== pr.base.repo.full_name.toLowerCase(),
        sender: p.sender.login,
        senderType: p.sender.type,
      };
    }
    case "issue_comment": {
      const p = parse(eventName, issueCommentPayload, payload);
      if (p.action !== "created") {
        return { kind: "ignored", event: eventName, reason: `action '${p.action}' is not handled` };
      }
      const body = p.comment.body ?? "";
      return {
        kind: "comment",
        repo: repoRef(p.repository),
        number: p.issue.number,
        isPullRequest: p.issue.pull_request !== undefined,
        commentId: p.comment.id,
        commentUrl: p.comment.html_url,
        body,
        sender: p.comment.user.login,
        senderType: p.comment.user.type,
        command: parseCommand(body),
      };
    }
    case "pull_request_review_comment": {
      const p = parse(eventName, reviewCommentPayload, payload);
      // An edit or a deletion never runs a command, as for issue comments.
      if (p.action !== "created") {
        return { kind: "ignored", event: eventName, reason: `action '${p.action}' is not handled` };
      }
      const pr = p.pull_request;
      // A fork that was deleted leaves no head repository: still not this repository.
      const headRepo = pr.head.repo?.full_name.toLowerCase();
      return {
        kind: "comment",
        repo: repoRef(p.repository),
        number: pr.number,
        isPullRequest: true,
        commentId: p.comment.id,
        commentUrl: p.comment.html_url,
        body: p.comment.body,
        sender: p.comment.user.login,
        senderType: p.comment.user.type,
        command: parseCommand(p.comment.body),
        thread: {
          path: p.comment.path,
          rootCommentId: p.comment.in_reply_to_id ?? p.comment.id,
          fork: headRepo !== pr.base.repo.full_name.toLowerCase(),
        },
      };
    }
    case "workflow_run": {
      const p = parse(eventName, workflowRunPayload, payload);
      if (p.action !== "completed") {
        return { kind: "ignored", event: eventName, reason: `action '${p.action}' is not handled` };
      }
      const run = p.workflow_run;
      return {
        kind: "workflow_run",
        repo: repoRef(p.repository),
        runId: run.id,
        conclusion: run.conclusion ?? "",
        headSha: run.head_sha,
        prNumbers: run.pull_requests.map((x) => x.number),
        ...(p.repository.default_branch ? { defaultBranch: p.repository.default_branch } : {}),
        sender: p.sender.login,
        senderType: p.sender.type,
      };
    }
    case "workflow_dispatch": {
      const p = parse(eventName, dispatchPayload, payload);
      return {
        kind: "dispatch",
        repo: repoRef(p.repository),
        sender: p.sender.login,
        senderType: p.sender.type,
      };
    }
    default:
      return {
        kind: "ignored",
        event: eventName,
        reason: `Rivumi does not handle '${eventName}' events`,
      };
  }
}
