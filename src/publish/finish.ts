import { errorText } from "../util/error-text.js";
import { writeFileSync } from "node:fs";
import type { Outcome } from "../outcome/outcome.js";
import type { Redactor } from "../redact/redactor.js";
import { settle, stepDeadline, type StepLimits } from "./deadline.js";
import { showArtifact, uploadArtifact } from "./finish-artifact.js";
import type { FinishPorts } from "./finish-ports.js";
import { redactOutcomeText } from "./redact-outcome.js";
import { renderSummary } from "./summary.js";
import { resultJson, reviewFields, type Published, type Unpublished } from "./result-json.js";

export type { StopWatch } from "./deadline.js";
export type { FinishPorts } from "./finish-ports.js";

/** Step 2, GitHub: a minute at most; after a stop, until 5 s past the first signal. */
const GITHUB_STEP: StepLimits = { budgetMs: 60_000, afterStopMs: 5_000 };

/**
 * Publishes an outcome. Every mode's outcome goes through here, in this one order, so that a
 * stalled or failing GitHub, or a cancelled job, costs only what depends on it:
 *
 * 1. Local results, first and without any network: notices, the step summary, `result.json`,
 *    the outputs, and `setFailed` for a failure. The journal file is already on disk (each event
 *    is appended as it happens). This takes a few milliseconds, so a run stopped by the runner
 *    (SIGINT, then SIGTERM 7.5 s later, SIGKILL at 10 s) always leaves them.
 * 2. GitHub: the sticky comment, review, reactions, replies, triage issues and annotations. Each
 *    request has a timeout of its own (github/octokit.ts), and the step one deadline
 *    (GITHUB_STEP), which a stop shortens and a later signal cuts short. What was not published
 *    is said in the conclusion (a success becomes partial), the note, `result.json`, the outputs
 *    and the summary. `run.finished` then ends the journal.
 * 3. The journal rendered as a page, and the artifact upload (journal, page, result file and the
 *    outcome's attachments), under a deadline of its own: it does not depend on step 2. A failed
 *    upload is one more thing not published: a success becomes partial, in the outputs too.
 * 4. One edit of the comment and of the summary: the artifact's link, or after a failed upload
 *    the comment rewritten from the partial outcome, so that it names no missing artifact.
 *
 * A deadline or a stop skips what is left of a step, never what is done; every step is best
 * effort, so a failure in one is a warning and the next one still runs.
 */
export async function finish(given: Outcome, ports: FinishPorts): Promise<void> {
  const { journal, redactor, core } = ports;
  // Without an artifact token nothing will be uploaded: no text names the artifact.
  const outcome: Outcome = ports.canUpload
    ? given
    : { ...given, artifactMissing: "no artifact token" };
  const attempt = async (target: string, work: () => Promise<void> | void) => {
    try {
      await work();
    } catch (error) {
      const message = redactor.redact(errorText(error));
      journal.emit({ type: "publish.failed", target, error: message });
      core.warning(`Rivumi could not publish the ${target}: ${message}`);
    }
  };
  const out = (name: string, value: string) => core.setOutput(name, redactor.redact(value));
  const fork = outcome.result.kind === "stop" && outcome.result.fork;

  // 1. Local results.
  for (const notice of outcome.notices) core.notice(redactor.redact(notice));
  // Redacted before it is rendered too (see redactOutcomeText), and again once rendered.
  const shown = (o: Outcome) => redactOutcomeText(o, (text) => redactor.redact(text));
  const first = redactor.redact(
    renderSummary(shown(outcome), {
      commentUrl: undefined,
      fork,
      site: ports.site,
      texts: ports.texts,
    }),
  );
  await attempt("step summary", async () => {
    if (!ports.stepSummary) return;
    await core.summary.addRaw(first).write({ overwrite: true });
    journal.emit({ type: "publish.summary", bytes: Buffer.byteLength(first) });
  });
  const writeResult = (o: Outcome, published: Published) =>
    attempt("result file", () =>
      writeFileSync(ports.resultPath, resultJson(o, published, redactor)),
    );
  await writeResult(outcome, { comment: undefined, unpublished: [], artifact: undefined });
  await attempt("outputs", () => {
    out("conclusion", outcome.conclusion);
    out("result-file", ports.resultPath);
    out("journal-file", ports.journalPath);
    out("tokens-in", String(outcome.stats.usage.promptTokens));
    out("tokens-out", String(outcome.stats.usage.completionTokens));
    out("cached-tokens", String(outcome.stats.usage.cachedTokens));
    out("reasoning-tokens", String(outcome.stats.usage.reasoningTokens));
    out("cost-usd", outcome.stats.costUsd !== undefined ? outcome.stats.costUsd.toFixed(6) : "");
    const hunks = reviewFields(outcome).coverage?.hunks;
    out("hunks-total", hunks ? String(hunks.total) : "");
    out("hunks-examined", hunks ? String(hunks.examined) : "");
    out("hunks-excluded", hunks ? String(hunks.excluded) : "");
  });
  if (outcome.conclusion === "failure")
    core.setFailed(redactor.redact(outcome.note ?? "Rivumi failed"));

  // 2. GitHub.
  const published = await publishOnGitHub(outcome, ports);
  const final = withUnpublished(outcome, published.unpublished);
  for (const { target, error } of published.unpublished)
    core.warning(`Rivumi could not publish the ${target}: ${error}`);
  await writeResult(final, published);
  await attempt("outputs", () => {
    if (final.conclusion !== outcome.conclusion) out("conclusion", final.conclusion);
    out("comment-url", published.comment ?? "");
    out("fix-commit", published.fix?.kind === "committed" ? published.fix.sha : "");
  });
  ports.say(redactor.redact(`Rivumi ${final.conclusion}${final.note ? `: ${final.note}` : ""}`));
  journal.emit(finishedEvent(final));

  // 3. The journal's page and the artifact.
  const upload = await uploadArtifact(final, ports);
  let last = final;
  if (upload.kind === "uploaded") published.artifact = upload.url;
  if (upload.kind === "failed") {
    published.unpublished.push({ target: "journal artifact", error: upload.error });
    last = withUnpublished(
      { ...outcome, artifactMissing: "its upload failed" },
      published.unpublished,
    );
    await attempt("outputs", () => out("conclusion", last.conclusion));
    ports.say(redactor.redact(`Rivumi ${last.conclusion}: the journal artifact was not uploaded.`));
  }

  // 4. The artifact's link, or the comment rewritten without it; then the summary.
  await showArtifact(upload, last, ports);
  const summary = redactor.redact(
    renderSummary(shown(last), {
      commentUrl: published.comment,
      fork,
      site: ports.site,
      texts: ports.texts,
    }) + publishedNotes(published),
  );
  // The journal ended with step 2 (and was uploaded, or not): this rewrite is not journaled.
  await attempt("step summary", async () => {
    if (!ports.stepSummary || summary === first) return;
    await core.summary.addRaw(summary).write({ overwrite: true });
  });
  if (upload.kind !== "none") await writeResult(last, published);
}

