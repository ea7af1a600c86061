import type { Trigger } from "./trigger.js";

/** The journal's view of a trigger: identifiers, never untrusted text. */
export function triggerDetail(t: Trigger): Record<string, unknown> {
  switch (t.kind) {
    case "pull_request":
      return {
        event: t.event,
        action: t.action,
        number: t.number,
        author: t.author,
        head: t.headSha,
        base: t.baseSha,
        fork: t.isFork,
      };
    case "comment":
      return {
        number: t.number,
        sender: t.sender,
        command: t.command?.name ?? null,
        pr: t.isPullRequest,
        ...(t.thread ? { thread: { root: t.thread.rootCommentId, fork: t.thread.fork } } : {}),
      };
    case "workflow_run":
      return { runId: t.runId, conclusion: t.conclusion };
    case "dispatch":
      return { sender: t.sender };
    case "ignored":
      return { event: t.event, reason: t.reason };
    case "local":
      return { root: t.root };
  }
}
