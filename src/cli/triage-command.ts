import { accessSync, constants, statSync } from "node:fs";
import { resolve } from "node:path";
import { triageJson, triageLog, type TriageResult } from "../triage/index.js";
import { parseCli, printedHelp, wholeNumber } from "./args.js";
import { UsageError } from "./usage-error.js";
import { printJson, printOut } from "./output.js";
import { formatHistory, readLocalHistory } from "./triage-history.js";
import { journalTriage } from "./triage-journal.js";

export const USAGE = `usage: rivumi triage --log FILE [--step NAME] [--max-bytes N] [--json]
       rivumi triage --history [--repo DIR] [--branch NAME] [--signature SIG] [--json]

Points at the few short line ranges of a failed CI job log that most likely say why it failed,
best first, with the step each belongs to, and prints a signature that stays the same when the same
failure happens again (timestamps, durations, ids and temporary paths do not count). Offline and
deterministic: no model is called. Line numbers count lines split on \\n.
--step names the failed step as the Actions API gives it; its lines are preferred.
--max-bytes searches only the log's last N bytes (the lines before are still counted).
--history prints the failures the action remembered in the last 30 days (triage-history.jsonl on
the memory branch), read from this clone's origin/BRANCH, else its local BRANCH: run
\`git fetch origin rivumi-memory\` first; nothing else is fetched. --branch is the action's
memory-branch (default rivumi-memory); --signature keeps the signatures starting with SIG.
Each --log run leaves a journal in .rivumi/runs/<id>/, with result.json and journal.html beside it.`;

/** Longest line quoted in the text form. */
const QUOTE_WIDTH = 200;

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
  if (!values.log) throw new UsageError(`--log FILE is required\n${USAGE}`);
  const path = resolve(values.log);
  if (!isReadableFile(path)) throw new UsageError(`--log ${values.log}: not a readable file`);
  const maxBytes =
    values["max-bytes"] === undefined
      ? undefined
      : wholeNumber("max-bytes", values["max-bytes"], 1);
  const started = Date.now();
  const result = await triageLog(path, {
    ...(values.step ? { failedStep: values.step } : {}),
    ...(maxBytes !== undefined ? { maxBytes } : {}),
  });
  const json = triageJson(result);
  const bytes = statSync(path).size;
  const journal = await journalTriage({ log: path, bytes, started, result, json });
  if (values.json) printJson(`${JSON.stringify({ ...json, journal })}\n`);
  else printOut(`${formatTriage(result)}\njournal: ${journal}\n`);
  return 0;
}

function isReadableFile(path: string): boolean {
  try {
    accessSync(path, constants.R_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
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
      const text = line.length > QUOTE_WIDTH ? `${line.slice(0, QUOTE_WIDTH)}…` : line;
      out.push(`   ${String(c.start_line + k).padStart(width)} | ${text}`);
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