/** Step 2: the outcome's publications, under one deadline. */
async function publishOnGitHub(outcome: Outcome, ports: FinishPorts): Promise<Published> {
  const published: Published = { comment: undefined, unpublished: [], artifact: undefined };
  const publisher = ports.publisher;
  if (!publisher) return published;
  const deadline = stepDeadline(GITHUB_STEP, ports.stops);
  const done = await settle(
    publisher.publishAll(outcome, { signal: deadline.signal }),
    deadline.signal,
  );
  deadline.end();
  if (done.kind === "done") {
    published.comment = done.value.commentUrl;
    published.unpublished.push(...done.value.failures);
    if (done.value.threads) published.threads = done.value.threads;
    if (done.value.fix) published.fix = done.value.fix;
  } else {
    const error = describe(done, ports.redactor);
    ports.journal.emit({ type: "publish.failed", target: "GitHub publications", error });
    published.unpublished.push({ target: "comment and the other GitHub publications", error });
  }
  return published;
}

/** The outcome as published: a success that could not be fully published is partial. */
function withUnpublished(outcome: Outcome, unpublished: readonly Unpublished[]): Outcome {
  if (unpublished.length === 0) return outcome;
  const what = unpublished.map((u) => `the ${u.target} (${u.error})`).join("; ");
  const said = `Not published on GitHub: ${what}.`;
  return {
    ...outcome,
    conclusion: outcome.conclusion === "success" ? "partial" : outcome.conclusion,
    note: outcome.note ? `${outcome.note} ${said}` : said,
  };
}

/** The summary's closing lines: what could not be published, and where the artifact is. */
function publishedNotes(published: Published): string {
  const lines: string[] = [];
  if (published.unpublished.length > 0) {
    lines.push("", "**Not published on GitHub:**");
    for (const { target, error } of published.unpublished)
      lines.push(`- the ${target}: ${error.replace(/\s+/g, " ").slice(0, 200)}`);
  }
  if (published.threads?.refused)
    lines.push(
      "",
      `**Review threads:** ${published.threads.refused.replace(/\s+/g, " ").slice(0, 300)}`,
    );
  if (published.artifact) lines.push("", `Journal and result files: ${published.artifact}`);
  return lines.length > 0 ? `\n${lines.join("\n")}\n` : "";
}

function describe(done: { kind: "failed"; error: unknown } | { kind: "cut" }, redactor: Redactor) {
  if (done.kind === "cut") return "publishing ran out of time";
  const error = done.error;
  return redactor.redact(errorText(error));
}

function finishedEvent(outcome: Outcome) {
  const { stats } = outcome;
  const common = {
    turns: stats.turns,
    ...(stats.requests !== undefined ? { requests: stats.requests } : {}),
    usage: stats.usage,
    ms: stats.ms,
  };
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
