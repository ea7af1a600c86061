// `/rivumi fix`: a task with the edit tools, whose changes are checked by code, verified in
// confinement when the workflow asks, and proposed as one commit on the pull request's branch. The
// commit itself is the publication's (`publish/fix-commit.ts`): the run writes nothing to GitHub.
import { readFile } from "node:fs/promises";
import type { FixAttempt, FixHold, FixProposal, FixReport, Outcome } from "../outcome/outcome.js";
import type { FixPlan, TaskPlan } from "../plan/plan.js";
import { runAgent, type AgentWork } from "../review/agent-run.js";
import type { ReviewPorts } from "../review/ports.js";
import { agentOutcome } from "../review/run.js";
import { errorText } from "../util/error-text.js";
import { readBlob } from "../workspace/changes.js";
import { git } from "../workspace/git.js";
import { commitMessage, fixTask } from "./message.js";
import { decideFix } from "./policy.js";
import { runVerify } from "./verify.js";

/** A patch this small is quoted in the reply when the fix is not committed; larger, it is attached. */
export const INLINE_PATCH_BYTES = 20 * 1024;
/** The largest file a fix commits. */
const MAX_FILE_BYTES = 1024 * 1024;

/** What a fix run needs: a task's ports, and the attempt it is when a failed CI run started it. */
export interface FixPorts extends ReviewPorts {
  /** The attempt a CI fix is (counted by the triage's history); undefined for `/rivumi fix`. */
  attempt?: FixAttempt;
}

interface Prepared {
  report: FixReport;
  proposal: FixProposal | undefined;
}

export async function runFix(ports: FixPorts, plan: FixPlan): Promise<Outcome> {
  const { settings, journal } = ports;
  const push = settings.fix.push;
  const task: TaskPlan = {
    kind: "task",
    pr: plan.pr,
    task: fixTask(plan.request, push ? "commit" : settings.allowEdits ? "patch" : "none"),
    trusted: plan.trusted,
    edits: push && plan.trusted,
    reason: plan.reason,
  };
  const agent = await runAgent(
    ports,
    task,
    push ? (work) => prepare(ports, plan, work) : undefined,
  );
  const prepared: Prepared = agent.after ?? {
    report: emptyReport(ports, [
      {
        reason: "push-off",
        text: "push-fixes is false, so the fix ran as a task and nothing was pushed; set `push-fixes: true` (with `contents: write`) to commit fixes",
        files: [],
      },
    ]),
    proposal: undefined,
  };
  for (const hold of prepared.report.held)
    journal.emit({ type: "fix.held", reason: hold.reason, text: hold.text, files: hold.files });
  const outcome = agentOutcome(agent, task, ports);
  if (outcome.result.kind !== "review") return outcome;
  const secret = prepared.report.held.some((h) => h.reason === "secret");
  return {
    ...outcome,
    attachments: secret ? [] : outcome.attachments,
    result: { ...outcome.result, fix: prepared.report },
    publications: prepared.proposal
      ? [{ kind: "fix-commit", pr: plan.pr, proposal: prepared.proposal }]
      : outcome.publications,
  };
}

function emptyReport(ports: FixPorts, held: FixHold[]): FixReport {
  return {
    held,
    files: [],
    lines: 0,
    verification: undefined,
    patch: undefined,
    attempt: ports.attempt,
  };
}

