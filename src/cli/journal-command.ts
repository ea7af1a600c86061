import { plural } from "../util/plural.js";
import { errorText } from "../util/error-text.js";
import { accessSync, constants, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import type { Prices } from "../viewer/fields.js";
import { renderPage } from "../viewer/html.js";
import {
  NotAJournal,
  readJournal as readJournalFile,
  readResultBeside,
  versionOf,
} from "../viewer/read.js";
import { readRequestsBeside } from "../viewer/requests.js";
import { buildPage } from "../viewer/run-model.js";
import { formatStats } from "../viewer/stats-text.js";
import { journalStats } from "../viewer/stats.js";
import { bytes } from "../viewer/text.js";
import { VERSION } from "../version.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { onCancelSignals } from "./exit.js";
import { meant } from "./suggest.js";
import { reasoningEffortFlag } from "./model-flags.js";
import { UsageError } from "./usage-error.js";
import { printErr, printJson, printOut } from "./output.js";

export const USAGE = `usage: rivumi journal view JOURNAL [-o FILE] [--prices IN,OUT]
       rivumi journal stats JOURNAL [--json] [--prices IN,OUT]
       rivumi journal replay JOURNAL --base-url URL --model M [--reasoning-effort E]
                             [--limit N] [--json]

Reads the journal.jsonl of any run (review, task, memory command, RLM, triage; action or CLI).
view    writes one self-contained HTML page (default: JOURNAL with .html): the run, a searchable
        timeline, the RLM tree, the prompt sections, instructions, memory and findings. It loads
        nothing from the network; every journal value is shown as text, bounded.
stats   prints tokens, cost and time by phase, by tool and by model, the slowest requests, the
        retries and the errors.
replay  sends the run's recorded root requests (requests.jsonl beside the journal) to another
        endpoint and model, one by one, and reports tokens, time and whether each reply's tool
        calls or final answer differ. It runs no tool and writes nothing. Key: OPENAI_API_KEY.
        --reasoning-effort (minimal, low, medium or high) is sent as reasoning_effort.
--prices IN,OUT prices requests in USD per million input and output tokens, when the journal
        has no cost.`;

/** `rivumi journal`: read a run's journal as a page, as statistics, or against another model. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const [command, ...rest] = argv;
  switch (command) {
    case "view":
      return view(rest);
    case "stats":
      return stats(rest);
    case "replay":
      return replay(rest);
    case undefined:
      throw new UsageError(`a subcommand is required: view, stats or replay\n${USAGE}`);
    default:
      throw new UsageError(
        `unknown subcommand '${command}'${meant(command, ["view", "stats", "replay"], "rivumi journal ")}; expected view, stats or replay\n${USAGE}`,
      );
  }
}

const PRICES = { prices: { type: "string" } } as const;

async function view(argv: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    {
      args: argv,
      allowPositionals: true,
      options: { output: { type: "string", short: "o" }, ...PRICES },
    },
    USAGE,
    "rivumi journal view",
  );
  const path = journalArgument(positionals);
  const prices = parsePrices(values.prices);
  const journal = await readJournal(path);
  const page = renderPage(
    buildPage(journal, {
      prices,
      result: readResultBeside(path),
      requests: await readRequestsBeside(path),
      generator: `rivumi ${VERSION}`,
    }),
  );
  if (values.output === "-") {
    printJson(page);
    return 0;
  }
  const out = resolve(
    values.output ?? join(dirname(path), `${basename(path).replace(/\.jsonl?$/, "")}.html`),
  );
  try {
    writeFileSync(out, page);
  } catch (error) {
    throw new Error(`-o ${out}: ${errorText(error)}`);
  }
  for (const note of journal.notes) printErr(`note: ${note.split("\n")[0]}\n`);
  printOut(
    `${out} (${bytes(Buffer.byteLength(page))}, ${plural(journal.events.length, "event")})\n`,
  );
  return 0;
}

async function stats(argv: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    {
      args: argv,
      allowPositionals: true,
      options: { json: { type: "boolean", default: false }, ...PRICES },
    },
    USAGE,
    "rivumi journal stats",
  );
  const path = journalArgument(positionals);
  const journal = await readJournal(path);
  const result = journalStats(journal, parsePrices(values.prices));
  const out = values.json
    ? JSON.stringify(
        {
          journal: path,
          version: versionOf(journal) ?? null,
          notes: journal.notes,
          ...result,
        },
        withNulls,
      )
    : formatStats(journal, result);
  (values.json ? printJson : printOut)(`${out}\n`);
  return 0;
}

async function replay(argv: string[]): Promise<number> {
  const { values, positionals } = parseCli(
    {
      args: argv,
      allowPositionals: true,
      options: {
        "base-url": { type: "string" },
        model: { type: "string" },
        "reasoning-effort": { type: "string" },
        limit: { type: "string" },
        json: { type: "boolean", default: false },
      },
    },
    USAGE,
    "rivumi journal replay",
  );
  const path = journalArgument(positionals);
  const baseUrl = values["base-url"];
  if (!baseUrl) throw new UsageError(`--base-url URL is required for replay\n${USAGE}`);
  if (!/^https?:\/\//i.test(baseUrl))
    throw new UsageError(
      `--base-url ${baseUrl}: expected an http(s) URL such as https://api.openai.com/v1`,
    );
  if (!values.model) throw new UsageError(`--model M is required for replay\n${USAGE}`);
  const limit = values.limit === undefined ? undefined : wholeNumber("limit", values.limit, 1);
  const reasoningEffort = reasoningEffortFlag(values["reasoning-effort"]);
  // The openai SDK loads only for replay: view and stats start without it.
  const { createOpenAIModel } = await import("../model/openai-model.js");
  const { ModelNegotiation } = await import("../model/negotiation.js");
  const { readCliEnv } = await import("./cli-run.js");
  const { Redactor } = await import("../redact/redactor.js");
  const env = readCliEnv();
  // The recorded requests were redacted when written; the key is masked in what is sent again too.
  const redactor = new Redactor();
  redactor.add(env.apiKey);
  const { formatReplay, NoRecordedRequests, replayJournal } = await import("./journal-replay.js");
  const controller = new AbortController();
  const release = onCancelSignals(() => controller.abort(new Error("cancelled")));
  try {
    const report = await replayJournal({
      journalPath: path,
      model: createOpenAIModel({
        baseUrl,
        apiKey: env.apiKey,
        model: values.model,
        redact: (text) => redactor.redact(text),
        // Replay writes no journal: what the endpoint refuses is learned, and said in no event.
        negotiation: new ModelNegotiation({ reasoningEffort }),
      }),
      baseUrl,
      limit,
      signal: controller.signal,
    });
    if (values.json) printJson(`${JSON.stringify(report, withNulls)}\n`);
    else printOut(`${formatReplay(report)}\n`);
    return report.items.some((i) => "error" in i.replayed) ? 1 : 0;
  } catch (error) {
    if (!(error instanceof NoRecordedRequests)) throw error;
    printErr(`rivumi: ${error.message}\n`);
    return 1;
  } finally {
    release();
  }
}

/** JSON keeps the keys of unknown values (a cost without prices) as null instead of dropping them. */
const withNulls = (_key: string, value: unknown) => (value === undefined ? null : value);

/** The journal at `path`; a file that holds none is a wrong argument (exit 2), like a missing one. */
async function readJournal(path: string): ReturnType<typeof readJournalFile> {
  try {
    return await readJournalFile(path);
  } catch (error) {
    if (error instanceof NotAJournal) throw new UsageError(`JOURNAL ${error.message}`);
    throw error;
  }
}

function journalArgument(positionals: string[]): string {
  const [given, ...extra] = positionals;
  if (!given) throw new UsageError(`JOURNAL is required: the path of a journal.jsonl\n${USAGE}`);
  if (extra.length > 0) throw new UsageError(`unexpected argument '${extra[0]}': give one JOURNAL`);
  const path = resolve(given);
  try {
    accessSync(path, constants.R_OK);
    if (!statSync(path).isFile()) throw new Error("not a file");
  } catch {
    throw new UsageError(`JOURNAL ${given}: not a readable file`);
  }
  return path;
}

function parsePrices(value: string | undefined): Prices | undefined {
  if (value === undefined) return undefined;
  const m = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  if (!m)
    throw new UsageError(
      `--prices ${value}: expected IN,OUT in USD per million tokens, such as 0.4,1.6`,
    );
  return { inputPerMTok: Number(m[1]), outputPerMTok: Number(m[2]) };
}
