import { formatInstructionsMarkdown } from "../context/instructions/format.js";
import type { Journal } from "../journal/journal.js";
import type { Outcome, Publication } from "../outcome/outcome.js";
import { recordedFindings, type ThreadPlan } from "../outcome/review.js";
import type { AgentPlan } from "../plan/plan.js";
import { runAgent, type AgentRunResult } from "./agent-run.js";
import { dismissedOf } from "./threads.js";
import type { ReviewPorts } from "./ports.js";

/**
 * A pull request review, or a task of the user's own (`/rivumi`, `prompt`): the agent's loop in
 * a workspace of its own, its answer to the run's sticky comment.
 */
export async function runReview(ports: ReviewPorts, plan: AgentPlan): Promise<Outcome> {
  const agent = await runAgent(ports, plan);
  recordFindings(ports.journal, agent);
  return agentOutcome(agent, plan, ports);
}

/** The final findings and where the outcome places them, for the journal's page. */
function recordFindings(journal: Journal, agent: AgentRunResult): void {
  if (!agent.review && agent.unanchored.length === 0) return;
  journal.emit({
    type: "review.findings",
    findings: recordedFindings(agent.review?.findings ?? [], agent.unanchored),
  });
}

/** The outcome of an agent run: a review's (its review publication) or a task's (its sticky comment). */
export function agentOutcome(agent: AgentRunResult, plan: AgentPlan, ports: ReviewPorts): Outcome {
  const { journalName, settings } = ports;
  return {
    conclusion: agent.conclusion,
    stop: agent.stop,
    note: agent.note,
    stats: {
      turns: agent.turns,
      requests: agent.requests,
      usage: agent.usage,
      costUsd: agent.costUsd ?? (settings.prices ? 0 : undefined),
      ms: Date.now() - ports.started,
      model: settings.model,
    },
    journalName,
    attachments: agent.changes ? [agent.changes.file] : [],
    notices: agent.notices,
    publications: plan.pr !== undefined ? publications(plan, plan.pr, agent, ports) : [],
    result: {
      kind: "review",
      review: agent.review,
      coverage: agent.coverage,
      unanchored: agent.unanchored,
      fullReviewWhy: agent.fullReviewWhy || undefined,
      noLongerApplies: agent.gone.findings,
      details: details(agent),
      ...(agent.threads ? { dismissed: dismissedOf(agent.threads) } : {}),
    },
  };
}

/**
 * A review is one publication: its findings on their lines, then the sticky comment that links
 * the review and lists only what is not on the lines. A task answers in the sticky comment.
 */
function publications(
  plan: AgentPlan,
  pr: number,
  agent: AgentRunResult,
  { settings }: ReviewPorts,
): Publication[] {
  if (plan.kind !== "review") return [{ kind: "sticky-comment", pr }];
  // A review always writes its state (the head it examined), even with nothing to put on lines.
  const inline =
    settings.inline.comments &&
    (agent.review?.findings.length ?? 0) > 0 &&
    agent.conclusion !== "failure";
  return [
    {
      kind: "review",
      pr,
      commitId: agent.head,
      last: agent.last,
      threads: agent.threads ?? NO_THREADS,
      inline,
      minSeverity: settings.inline.minSeverity,
      maxComments: settings.inline.maxComments,
      reviewed:
        agent.conclusion === "success" ? { head: agent.head, base: agent.mergeBase } : undefined,
      gone: agent.gone.fingerprints,
    },
  ];
}

const NO_THREADS: ThreadPlan = { resolve: [], replies: [], dismissed: [], suppressed: 0 };

function details(agent: AgentRunResult): string[] {
  const out = agent.notices.map((n) => `> [!NOTE]\n> ${n}`);
  if (agent.changes) {
    out.push(
      `**Changes:** ${agent.changes.files} file(s), ${agent.changes.bytes} bytes, saved as \`changes.patch\` with the journal files (apply with \`git apply changes.patch\`).`,
    );
  }
  out.push(formatInstructionsMarkdown(agent.instructions));
  return out;
}
