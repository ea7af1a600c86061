import { writeFileSync } from "node:fs";
import type { Journal } from "../journal/journal.js";
import { uploadJournal } from "../journal/upload.js";
import type { Outcome } from "../outcome/outcome.js";
import type { ActionsCore } from "../run-context.js";
import type { Redactor } from "../util/redact.js";
import { neutralizeLog } from "../util/sanitize.js";
import type { Publisher } from "./publisher.js";
import { renderSummary } from "./summary.js";

export interface FinishPorts {
  core: ActionsCore;
  journal: Journal;
  redactor: Redactor;
  /** Writes results to GitHub; undefined when the run never had a GitHub client. */
  publisher: Pick<Publisher, "publishAll"> | undefined;
  resultPath: string;
  journalPath: string;
  journalName: string;
  /** The runner gave a step summary file (GITHUB_STEP_SUMMARY). */
  stepSummary: boolean;
  /** The runner gave a token for the artifact service (ACTIONS_RUNTIME_TOKEN). */
  canUpload: boolean;
  say: (text: string) => void;
}

/**
 * Publishes the outcome everywhere it can, in this order, each step best effort so that the others
 * still happen: the outcome's GitHub publications (sticky comment, reaction, reply), the step
 * summary, `result.json`, the outputs, the log and the final journal event, then the journal
 * artifact. Every mode's outcome goes through here; the order is set in this one place.
 */
export async function finish(outcome: Outcome, ports: FinishPorts): Promise<void> {
  const { journal, redactor, core } = ports;
  const attempt = async (target: string, work: () => Promise<void> | void) => {
    try {
      await work();
    } catch (error) {
      const message = redactor.redact(error instanceof Error ? error.message : String(error));
      journal.emit({ type: "publish.failed", target, error: message });
      core.warning(neutralizeLog(`Rivumi could not publish the ${target}: ${message}`));
    }
  };

  for (const notice of outcome.notices ?? []) core.notice(neutralizeLog(redactor.redact(notice)));
  let commentUrl: string | undefined;
  if (ports.publisher) {
    const published = await ports.publisher.publishAll(outcome);
    commentUrl = published.commentUrl;
    for (const { target, error } of published.failures)
      core.warning(neutralizeLog(`Rivumi could not publish the ${target}: ${error}`));
  }
  const summary = redactor.redact(
    renderSummary(outcome, { commentUrl, fork: outcome.fork === true }),
  );
  await attempt("step summary", async () => {
    if (!ports.stepSummary) return;
    await core.summary.addRaw(summary).write();
    journal.emit({ type: "publish.summary", bytes: Buffer.byteLength(summary) });
  });
  await attempt("result file", () =>
    writeFileSync(ports.resultPath, resultJson(outcome, redactor)),
  );
  await attempt("outputs", () => {
    const out = (name: string, value: string) => core.setOutput(name, redactor.redact(value));
    out("conclusion", outcome.conclusion);
    out("comment-url", commentUrl ?? "");
    out("result-file", ports.resultPath);
    out("journal-file", ports.journalPath);
    out("tokens-in", String(outcome.stats.usage.promptTokens));
    out("tokens-out", String(outcome.stats.usage.completionTokens));
    out("cost-usd", outcome.stats.costUsd !== undefined ? outcome.stats.costUsd.toFixed(6) : "");
    const hunks = outcome.coverage?.hunks;
    out("hunks-total", hunks ? String(hunks.total) : "");
    out("hunks-examined", hunks ? String(hunks.examined) : "");
    out("hunks-excluded", hunks ? String(hunks.excluded) : "");
  });
  ports.say(`Rivumi ${outcome.conclusion}${outcome.note ? `: ${outcome.note}` : ""}`);
  if (outcome.conclusion === "failure")
    core.setFailed(neutralizeLog(redactor.redact(outcome.note ?? "Rivumi failed")));
  journal.emit(finishedEvent(outcome));
  await attempt("journal artifact", async () => {
    if (!ports.canUpload) {
      ports.say(`No ACTIONS_RUNTIME_TOKEN: the journal stays at ${ports.journalPath}`);
      return;
    }
    const files = [ports.journalPath, ports.resultPath, ...(outcome.attachments ?? [])];
    const id = await uploadJournal(files, ports.journalName);
    ports.say(`Journal uploaded as artifact ${ports.journalName} (id ${id ?? "?"})`);
  });
}

function resultJson(outcome: Outcome, redactor: Redactor): string {
  const { conclusion, stop, note, review, stats, coverage } = outcome;
  const result = {
    conclusion,
    stop: stop ?? null,
    note: note ?? null,
    review: review ?? null,
    unanchored: outcome.unanchored ?? [],
    coverage: coverage ? { line: coverage.line, ...(coverage.report as object) } : null,
    stats,
  };
  return redactor.redact(JSON.stringify(result, null, 2));
}

function finishedEvent(outcome: Outcome) {
  const { stats } = outcome;
  const common = { turns: stats.turns, usage: stats.usage, ms: stats.ms };
  return outcome.conclusion === "failure"
    ? {
        type: "run.finished" as const,
        conclusion: "failure",
        stop: outcome.stop ?? "error",
        ...common,
      }
    : {
        type: "run.finished" as const,
        conclusion: outcome.conclusion,
        stop: outcome.stop ?? "none",
        ...common,
        ...(stats.costUsd !== undefined ? { costUsd: stats.costUsd } : {}),
      };
}
