import { plural } from "../util/plural.js";
import { resolve } from "node:path";
import type { Outcome, StopReason } from "../outcome/outcome.js";
import type { RlmPlan } from "../plan/plan.js";
import { RLM_DEFAULTS } from "../rlm/options.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { cliSettings, localMode, requireModel } from "./bootstrap.js";
import { readCliEnv, type CliRun } from "./cli-run.js";
import { BUDGET_OPTIONS, BUDGET_USAGE, formatCost, parseBudget } from "./budget-flags.js";
import { CliExit, endOf, EXIT } from "./exit.js";
import { EFFORT_OPTIONS, EFFORT_USAGE, modelInputs } from "./model-flags.js";
import { readableFileArg, writableFileArg } from "./paths.js";
import { SANDBOX_OPTION, SANDBOX_USAGE, sandboxInputs, warnIfUnconfined } from "./sandbox-flag.js";
import { terminalStatus } from "./progress.js";
import { SpendMeter } from "./run-budget.js";
import { UsageError } from "./usage-error.js";
import { runLocal, type LocalPublication } from "./local-run.js";
import { scriptedField } from "./run-files.js";

export const USAGE = `usage: rivumi rlm --input FILE --question TEXT [--model M] [--child-model M]
                 [--max-iterations N] [--max-depth N] [--concurrency N] [--max-child-calls N]
                 [--max-child-tokens N] [--max-tokens N] [--timeout-minutes N] [--max-cost-usd X]
                 [--price-input-per-mtok X --price-output-per-mtok X] [--reasoning-effort E]
                 [--rlm-sandbox none]
                 [--journal FILE] [--json]

Answers a question about a file far too large for a prompt with the RLM engine: the file is loaded
into a python3 (3.9+) REPL and the model works on it through code, with child model calls for
slices. Defaults: --max-iterations ${RLM_DEFAULTS.maxIterations}, --max-depth ${RLM_DEFAULTS.maxDepth} (0-3), --concurrency ${RLM_DEFAULTS.concurrency} (1-64),
--max-child-calls ${RLM_DEFAULTS.maxChildCalls} and --max-child-tokens ${RLM_DEFAULTS.maxTokens} (what child calls and nested runs may
spend together, whatever the REPL asks); the child model defaults to the model.
${BUDGET_USAGE}
${SANDBOX_USAGE}
  Here --max-tokens counts the root's requests and the children's; by default only the child
  budget and the iteration limit apply, and there is no time limit.
${EFFORT_USAGE}
On a terminal, progress is shown on stderr. Environment: OPENAI_BASE_URL, OPENAI_API_KEY, RIVUMI_MODEL.
The journal goes to .rivumi/runs/<id>/journal.jsonl, with requests.jsonl, result.json (the --json
output) and journal.html beside it, unless --journal is given (then only the journal is written).
--model scripted answers with canned replies, no endpoint and no key: a look at the flow only.
Exit status: 0 finalized, 1 failed, 2 bad command line, 3 stopped at a limit (the iteration limit
without finalize() among them), 130 Ctrl-C, 143 SIGTERM.`;

