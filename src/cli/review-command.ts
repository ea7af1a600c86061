import { join } from "node:path";
import type { Outcome } from "../outcome/outcome.js";
import { DEFAULT_REVIEW_TASK, type AgentPlan } from "../plan/plan.js";
import { redactOutcomeText } from "../publish/redact-outcome.js";
import { formatUsage } from "../markdown/usage-line.js";
import { renderReviewBody } from "../review/publish-text.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { cliSettings, localMode, requireModel } from "./bootstrap.js";
import { readCliEnv, type CliRun } from "./cli-run.js";
import { BUDGET_OPTIONS, BUDGET_USAGE, budgetInputs, parseBudget } from "./budget-flags.js";
import { endOf, EXIT } from "./exit.js";
import { checkUserFile, localMemory } from "./local-context.js";
import { localSource } from "./local-source.js";
import { MODEL_OPTIONS, MODEL_USAGE, modelInputs } from "./model-flags.js";
import { directoryArg } from "./paths.js";
import { SANDBOX_OPTION, SANDBOX_USAGE, sandboxInputs, warnIfUnconfined } from "./sandbox-flag.js";
import { ReviewProgress, terminalStatus } from "./progress.js";
import { snapshotLocalDiff } from "./snapshot.js";
import { UsageError } from "./usage-error.js";
import { runLocal, type LocalPublication } from "./local-run.js";
import { scriptedField } from "./run-files.js";

export const USAGE = `usage: rivumi review [--base REF] [--repo DIR] [--task TEXT] [--user-file F] [--model M]
                    [--max-turns N] [--max-tokens N] [--timeout-minutes N] [--max-cost-usd X]
                    [--price-input-per-mtok X --price-output-per-mtok X] [--rlm-sandbox none]
                    [--reasoning-effort E] [--token-limit-param P] [--max-output-tokens N] [--json]

Reviews HEAD and the working tree (uncommitted and untracked, not ignored, changes) against the
merge base with REF, with the same agent the GitHub Action runs. Nothing in the checkout changes.
  --base REF        default: origin/HEAD, origin/main, origin/master, main, then master
  --repo DIR        the checkout (default: the current directory)
  --task TEXT       your own task instead of a review
  --user-file F     your instructions (default: $XDG_CONFIG_HOME/rivumi/RIVUMI.md when it exists)
  --model M         the model (default: $RIVUMI_MODEL, else gpt-4.1-mini)
  --max-turns N     model turns (default 30)
  --json            print the result as JSON
${BUDGET_USAGE}
${SANDBOX_USAGE}
  Defaults as in the action: --max-tokens 400000, --timeout-minutes 20, no prices.
${MODEL_USAGE}
On a terminal, progress (turn, tool calls, tokens, time) is shown on stderr.
Environment: OPENAI_BASE_URL, OPENAI_API_KEY, RIVUMI_MODEL.
The journal is written under <repo>/.rivumi/runs/<id>/journal.jsonl, with requests.jsonl (what was
sent), result.json (the --json output) and journal.html (the journal's page) beside it.
--model scripted answers with canned replies, no endpoint and no key: a look at the flow, not a review.
Exit status: 0 done, 1 failed, 2 bad command line, 3 stopped at a limit, 130 Ctrl-C, 143 SIGTERM.`;

/** `rivumi review`: the action's review mode on a local checkout. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return EXIT.ok;
  const { values } = parseCli(
    {
      args: argv,
      options: {
        base: { type: "string" },
        repo: { type: "string" },
        json: { type: "boolean", default: false },
        task: { type: "string" },
        "user-file": { type: "string" },
        model: { type: "string" },
        "max-turns": { type: "string", default: "30" },
        ...BUDGET_OPTIONS,
        ...SANDBOX_OPTION,
        ...MODEL_OPTIONS,
      },
    },
    USAGE,
  );
  const repo = directoryArg("--repo", values.repo ?? ".");
  if (values.base !== undefined && values.base.trim() === "")
    throw new UsageError("--base: the value is empty; give a branch, tag or commit");
  if (values.task !== undefined && values.task.trim() === "")
    throw new UsageError("--task: the value is empty; give a task or leave --task out");
  if (values["user-file"] !== undefined) await checkUserFile(values["user-file"]);
  const maxTurns = wholeNumber("max-turns", values["max-turns"], 1);
  const budget = parseBudget(values);
  const settings = cliSettings(readCliEnv(), {
    "max-turns": String(maxTurns),
    ...(values.model !== undefined ? { model: values.model } : {}),
    ...budgetInputs(budget),
    ...sandboxInputs(values["rlm-sandbox"]),
    ...modelInputs(values),
  });
  const diff = await snapshotLocalDiff(repo, values.base);
  // After the checks of the command line (the checkout, the base), before anything is sent.
  requireModel(settings);
  warnIfUnconfined(settings.rlmSandbox);

  const status = values.json ? undefined : terminalStatus(Date.now());
  const progress = status ? new ReviewProgress(status) : undefined;
  const runsDir = join(diff.root, ".rivumi", "runs");
  const plan: AgentPlan = {
    kind: values.task ? "task" : "review",
    pr: undefined,
    task: values.task ?? DEFAULT_REVIEW_TASK,
    trusted: true,
    reason: "a local run by the checkout's owner",
  };
  return runLocal({
    phase: "review",
    start: {
      runsDir,
      timeoutMinutes: settings.timeoutMinutes,
      ...(progress ? { observe: (event) => progress.observe(event) } : {}),
    },
    status,
    work: (run) =>
      localMode(run, plan, {
        settings,
        trigger: { kind: "local", root: diff.root },
        work: localSource(diff, {
          userFile: values["user-file"],
          artifacts: join(runsDir, run.id),
          journal: run.journal,
        }),
        memory: () => localMemory(diff.root, run.journal),
      }),
    publish: (outcome, run) => reviewPublication(outcome, run, values.json),
  });
}

/** What a local review prints and keeps: the review as text, or result.json's object as JSON. */
function reviewPublication(outcome: Outcome, run: CliRun, json: boolean): LocalPublication {
  const { stats } = outcome;
  const journal = run.journal.path;
  const failed = outcome.conclusion === "failure";
  // A failure's reason is the outcome's note; the journal says the rest.
  const end = endOf({
    command: "review",
    failed,
    stop: run.stopped() ?? outcome.stop,
    why: outcome.note,
    journal,
  });
  const result = {
    conclusion: outcome.conclusion,
    stop: outcome.stop,
    note: outcome.note ?? null,
    review: (outcome.result.kind === "review" ? outcome.result.review : undefined) ?? null,
    model: stats.model,
    ...scriptedField(stats.model),
    usage: stats.usage,
    cost_usd: stats.costUsd ?? null,
    journal,
  };
  return {
    finished: {
      conclusion: outcome.conclusion,
      stop: outcome.stop ?? "none",
      turns: stats.turns,
      usage: stats.usage,
      ...(stats.costUsd !== undefined ? { costUsd: stats.costUsd } : {}),
      ms: stats.ms,
    },
    result,
    end,
    print: (files) => {
      if (json) return { json: JSON.stringify(result, null, 2) };
      if (failed) return undefined;
      // Redacted as written and again as rendered (see redactOutcomeText).
      const shown = redactOutcomeText(outcome, (text) => run.redactor.redact(text));
      const label = scriptedField(stats.model).scripted;
      const text = [
        ...(label ? [`(${label})`, ""] : []),
        renderReviewBody(shown),
        formatUsage(stats),
        `journal: ${journal}`,
        `page: ${files?.page}`,
      ];
      return { text: text.join("\n") };
    },
  };
}
