import { statSync } from "node:fs";
import { resolve } from "node:path";
import { runMode } from "../modes/index.js";
import type { Outcome } from "../outcome/outcome.js";
import type { RlmPlan } from "../plan/plan.js";
import { RLM_DEFAULTS } from "../rlm/options.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { cliPorts, cliSettings, startCliRun } from "./bootstrap.js";
import { UsageError } from "./usage-error.js";

export const USAGE = `usage: rivumi rlm --input FILE --question TEXT [--model M] [--child-model M]
                 [--max-iterations N] [--max-depth N] [--concurrency N] [--max-child-calls N]
                 [--max-tokens N] [--journal FILE] [--json]

Answers a question about a file far too large for a prompt with the RLM engine: the file is loaded
into a python3 (3.9+) REPL and the model works on it through code, with child model calls for
slices. Defaults: --max-iterations ${RLM_DEFAULTS.maxIterations}, --max-depth ${RLM_DEFAULTS.maxDepth} (0-3), --concurrency ${RLM_DEFAULTS.concurrency} (1-64),
--max-child-calls ${RLM_DEFAULTS.maxChildCalls} and --max-tokens ${RLM_DEFAULTS.maxTokens} (what child calls and nested runs may spend
together, whatever the REPL asks); the child model defaults to the model. Environment: OPENAI_BASE_URL, OPENAI_API_KEY, RIVUMI_MODEL.
The journal goes to .rivumi/runs/<id>/journal.jsonl unless --journal is given.
Exit status: 0 finalized, 1 failed, 3 stopped at the iteration limit without finalize().`;

/** `rivumi rlm`: the RLM mode on a local file. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
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
        "max-tokens": { type: "string", default: String(RLM_DEFAULTS.maxTokens) },
        journal: { type: "string" },
        json: { type: "boolean", default: false },
      },
    },
    USAGE,
  );
  if (!values.input) throw new UsageError(`--input FILE is required\n${USAGE}`);
  if (!values.question?.trim()) throw new UsageError(`--question TEXT is required\n${USAGE}`);
  const input = resolve(values.input);
  let isFile = false;
  try {
    isFile = statSync(input).isFile();
  } catch {
    // reported below
  }
  if (!isFile) throw new UsageError(`--input ${values.input}: not a readable file`);
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
      maxTokens: wholeNumber("max-tokens", values["max-tokens"], 0, 1_000_000_000),
    },
    reason: "asked on the command line",
  };

  const run = startCliRun({
    runsDir: resolve(".rivumi", "runs"),
    journalPath: values.journal ? resolve(values.journal) : undefined,
  });
  const settings = cliSettings(run.env, values.model ? { model: values.model } : {});
  const tty = process.stderr.isTTY === true;
  const ports = cliPorts(run, {
    settings,
    trigger: { kind: "local", root: process.cwd() },
    work: { target: noWorkspace, open: noWorkspace },
    ...(tty ? { status: (line: string) => process.stderr.write(`\r\x1b[K${line}`) } : {}),
  });
  let outcome: Outcome;
  try {
    outcome = await runMode(ports, plan);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    run.journal.emit({
      type: "run.failed",
      phase: "rlm",
      error: message,
      ms: Date.now() - run.started,
    });
    throw error;
  } finally {
    run.close();
    if (tty) process.stderr.write("\n");
  }
  const result = outcome.rlm;
  if (!result) throw new Error("the RLM mode returned no answer");
  run.journal.emit({
    type: "run.finished",
    conclusion: result.finalized ? "success" : "failure",
    stop: result.stop,
    turns: result.iterations,
    usage: outcome.stats.usage,
    ms: Date.now() - run.started,
  });
  const { usage } = outcome.stats;
  const journal = run.journal.path;
  const out = values.json
    ? JSON.stringify({
        answer: result.answer,
        confidence: result.confidence,
        iterations: result.iterations,
        child_calls: result.childCalls,
        coverage: result.coverage,
        usage: { input_tokens: usage.promptTokens, output_tokens: usage.completionTokens },
        root_max_prompt_chars: result.rootMaxPromptChars,
        journal,
      })
    : [
        result.answer,
        "",
        `confidence: ${result.confidence ?? "none"} · ${result.stop} after ${result.iterations} iteration(s) · ${result.childCalls} child call(s)`,
        `tokens: ${usage.promptTokens} in, ${usage.completionTokens} out · largest root request: ${result.rootMaxPromptChars} chars`,
        `journal: ${journal}`,
      ].join("\n");
  process.stdout.write(`${run.redactor.redact(out)}\n`);
  return result.finalized ? 0 : result.stop === "iteration-limit" ? 3 : 1;
}

const noWorkspace = () => Promise.reject(new Error("rivumi rlm works on its input file only"));