/** `rivumi rlm`: the RLM mode on a local file. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return EXIT.ok;
  const { values } = parseCli(
    {
      args: argv,
      options: {
        input: { type: "string" },
        question: { type: "string" },
        model: { type: "string" },
        "child-model": { type: "string" },
        "max-iterations": { type: "string", default: String(RLM_DEFAULTS.maxIterations) },
        "max-depth": { type: "string", default: String(RLM_DEFAULTS.maxDepth) },
        concurrency: { type: "string", default: String(RLM_DEFAULTS.concurrency) },
        "max-child-calls": { type: "string", default: String(RLM_DEFAULTS.maxChildCalls) },
        "max-child-tokens": { type: "string", default: String(RLM_DEFAULTS.maxTokens) },
        ...BUDGET_OPTIONS,
        ...SANDBOX_OPTION,
        ...EFFORT_OPTIONS,
        journal: { type: "string" },
        json: { type: "boolean", default: false },
      },
    },
    USAGE,
  );
  if (values.input === undefined) throw new UsageError(`--input FILE is required\n${USAGE}`);
  if (!values.question?.trim()) throw new UsageError(`--question TEXT is required\n${USAGE}`);
  const input = readableFileArg("--input", values.input);
  const plan: RlmPlan = {
    kind: "rlm",
    input,
    question: values.question,
    childModel: values["child-model"],
    limits: {
      maxIterations: wholeNumber("max-iterations", values["max-iterations"], 1, 500),
      maxDepth: wholeNumber("max-depth", values["max-depth"], 0, 3),
      concurrency: wholeNumber("concurrency", values.concurrency, 1, 64),
      maxChildCalls: wholeNumber("max-child-calls", values["max-child-calls"], 0, 100_000),
      maxTokens: wholeNumber("max-child-tokens", values["max-child-tokens"], 0, 1_000_000_000),
    },
    reason: "asked on the command line",
  };
  const budget = parseBudget(values);
  const journalPath =
    values.journal !== undefined ? writableFileArg("--journal", values.journal) : undefined;

  const settings = cliSettings(readCliEnv(), {
    ...(values.model ? { model: values.model } : {}),
    ...sandboxInputs(values["rlm-sandbox"]),
    ...modelInputs(values),
  });
  requireModel(settings);
  warnIfUnconfined(settings.rlmSandbox);

  const status = values.json ? undefined : terminalStatus(Date.now());
  return runLocal({
    phase: "rlm",
    start: {
      runsDir: resolve(".rivumi", "runs"),
      journalPath,
      timeoutMinutes: budget.timeoutMinutes,
    },
    status,
    work: async (run) => {
      const meter = new SpendMeter(budget, (reason) => run.stop(reason));
      const outcome = await localMode(run, plan, {
        settings,
        trigger: { kind: "local", root: process.cwd() },
        work: { target: noWorkspace, open: noWorkspace },
        meter,
        ...(status ? { status: (line: string) => status.show(line) } : {}),
      });
      return { outcome, costUsd: meter.costUsd };
    },
    publish: ({ outcome, costUsd }, run) =>
      rlmPublication(outcome, run, {
        costUsd,
        model: settings.model,
        json: values.json,
        // Beside a journal of the runs folder only: --journal FILE may sit among the user's own files.
        keepFiles: journalPath === undefined,
      }),
  });
}

/** What a local RLM run prints and keeps: the answer and its counts, or the JSON. */
function rlmPublication(
  outcome: Outcome,
  run: CliRun,
  opts: { costUsd: number | undefined; model: string; json: boolean; keepFiles: boolean },
): LocalPublication {
  const { result } = outcome;
  if (result.kind !== "rlm") throw new Error("the RLM mode returned no answer");
  const { costUsd } = opts;
  const { usage } = outcome.stats;
  const journal = run.journal.path;
  const cost = costUsd !== undefined ? ` · cost ${formatCost(costUsd)}` : "";
  // Parts of the counts before them (cached of in, reasoning of out), said when there were some.
  const cached = usage.cachedTokens > 0 ? ` (${usage.cachedTokens} cached)` : "";
  const reasoning = usage.reasoningTokens > 0 ? ` (${usage.reasoningTokens} reasoning)` : "";
  const json = {
    answer: result.answer,
    ...scriptedField(opts.model),
    confidence: result.confidence,
    iterations: result.iterations,
    child_calls: result.childCalls,
    coverage: result.coverage,
    usage: {
      input_tokens: usage.promptTokens,
      output_tokens: usage.completionTokens,
      cached_tokens: usage.cachedTokens,
      reasoning_tokens: usage.reasoningTokens,
    },
    ...(costUsd !== undefined ? { cost_usd: costUsd } : {}),
    root_max_prompt_chars: result.rootMaxPromptChars,
    journal,
  };
  const label = scriptedField(opts.model).scripted;
  const end = result.finalized ? undefined : rlmEnd(result.stop, run.stopped(), result.answer);
  return {
    finished: {
      conclusion: result.finalized ? "success" : "failure",
      stop: run.stopped() ?? result.stop,
      turns: result.iterations,
      usage,
      ...(costUsd !== undefined ? { costUsd } : {}),
      ms: Date.now() - run.started,
    },
    result: opts.keepFiles ? json : undefined,
    end,
    print: () => {
      if (opts.json) return { json: JSON.stringify(json) };
      // A failed run prints only its one line, unless the output is JSON for a program to read.
      if (end?.code === EXIT.failed) return undefined;
      const text = [
        ...(label ? [`(${label})`, ""] : []),
        result.answer,
        "",
        `confidence: ${result.confidence ?? "none"} · ${result.stop} after ${plural(result.iterations, "iteration")} · ${plural(result.childCalls, "child call")}`,
        `tokens: ${usage.promptTokens} in${cached}, ${usage.completionTokens} out${reasoning}${cost} · largest root request: ${result.rootMaxPromptChars} chars`,
        `journal: ${journal}`,
      ];
      return { text: text.join("\n") };
    },
  };
}

/** How an RLM run without finalize() ends: a limit (3), Ctrl-C (130), or a failure (1). */
function rlmEnd(stop: string, stopped: StopReason | undefined, answer: string): CliExit {
  // The engine's own limits: its iteration limit and the child budget.
  if (!stopped && (stop === "iteration-limit" || stop === "budget")) {
    const flag = stop === "budget" ? "--max-child-tokens or --max-child-calls" : "--max-iterations";
    return new CliExit(
      `stopped at the limit set by ${flag} without finalize(); the answer above is partial`,
      EXIT.limit,
    );
  }
  return (
    endOf({
      command: "rlm",
      failed: true,
      stop: stopped,
      why: answer.replace(/^The run failed: /, ""),
    }) ?? new CliExit("the RLM run ended without an answer", EXIT.failed)
  );
}

const noWorkspace = () => Promise.reject(new Error("rivumi rlm works on its input file only"));
