// The files a local run leaves in `.rivumi/runs/<id>/` beside its journal (and requests.jsonl):
// `result.json`, what the command printed as --json, and `journal.html`, the journal's page, so a
// run can be read later without running `rivumi journal view`.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { renderPage } from "../viewer/html.js";
import { readJournal, readResultBeside } from "../viewer/read.js";
import { readRequestsBeside } from "../viewer/requests.js";
import { buildPage } from "../viewer/run-model.js";
import { isScriptedModel, SCRIPTED_LABEL } from "../model/scripted-model.js";
import type { Redactor } from "../redact/redactor.js";
import { VERSION } from "../version.js";

/** The paths of the files a run keeps beside its journal. */
export interface RunFiles {
  result: string;
  page: string;
}

/** Writes `result.json` (redacted) and then `journal.html` beside the journal; returns their paths. */
export async function keepRunFiles(
  journalPath: string,
  result: unknown,
  redactor: Redactor,
): Promise<RunFiles> {
  const dir = dirname(journalPath);
  const resultPath = join(dir, "result.json");
  writeFileSync(resultPath, `${redactor.redact(JSON.stringify(result, null, 2))}\n`);
  const page = join(dir, "journal.html");
  await writeJournalPage(journalPath, page);
  return { result: resultPath, page };
}

/** The journal's page, with the result and the recorded requests found beside it. */
export async function writeJournalPage(journalPath: string, out: string): Promise<void> {
  const journal = await readJournal(journalPath);
  const data = buildPage(journal, {
    result: readResultBeside(journalPath),
    requests: await readRequestsBeside(journalPath),
    generator: `rivumi ${VERSION}`,
  });
  writeFileSync(out, renderPage(data));
}

/** For the --json output of a run: the scripted model says what it is. */
export function scriptedField(model: string): { scripted?: string } {
  return isScriptedModel(model) ? { scripted: SCRIPTED_LABEL } : {};
}
