import { existsSync, realpathSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { forTerminal, runDemo } from "../demo/run.js";
import { DEMO_MODEL, DEMO_PR, DEMO_REPO } from "../demo/sample.js";
import { parseCli, printedHelp } from "./args.js";
import { EXIT } from "./exit.js";
import { printErr, printOut } from "./output.js";
import { renderJournalPage } from "../publish/journal-page.js";
import { Redactor } from "../redact/redactor.js";

export const USAGE = `usage: rivumi demo [--out DIR]

Runs the bundled GitHub Action once, as a runner would, on a sample pull request (${DEMO_REPO.full}#${DEMO_PR})
against a demo GitHub and a demo model that listen on 127.0.0.1 and stop when it ends. The model is
scripted: its replies, findings included, were written in advance for the sample. Offline, no key,
works from any folder; needs git. Prints the outputs, the comment posted and the step summary.
  --out DIR   where the journal, requests.jsonl, result.json and journal.html are kept
              (default: .rivumi/demo)`;

/** `rivumi demo`: the action's whole flow on a sample, with nothing but the installed package. */
export async function run(argv: string[]): Promise<number> {
  if (printedHelp(argv, USAGE)) return EXIT.ok;
  const { values } = parseCli({ args: argv, options: { out: { type: "string" } } }, USAGE);
  const out = resolve(values.out ?? join(".rivumi", "demo"));
  printOut(
    `Model: ${DEMO_MODEL} (canned replies from 127.0.0.1; no endpoint, no key; tokens estimated)\n`,
  );
  const demo = await runDemo({ action: actionEntry(), node: process.execPath, out });
  const journal = join(out, "journal.jsonl");
  const page = join(out, "journal.html");
  const kept = demo.kept.includes(journal);
  // The page beside the journal, as the action renders it (its own secrets are not known here).
  if (kept) await renderJournalPage(journal, new Redactor());
  const outputs: Record<string, string> = { ...demo.outputs };
  if (kept) outputs["journal-file"] = journal;
  const resultFile = join(out, "result.json");
  if (demo.kept.includes(resultFile)) outputs["result-file"] = resultFile;
  printOut(
    [
      `\n=== exit code ${demo.exitCode}; outputs ===`,
      JSON.stringify(outputs, null, 2),
      `\n=== the comment on ${DEMO_REPO.full}#${DEMO_PR} (as text) ===`,
      forTerminal(demo.comment ?? "(none)"),
      "\n=== step summary (as text) ===",
      forTerminal(demo.summary),
      "\n=== the run's files ===",
      ...demo.kept,
      ...(kept ? [page] : []),
      "",
    ].join("\n"),
  );
  if (demo.unknown.length)
    printErr(`rivumi: the demo's servers had no answer for: ${demo.unknown.join(", ")}\n`);
  if (demo.exitCode === 0) return EXIT.ok;
  printErr(demo.log);
  return EXIT.failed;
}

/** The bundled action, beside the bundled CLI (dist/index.js next to dist/cli.js). */
function actionEntry(): string {
  const cli = process.argv[1] ? realpathSync(process.argv[1]) : "";
  const entry = join(dirname(cli), "index.js");
  if (!existsSync(entry))
    throw new Error(`the demo runs the bundled action, and ${entry} is missing: run npm run build`);
  return entry;
}
