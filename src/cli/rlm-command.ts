import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { FileJournal } from "../journal/journal.js";
import { createOpenAIModel } from "../model/openai-model.js";
import { runRlm, type RlmProgress, type RlmResult } from "../rlm/engine.js";
import { RLM_DEFAULTS } from "../rlm/options.js";
import { Redactor } from "../util/redact.js";
import { VERSION } from "../version.js";
import { localRunId, parseCli, printedHelp, wholeNumber } from "./args.js";
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

/** `rivumi rlm`: the RLM engine on a local file. */
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
  const maxIterations = wholeNumber("max-iterations", values["max-iterations"], 1, 500);
  const maxDepth = wholeNumber("max-depth", values["max-depth"], 0, 3);
  const concurrency = wholeNumber("concurrency", values.concurrency, 1, 64);
  const maxChildCalls = wholeNumber("max-child-calls", values["max-child-calls"], 0, 100_000);
  const maxTokens = wholeNumber("max-tokens", values["max-tokens"], 0, 1_000_000_000);

  const id = localRunId();
  const redactor = new Redactor();
  redactor.add(process.env.OPENAI_API_KEY);
  const journal = new FileJournal(
    resolve(values.journal ?? join(".rivumi", "runs", id, "journal.jsonl")),
    redactor,
  );
  journal.emit({
    type: "run.started",
    version: VERSION,
    event: "local",
    runId: id,
    attempt: "1",
    mode: "cli",
  });
  const endpoint = (model: string) =>
    createOpenAIModel({
      baseUrl: process.env.OPENAI_BASE_URL ?? "https://api.openai.com/v1",
      apiKey: process.env.OPENAI_API_KEY,
      model,
    });
  const model = endpoint(values.model ?? process.env.RIVUMI_MODEL ?? "gpt-4.1-mini");
  const controller = new AbortController();
  const cancel = () => controller.abort({ rivumi: "cancelled" });
  process.once("SIGINT", cancel);
  const tty = process.stderr.isTTY === true;
  const started = Date.now();
  let result: RlmResult;
  try {
    result = await runRlm({
      input: { path: input },
      question: values.question,
      model,
      childModel: values["child-model"] ? endpoint(values["child-model"]) : model,
      journal,
      signal: controller.signal,
      maxIterations,
      maxDepth,
      concurrency,
      maxChildCalls,
      maxTokens,
      ...(tty ? { onProgress: showProgress } : {}),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    journal.emit({ type: "run.failed", phase: "rlm", error: message, ms: Date.now() - started });
    throw error;
  } finally {
    process.removeListener("SIGINT", cancel);
    if (tty) process.stderr.write("\n");
  }
  journal.emit({
    type: "run.finished",
    conclusion: result.finalized ? "success" : "failure",
    stop: result.stop,
    turns: result.iterations,
    usage: {
      promptTokens: result.usage.inputTokens,
      completionTokens: result.usage.outputTokens,
      cachedTokens: 0,
    },
    ms: Date.now() - started,
  });
  const out = values.json
    ? JSON.stringify({
        answer: result.answer,
        confidence: result.confidence,
        iterations: result.iterations,
        child_calls: result.childCalls,
        coverage: result.coverage,
        usage: { input_tokens: result.usage.inputTokens, output_tokens: result.usage.outputTokens },
        root_max_prompt_chars: result.rootMaxPromptChars,
        journal: journal.path,
      })
    : [
        result.answer,
        "",
        `confidence: ${result.confidence ?? "none"} · ${result.stop} after ${result.iterations} iteration(s) · ${result.childCalls} child call(s)`,
        `tokens: ${result.usage.inputTokens} in, ${result.usage.outputTokens} out · largest root request: ${result.rootMaxPromptChars} chars`,
        `journal: ${journal.path}`,
      ].join("\n");
  process.stdout.write(`${redactor.redact(out)}\n`);
  return result.finalized ? 0 : result.stop === "iteration-limit" ? 3 : 1;
}

function showProgress(p: RlmProgress): void {
  process.stderr.write(
    `\r\x1b[Krlm: iteration ${p.iteration}/${p.maxIterations} · child calls ${p.childDone} done, ${p.childPending} pending · ${p.tokens.toLocaleString("en-US")} tokens`,
  );
}
