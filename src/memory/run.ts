import type { MemoryStore } from "../memory-store/store.js";
import type { MemoryResult, Outcome, RunStats } from "../outcome/outcome.js";
import { idleStats } from "../outcome/stats.js";
import type { CommentTrigger } from "../trigger/trigger.js";
import { handleMemoryCommand, type MemoryCommandResult } from "./handle-command.js";
import type { RunFacts } from "../run-facts.js";

/** The part of the run's ports a memory command uses. */
export interface MemoryPorts extends RunFacts {
  /** The memory store the commands write to. */
  memoryStore(): Promise<MemoryStore>;
  /**
   * The asker's permission: the trust check's answer, the one the plan was decided on (undefined
   * when nobody was asked).
   */
  access(): Promise<{ permission: string; roleName: string } | undefined>;
}

/** `/remember`, `/forget`, `/memories`: the store is written here; the reaction and reply are published. */
export async function runMemoryCommand(ports: MemoryPorts): Promise<Outcome<MemoryResult>> {
  const trigger = ports.trigger;
  if (trigger.kind !== "comment")
    throw new Error(`a memory command needs a comment, not ${trigger.kind}`);
  const result = await handleMemoryCommand({
    repo: trigger.repo,
    trigger,
    settings: ports.settings,
    permission: (await ports.access()) ?? { permission: "none", roleName: "none" },
    journal: ports.journal,
    store: await ports.memoryStore(),
    redact: ports.redact,
  });
  const stats = idleStats(ports.settings, ports.started);
  return memoryOutcome(result, trigger, { stats, journalName: ports.journalName });
}

/**
 * A memory command's result as an outcome: a reaction on the comment and a reply on its issue, or
 * in its review thread.
 */
export function memoryOutcome(
  result: MemoryCommandResult,
  trigger: CommentTrigger,
  run: { stats: RunStats; journalName: string },
): Outcome<MemoryResult> {
  return {
    conclusion: result.conclusion,
    stop: undefined,
    note: result.reply,
    stats: run.stats,
    journalName: run.journalName,
    notices: [],
    attachments: [],
    result: { kind: "memory" },
    publications: [
      {
        kind: "reaction",
        commentId: trigger.commentId,
        content: result.conclusion === "success" ? "+1" : "confused",
        ...(trigger.thread ? { on: "review-comment" as const } : {}),
      },
      // A command written in a review thread is answered in that thread.
      trigger.thread
        ? {
            kind: "thread-reply",
            pr: trigger.number,
            commentId: trigger.thread.rootCommentId,
            body: result.reply,
            state: `memory ${result.conclusion}`,
          }
        : {
            kind: "reply",
            issue: trigger.number,
            body: result.reply,
            state: `memory ${result.conclusion}`,
          },
    ],
  };
}
