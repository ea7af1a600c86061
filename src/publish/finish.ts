import type { Settings } from "../config/settings.js";
import type { FileJournal } from "../journal/journal.js";
import { uploadJournal } from "../journal/upload.js";
import type { Plan } from "../plan/plan.js";
import type { ActionsCore } from "../run-context.js";
import type { Redactor } from "../util/redact.js";
import type { Workspace } from "../workspace/workspace.js";
import { renderComment, type Outcome } from "./render.js";
import { neutralizeLog } from "./sanitize.js";
import type { StickyComment } from "./sticky-comment.js";
import { renderSummary } from "./summary.js";
import { writeFileSync } from "node:fs";

export interface FinishArgs {
  core: ActionsCore;
  outcome: Outcome;
  plan: Plan | undefined;
  stickyFor: ((pr: number) => StickyComment) | undefined;
  stickies: Map<number, StickyComment>;
  journal: FileJournal;
  redactor: Redactor;
  say: (text: string) => void;
  resultPath: string;
  journalPath: string;
  journalName: string;
  settings: Settings | undefined;
  workspace: Workspace | undefined;
  runDir: string;
}

/** Publishes the outcome everywhere it can; every step is best effort so the others still happen. */
export async function finish(a: FinishArgs): Promise<void> {
  const { outcome, journal, redactor, core } = a;
  const attempt = async (target: string, work: () => Promise<void> | void) => {
    try {
      await work();
    } catch (error) {
      const message = redactor.redact(error instanceof Error ? error.message : String(error));
      journal.emit({ type: "publish.failed", target, error: message });
      core.warning(neutralizeLog(`Rivumi could not publish the ${target}: ${message}`));
    }
  };

  let commentUrl: string | undefined;
  const pr = a.plan?.kind === "agent" ? a.plan.pr : undefined;
  // A run that fails before its progress comment still explains itself on the pull request.
  if (pr !== undefined && a.stickyFor && (a.stickies.has(pr) || outcome.conclusion === "failure")) {
    const stickyFor = a.stickyFor;
    await attempt("comment", async () => {
      const sticky = stickyFor(pr);
      const { action, comment } = await sticky.upsert(redactor.redact(renderComment(outcome)));
      commentUrl = comment.url;
      journal.emit({
        type: "publish.comment",
        action,
        id: comment.id,
        url: comment.url,
        state: outcome.conclusion,
        bytes: comment.body.length,
      });
    });
  }
  const summary = redactor.redact(
    renderSummary(outcome, { commentUrl, fork: a.plan?.kind === "stop" && a.plan.fork === true }),
  );
  await attempt("step summary", async () => {
    if (!process.env.GITHUB_STEP_SUMMARY) return;
    await core.summary.addRaw(summary).write();
    journal.emit({ type: "publish.summary", bytes: Buffer.byteLength(summary) });
  });
  await attempt("result file", () =>
    writeFileSync(
      a.resultPath,
      redactor.redact(
        JSON.stringify(
          {
            conclusion: outcome.conclusion,
            stop: outcome.stop ?? null,
            note: outcome.note ?? null,
            review: outcome.review ?? null,
            stats: outcome.stats,
          },
          null,
          2,
        ),
      ),
    ),
  );
  await attempt("outputs", () => {
    const out = (name: string, value: string) => core.setOutput(name, redactor.redact(value));
    out("conclusion", outcome.conclusion);
    out("comment-url", commentUrl ?? "");
    out("result-file", a.resultPath);
    out("journal-file", a.journalPath);
    out("tokens-in", String(outcome.stats.usage.promptTokens));
    out("tokens-out", String(outcome.stats.usage.completionTokens));
    out("cost-usd", outcome.stats.costUsd !== undefined ? outcome.stats.costUsd.toFixed(6) : "");
  });
  a.say(`Rivumi ${outcome.conclusion}${outcome.note ? `: ${outcome.note}` : ""}`);
  if (outcome.conclusion === "failure")
    core.setFailed(neutralizeLog(redactor.redact(outcome.note ?? "Rivumi failed")));

  journal.emit(
    outcome.conclusion === "failure"
      ? {
          type: "run.finished",
          conclusion: "failure",
          stop: outcome.stop ?? "error",
          turns: outcome.stats.turns,
          usage: outcome.stats.usage,
          ms: outcome.stats.ms,
        }
      : {
          type: "run.finished",
          conclusion: outcome.conclusion,
          stop: outcome.stop ?? "none",
          turns: outcome.stats.turns,
          usage: outcome.stats.usage,
          ...(outcome.stats.costUsd !== undefined ? { costUsd: outcome.stats.costUsd } : {}),
          ms: outcome.stats.ms,
        },
  );
  await attempt("workspace cleanup", async () => {
    if (a.workspace && !a.settings?.keepWorkspace) await a.workspace.dispose();
  });
  await attempt("journal artifact", async () => {
    if (!process.env.ACTIONS_RUNTIME_TOKEN) {
      a.say(`No ACTIONS_RUNTIME_TOKEN: the journal stays at ${a.journalPath}`);
      return;
    }
    const id = await uploadJournal(
      [a.journalPath, a.resultPath, ...(outcome.attachments ?? [])],
      a.journalName,
    );
    a.say(`Journal uploaded as artifact ${a.journalName} (id ${id ?? "?"})`);
  });
}
