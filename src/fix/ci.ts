// `auto-fix`: a triage of a failed run on a same-repository pull request starts a fix of its first
// cause, while the pull request's head is still the run's, within `max-fix-attempts`. The attempt
// is recorded in the triage's history before the agent starts, so a re-run of the failed run, or a
// second triage at the same moment, never starts a second fix.
import type { Outcome, TriageReport, TriageResult } from "../outcome/outcome.js";
import { bothStats } from "../outcome/stats.js";
import type { FixPlan, TriagePlan } from "../plan/plan.js";
import {
  addFixAttempt,
  decideFixAttempt,
  fixAttemptsIn,
  fixEvidence,
  fixesFailure,
  type FixAttemptDecision,
} from "../triage/fix-attempts.js";
import { HISTORY_DAYS } from "../triage/history.js";
import type { TriagePorts } from "../triage/ports.js";
import { firstCause, runTriage } from "../triage/run.js";
import { errorText } from "../util/error-text.js";
import { runFix, type FixPorts } from "./run.js";

export type AutoFixPorts = TriagePorts & FixPorts;

/** The triage, then, when `auto-fix` allows it, the fix of its first cause; one outcome. */
export async function runTriageAndFix(ports: AutoFixPorts, plan: TriagePlan): Promise<Outcome> {
  const triage = await runTriage(ports, plan);
  if (!ports.settings.fix.auto) return triage;
  const start = await mayStart(ports, plan, triage.result.report).catch(
    (error: unknown): Start => ({
      go: false,
      why: `it could not be checked (${errorText(error)})`,
    }),
  );
  if (!start.go) {
    ports.journal.emit({ type: "fix.held", reason: "auto-fix", text: start.why, files: [] });
    return withFix(triage, { started: false, why: ports.redact(start.why) });
  }
  // No progress note of its own: the triage's comment on the pull request is the fix's reply.
  let fixed: Outcome;
  try {
    fixed = await runFix(
      { ...ports, attempt: start.attempt, progress: () => undefined },
      start.plan,
    );
  } catch (error) {
    // The triage stands on its own: a fix that could not run is a line in it, not its failure.
    const why = ports.redact(`the fix could not run (${errorText(error)})`);
    ports.journal.emit({ type: "fix.held", reason: "failed", text: why, files: [] });
    return { ...withFix(triage, { started: false, why }), conclusion: worse(triage.conclusion) };
  }
  const report = fixed.result.kind === "review" ? fixed.result.fix : undefined;
  if (!report) return withFix(triage, { started: false, why: "the fix ended without a result" });
  const answer = fixed.result.kind === "review" ? fixed.result.review?.summary : undefined;
  const key = triage.publications.find(
    (p) => p.kind === "sticky-comment" && p.pr === start.plan.pr,
  );
  const commit = fixed.publications.find((p) => p.kind === "fix-commit");
  const outcome = withFix(triage, { started: true, pr: start.plan.pr, report, answer });
  return {
    ...outcome,
    // The fix's commit takes the place of the triage's comment on its pull request: the comment
    // is written after the commit and says what became of it.
    publications: outcome.publications.map((p) =>
      commit?.kind === "fix-commit" && p === key && key.kind === "sticky-comment"
        ? { ...commit, ...(key.key !== undefined ? { key: key.key } : {}) }
        : p,
    ),
    conclusion:
      fixed.conclusion === "failure" && outcome.conclusion === "success"
        ? "partial"
        : outcome.conclusion,
    note:
      fixed.conclusion === "failure"
        ? joinNotes(outcome.note, `The fix failed: ${fixed.note ?? "unknown"}`)
        : outcome.note,
    stats: bothStats(outcome.stats, fixed.stats, ports.started),
    attachments: [...outcome.attachments, ...fixed.attachments],
    notices: [...outcome.notices, ...fixed.notices],
  };
}

const worse = (c: Outcome["conclusion"]): Outcome["conclusion"] =>
  c === "success" ? "partial" : c;

const joinNotes = (a: string | undefined, b: string) => (a ? `${a} ${b}` : b);

type Start =
  | { go: true; plan: FixPlan; attempt: NonNullable<FixPorts["attempt"]> }
  | { go: false; why: string };

async function mayStart(
  ports: AutoFixPorts,
  plan: TriagePlan,
  report: TriageReport,
): Promise<Start> {
  const { settings } = ports;
  if (!settings.fix.push) return { go: false, why: "auto-fix needs push-fixes: true" };
  const [pr, ...others] = plan.prNumbers;
  if (pr === undefined)
    return { go: false, why: "the run has no same-repository pull request to fix" };
  if (others.length > 0)
    return {
      go: false,
      why: `the run's head is in ${plan.prNumbers.length} pull requests; a fix goes to one`,
    };
  const cause = firstCause(report);
  if (!cause) return { go: false, why: "the triage found no evidence to start a fix from" };
  const ci = await ports.ci();
  if (!ci.history)
    return {
      go: false,
      why: "the triage history on the memory branch, which counts the attempts, is not available",
    };
  const failure = { signature: report.signature, pr, run: plan.runId, head: plan.headSha };
  const max = settings.fix.maxAttempts;
  // A run already attempted says so first, whatever its head is now.
  // The failed run tested Rivumi's own fix of this failure: it came back after the fix.
  const onFix = fixesFailure(await ci.github.commitMessage(plan.headSha), report.signature);
  const earlier = decideFixAttempt(fixAttemptsIn(await ci.history.read()), failure, max, onFix);
  if (!earlier.go && earlier.reason !== "attempts") return { go: false, why: earlier.text };
  const target = await ports.work.target({
    kind: "task",
    pr,
    task: "",
    trusted: true,
    reason: "auto-fix",
  });
  if (target.fork) return { go: false, why: "the pull request comes from a fork" };
  if (target.head !== plan.headSha)
    return {
      go: false,
      why: `the pull request's head moved to ${target.head.slice(0, 12)} since the failed run tested ${plan.headSha.slice(0, 12)}`,
    };
  let decision: FixAttemptDecision = { go: false, reason: "attempts", text: "not decided" };
  await ci.history.update(
    (text) =>
      addFixAttempt(
        text,
        (rows) => {
          decision = decideFixAttempt(rows, failure, max, onFix);
          return decision.go
            ? {
                v: 1,
                fix: "attempt",
                ...failure,
                attempt: decision.attempt,
                at: new Date().toISOString(),
              }
            : undefined;
        },
        new Date(),
        HISTORY_DAYS,
      ),
    `rivumi: fix attempt for run ${plan.runId}`,
  );
  const decided = decision as FixAttemptDecision;
  if (!decided.go) return { go: false, why: decided.text };
  return {
    go: true,
    attempt: { runId: plan.runId, signature: report.signature, number: decided.attempt, max },
    plan: {
      kind: "fix",
      pr,
      task: `fix the failure of run ${plan.runId}`,
      trusted: true,
      reason: `auto-fix of run ${plan.runId} (attempt ${decided.attempt} of ${max})`,
      request: {
        source: "ci",
        what: fixEvidence(cause, report.signature),
        runId: plan.runId,
        headSha: plan.headSha,
        signature: report.signature,
      },
    },
  };
}

function withFix(
  triage: Outcome<TriageResult>,
  auto: NonNullable<NonNullable<TriageReport["fix"]>["auto"]>,
): Outcome<TriageResult> {
  const report = triage.result.report;
  return {
    ...triage,
    result: { ...triage.result, report: { ...report, fix: { offer: report.fix?.offer, auto } } },
  };
}
