// The files a local run leaves in `.rivumi/runs/<id>/` beside its journal (and requests.jsonl):
// `result.json`, what the command printed as --json, and `journal.html`, the journal's page, so a
// run can be read later without running `rivumi journal view`. The page is the one the action
// uploads in its artifact, rendered by the same function.
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { isScriptedModel, SCRIPTED_LABEL } from "../model/scripted-model.js";
import { renderJournalPage } from "../publish/journal-page.js";
import type { Redactor } from "../redact/redactor.js";

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
  const page = await renderJournalPage(journalPath, redactor);
  return { result: resultPath, page };
}

/** For the --json output of a run: the scripted model says what it is. */
export function scriptedField(model: string): { scripted?: string } {
  return isScriptedModel(model) ? { scripted: SCRIPTED_LABEL } : {};
}
