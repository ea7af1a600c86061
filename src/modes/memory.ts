import { handleMemoryCommand, type MemoryCommandResult } from "../context/memory/handle-command.js";
import type { Outcome, RunStats } from "../outcome/outcome.js";
import type { MemoryPlan } from "../plan/plan.js";
import type { CommentTrigger } from "../trigger/trigger.js";
import { idleStats } from "./outcomes.js";
import type { Mode } from "./ports.js";

/** `/remember`, `/forget`, `/memories`: the store is written here; the reaction and reply are published. */
export const memoryMode: Mode<MemoryPlan> = async (ports, _plan) => {
  const trigger = ports.trigger;
  if (trigger.kind !== "comment")
    throw new Error(`a memory command needs a comment, not ${trigger.kind}`);
  const result = await handleMemoryCommand({
    repo: trigger.repo,
    trigger,
    settings: ports.settings,
    permission: ports.access ?? { permission: "none", roleName: "none" },
    journal: ports.journal,
    store: await ports.memoryStore(),
    redact: ports.redact,
  });
  const stats = idleStats(ports.settings, ports.started);
  return memoryOutcome(result, trigger, { stats, journalName: ports.journalName });
};

/** A memory command's result as an outcome: a reaction on the comment and a reply on its issue. */
export function memoryOutcome(
  result: MemoryCommandResult,
  trigger: CommentTrigger,
  run: { stats: RunStats; journalName: string },
): Outcome {
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
      },
      {
        kind: "reply",
        issue: trigger.number,
        body: result.reply,
        state: `memory ${result.conclusion}`,
      },
    ],
  };
}
