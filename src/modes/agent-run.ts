import { join } from "node:path";
import { runSession, type SessionResult } from "../agent/session.js";
import { shouldSendCacheKey } from "../context/for-run.js";
import type { InstructionDiagnostics } from "../context/instructions/types.js";
import type { AgentPlan } from "../plan/plan.js";
import { inPhase } from "../util/phase.js";
import { saveChanges } from "../workspace/changes.js";
import type { Trigger } from "../trigger/trigger.js";
import type { ModePorts, OpenWorkspace } from "./ports.js";

function repositoryName(trigger: Trigger): string {
  if (trigger.kind === "local") return trigger.root;
  return trigger.kind === "ignored" ? "" : `${trigger.repo.owner}/${trigger.repo.repo}`;
}

export interface AgentRunResult extends SessionResult {
  instructions: InstructionDiagnostics;
  notices: string[];
  /** The agent's edits as a patch in the run artifacts (task runs with `allow-edits`). */
  changes: { file: string; files: number; bytes: number } | undefined;
}

/**
 * The stages from workspace to agent loop, for one pull request or repository task. The progress
 * note goes out while the workspace is made, and memory loads meanwhile, so the first model
 * request waits only for what it needs. The workspace is this run's own and is removed at the end.
 */
export async function runAgent(ports: ModePorts, plan: AgentPlan): Promise<AgentRunResult> {
  const { settings, trigger, journal } = ports;
  const target = await ports.work.target(plan);
  if (plan.pr !== undefined) ports.progress({ pr: plan.pr, task: plan.task, head: target.head });

  const started = Date.now();
  const ws: OpenWorkspace = await inPhase("workspace", () => ports.work.open(target, plan));
  try {
    journal.emit({
      type: "workspace.created",
      path: ws.root,
      head: ws.head,
      base: ws.mergeBase,
      source: ws.source,
      ms: Date.now() - started,
    });
    const memory = await ports.memory();
    const context = await inPhase("context", () => ws.context(memory));
    const session = await runSession({
      root: ws.root,
      mergeBase: ws.mergeBase,
      head: ws.head,
      files: ws.files,
      task: plan.task,
      purpose: plan.kind,
      trusted: plan.trusted,
      repository: repositoryName(trigger),
      event: trigger.kind,
      pr: target.pull,
      budgets: { ...settings, prices: settings.prices },
      model: await ports.model(),
      journal,
      signal: ports.signal,
      context: context.context,
      sendCacheKey: shouldSendCacheKey(settings.promptCacheKey, settings.baseUrl),
    });
    const changesFile = context.edits ? join(ws.artifacts, "changes.patch") : undefined;
    const saved = changesFile ? await saveChanges(ws.root, ws.head, changesFile) : undefined;
    return {
      ...session,
      instructions: context.resolution.diagnostics,
      notices: context.notices,
      changes: saved && changesFile ? { file: changesFile, ...saved } : undefined,
    };
  } finally {
    if (!settings.keepWorkspace) await ws.dispose().catch(() => undefined);
  }
}