/** In the workspace, after the agent: what changed, whether it may go, verified, and its tree. */
async function prepare(ports: FixPorts, plan: FixPlan, work: AgentWork): Promise<Prepared> {
  const { settings, journal, redact, signal } = ports;
  const { ws, target, run, saved } = work;
  if (!saved) {
    return {
      report: emptyReport(ports, [
        { reason: "no-changes", text: "the agent changed no file", files: [] },
      ]),
      proposal: undefined,
    };
  }
  const patchText = await readFile(saved.file, "utf8");
  journal.emit({
    type: "fix.changes",
    files: saved.changed.map((c) => ({
      path: c.path,
      ...(c.from !== undefined ? { from: c.from } : {}),
      status: c.status,
      added: c.added ?? null,
      removed: c.removed ?? null,
    })),
    bytes: saved.bytes,
    diff: patchText.slice(0, 256 * 1024),
  });
  const decision = decideFix(saved.changed, settings.fix);
  const held: FixHold[] = [];
  if (target.fork)
    held.push({
      reason: "fork",
      text: "the pull request comes from a fork: Rivumi never writes to another repository's branch",
      files: [],
    });
  if (plan.request.source === "ci" && ws.head !== plan.request.headSha)
    held.push({
      reason: "moved",
      text: `the pull request's head moved to ${ws.head.slice(0, 12)} after the failed run tested ${plan.request.headSha.slice(0, 12)}`,
      files: [],
    });
  if (run.conclusion !== "success")
    held.push({
      reason: "run",
      text: `the agent's run ended ${run.conclusion}, so its changes may be unfinished`,
      files: [],
    });
  if (!decision.ok) held.push(...decision.refusals);
  const entries = decision.ok ? decision.entries : [];
  // Contents as git staged them; a secret of the run's written into a file never leaves.
  const changes = await Promise.all(
    entries.map(async (e) => ({
      path: e.path,
      mode: e.mode,
      content: e.blob === null ? null : await readBlob(ws.root, e.blob, signal),
    })),
  );
  const large = changes.filter((c) => c.content !== null && c.content.byteLength > MAX_FILE_BYTES);
  if (large.length > 0)
    held.push({
      reason: "too-large",
      text: `a changed file is larger than ${MAX_FILE_BYTES / 1024 / 1024} MiB; a fix commits no file that large`,
      files: large.map((c) => c.path),
    });
  // The job that made a commit for this comment ran again (a re-run): the branch has it already.
  const comment = ports.trigger.kind === "comment" ? ports.trigger.commentId : undefined;
  if (comment !== undefined) {
    const log = await git(ws.root, ["log", "--format=%B", `${ws.mergeBase}..${ws.head}`], {
      signal,
    });
    if (log.split("\n").some((line) => line.trim() === `Rivumi-Fix-Comment: ${comment}`))
      held.push({
        reason: "rerun",
        text: `the branch already has Rivumi's fix for this comment (its Rivumi-Fix-Comment trailer); a re-run commits no second one`,
        files: [],
      });
  }
  const leaking = changes.filter((c) => {
    if (c.content === null) return false;
    const text = Buffer.from(c.content).toString("utf8");
    return redact(text) !== text;
  });
  if (leaking.length > 0)
    held.push({
      reason: "secret",
      text: "a changed file holds one of the run's secrets; it is never committed",
      files: leaking.map((c) => c.path),
    });
  const verify = settings.fix.verify;
  // What the command checks is what would be committed: files git ignores (and so never commits)
  // leave the working tree first.
  if (verify && held.length === 0) await git(ws.root, ["clean", "-ffdXq"], { signal });
  const verification =
    verify && held.length === 0
      ? await runVerify({
          root: ws.root,
          command: verify.command,
          network: verify.network,
          timeoutMs: verify.timeoutMinutes * 60_000,
          signal,
          redact,
        }).catch((error: unknown) => ({
          kind: "not-run" as const,
          reason: `it was stopped (${redact(errorText(error))})`,
        }))
      : undefined;
  const verified = verification
    ? verification.kind === "not-run"
      ? { command: verify!.command, kind: "not-run" as const, reason: verification.reason }
      : { command: verify!.command, ...verification }
    : undefined;
  if (verified) journal.emit({ type: "fix.verify", ...verified });
  if (verified && verified.kind !== "passed")
    held.push({
      reason: "verify",
      text:
        verified.kind === "not-run"
          ? `the verify command did not run: ${verified.reason}; the fix is not committed`
          : `the verify command ${verified.timedOut ? "ran out of time" : `failed (exit ${verified.exitCode ?? "none"})`}`,
      files: [],
    });
  const report: FixReport = {
    held,
    files: saved.changed.map((c) => ({
      path: c.path,
      ...(c.from !== undefined ? { from: c.from } : {}),
      status: c.status,
      added: c.added,
      removed: c.removed,
    })),
    lines: decision.lines,
    verification: verified,
    // A patch that holds a secret of the run is neither quoted nor uploaded.
    patch:
      leaking.length > 0
        ? undefined
        : { inline: saved.bytes <= INLINE_PATCH_BYTES ? patchText : undefined, bytes: saved.bytes },
    attempt: ports.attempt,
  };
  const proposal =
    held.length === 0 && settings.fix.push
      ? {
          parent: ws.head,
          message: redact(commitMessage(plan.request, verified, ports.attempt, comment)),
          changes,
        }
      : undefined;
  return { report, proposal };
}
