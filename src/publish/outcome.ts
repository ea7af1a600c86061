import { formatInstructionsMarkdown } from "../context/instructions/format.js";
import type { MemoryCommandResult } from "../context/memory/index.js";
import type { Settings } from "../config/settings.js";
import type { AgentRunResult } from "../pipeline.js";
import type { Plan } from "../plan/plan.js";
import type { PhaseError } from "../util/phase.js";
import type { Outcome } from "./render.js";

function agentDetails(agent: AgentRunResult, journalName: string): string[] {
  const details = agent.notices.map((n) => `> [!NOTE]\n> ${n}`);
  if (agent.changes) {
    details.push(
      `**Changes:** ${agent.changes.files} file(s), ${agent.changes.bytes} bytes, saved as \`changes.patch\` in the artifact \`${journalName}\` (apply with \`git apply changes.patch\`).`,
    );
  }
  details.push(formatInstructionsMarkdown(agent.instructions));
  return details;
}

/** How the run ended, whatever stage it reached, as one value every publisher renders. */
export function toOutcome(
  plan: Plan | undefined,
  agent: AgentRunResult | undefined,
  failure: PhaseError | undefined,
  settings: Settings | undefined,
  started: number,
  journalName: string,
  memory: MemoryCommandResult | undefined,
): Outcome {
  const stats = {
    turns: agent?.loop.state.turns ?? 0,
    usage: agent?.loop.state.usage ?? { promptTokens: 0, completionTokens: 0, cachedTokens: 0 },
    costUsd: agent?.loop.state.costUsd ?? (settings?.prices ? 0 : undefined),
    ms: Date.now() - started,
    model: settings?.model ?? "?",
  };
  if (failure) {
    return {
      conclusion: "failure",
      stop: undefined,
      review: undefined,
      note: `Rivumi failed in the ${failure.phase} phase: ${failure.message}`,
      stats,
      journalName,
    };
  }
  if (memory) {
    const { conclusion, reply } = memory;
    return { conclusion, stop: undefined, review: undefined, note: reply, stats, journalName };
  }
  if (agent)
    return {
      conclusion: agent.conclusion,
      stop: agent.loop.stop,
      review: agent.loop.review,
      note: agent.note,
      stats,
      journalName,
      details: agentDetails(agent, journalName),
      attachments: agent.changes ? [agent.changes.file] : [],
    };
  const reason = plan?.kind === "stop" ? plan.reason : "nothing to do";
  return {
    conclusion: plan?.kind === "stop" ? plan.conclusion : "skipped",
    stop: undefined,
    review: undefined,
    note: reason,
    stats,
    journalName,
  };
}
