import { statSync } from "node:fs";
import { resolve } from "node:path";
import { quotedLine, triageJson, triageLog, type TriageResult } from "../triage/index.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { interruption, onCancelSignals } from "./exit.js";
import { openLogInput } from "./triage-input.js";
import { UsageError } from "./usage-error.js";
import { printJson, printOut } from "./output.js";
import { publishTriage } from "./triage-journal.js";

export const USAGE = `usage: rivumi triage --log FILE|- [--step NAME] [--max-bytes N] [--json]
       rivumi triage --history [--repo DIR] [--branch NAME] [--signature SIG] [--json]

Points at the few short line ranges of a failed CI job log that most likely say why it failed,
best first, with the step each belongs to, and prints a signature that stays the same when the same
failure happens again (timestamps, durations, ids and temporary paths do not count). Offline and
deterministic: no model is called. Line numbers count lines split on \\n; each candidate's lines
are shown whole (timestamps and colour codes removed; a line over 2,000 characters is cut, saying so),
and --json gives them as "lines". --log - reads the log from standard input; a binary file is
refused.
--step names the failed step as the Actions API gives it; its lines are preferred. A name the log
has no step for is an error that lists the steps it has.
--max-bytes searches only the log's last N bytes (the lines before are still counted).
--history prints the failures the action remembered in the last 30 days (triage-history.jsonl on
the memory branch), read from this clone's origin/BRANCH, else its local BRANCH: run
\`git fetch origin rivumi-memory\` first; nothing else is fetched. --branch is the action's
memory-branch (default rivumi-memory); --signature keeps the signatures starting with SIG.
Each --log run leaves a journal in .rivumi/runs/<id>/, with result.json and journal.html beside it.`;

/** Characters of a quoted line per printed row; the rest of the line follows on the next rows. */
const WRAP_WIDTH = 120;

/** `rivumi triage`: where a failed job log says why it failed. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return 0;
  const { values } = parseCli(
    {
      args: argv,
      options: {
        log: { type: "string" },
        step: { type: "string" },
        "max-bytes": { type: "string" },
        json: { type: "boolean", default: false },
        history: { type: "boolean", default: false },
        repo: { type: "string" },
        branch: { type: "string" },
        signature: { type: "string" },
      },
    },
    USAGE,
  );
  if (values.history) {
    if (values.log) throw new UsageError(`--history and --log do not go together\n${USAGE}`);
    // loaded here: the history's row schema (zod) is most of what a `--log` run would load
    const { formatHistory, readLocalHistory } = await import("./triage-history.js");
    const history = await readLocalHistory({
      repo: resolve(values.repo ?? "."),
      branch: values.branch ?? "rivumi-memory",
      ...(values.signature ? { signature: values.signature } : {}),
      now: new Date(),
    });
    if (values.json) printJson(`${JSON.stringify(history)}\n`);
    else printOut(`${formatHistory(history)}\n`);
    return 0;
  }
  for (const flag of ["repo", "branch", "signature"] as const)
    if (values[flag] !== undefined) throw new UsageError(`--${flag} goes with --history\n${USAGE}`);
  if (values.log === undefined) throw new UsageError(`--log FILE is required\n${USAGE}`);
  const maxBytes =
    values["max-bytes"] === undefined
      ? undefined
      : wholeNumber("max-bytes", values["max-bytes"], 1);
  const started = Date.now();
  let bytes = 0;
  const result = await interruptible(async (signal) => {
    const log = await openLogInput(values.log!, signal);
    try {
      bytes = statSync(log.path).size;
      return await triageLog(log.path, {
        ...(values.step ? { failedStep: values.step } : {}),
        ...(maxBytes !== undefined ? { maxBytes } : {}),
        signal,
      });
    } finally {
      log.dispose();
    }
  });
  if (values.step && result.failedStep === undefined) throw unknownStep(values.step, result);
  return publishTriage({
    log: values.log,
    bytes,
    started,
    result,
    json: triageJson(result),
    asJson: values.json,
    text: () => formatTriage(result),
  });
}

/** Runs `work` with Ctrl-C and SIGTERM turned into an abort that ends with the usual line. */
async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const release = onCancelSignals(() => controller.abort());
  try {
    return await work(controller.signal);
  } catch (error) {
    if (controller.signal.aborted) throw interruption();
    throw error;
  } finally {
    release();
  }
}

/** `--step` named no step of the log: say which steps it has (the action ignores a miss). */
function unknownStep(name: string, result: TriageResult): UsageError {
  const names = [...new Set(result.steps.map((s) => JSON.stringify(s.name)))];
  const shown =
    names.length > 12 ? [...names.slice(0, 12), `and ${names.length - 12} more`] : names;
  const where = result.truncated ? "the searched end of the log" : "the log";
  return new UsageError(
    `--step ${JSON.stringify(name)}: ${where} has no such step; its steps: ${shown.join(", ")}`,
  );
}

/** The readable form: each candidate with its quoted lines, then the signature and the steps. */
export function formatTriage(result: TriageResult): string {
  const out: string[] = [];
  if (result.candidates.length === 0) out.push("No failure found in the log.");
  result.candidates.forEach((c, i) => {
    const range =
      c.start_line === c.end_line ? `line ${c.start_line}` : `lines ${c.start_line}-${c.end_line}`;
    out.push(`${i + 1}. ${range} · ${c.kind} · step "${c.step}" · score ${c.score}`);
    const width = String(c.end_line).length;
    c.lines.forEach((line, k) => {
      wrapped(quotedLine(line), WRAP_WIDTH).forEach((row, r) => {
        const no = r === 0 ? String(c.start_line + k) : "";
        out.push(`   ${no.padStart(width)} | ${row}`);
      });
    });
  });
  out.push("", `signature: ${result.signature}`);
  if (result.truncated) out.push("(only the end of the log was searched: --max-bytes)");
  out.push("steps:");
  for (const s of result.steps)
    out.push(
      `  ${`${s.start_line}-${s.end_line}`.padEnd(13)} ${s.name}${s.failed ? "  (failed)" : ""}`,
    );
  return out.join("\n");
}

/**
 * A line in rows of at most `width` characters, broken after a space when one is near the end of
 * the row. Code points are not split.
 */
export function wrapped(line: string, width: number): string[] {
  const chars = Array.from(line);
  if (chars.length <= width) return [line];
  const rows: string[] = [];
  let at = 0;
  while (chars.length - at > width) {
    let cut = at + width;
    const space = chars.lastIndexOf(" ", cut - 1);
    if (space > at + width / 2) cut = space + 1;
    rows.push(chars.slice(at, cut).join(""));
    at = cut;
  }
  rows.push(chars.slice(at).join(""));
  return rows;
}
