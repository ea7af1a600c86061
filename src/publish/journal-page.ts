import { writeFileSync } from "node:fs";
import type { Redactor } from "../redact/redactor.js";
import { VERSION } from "../version.js";

/**
 * Renders the journal as one self-contained HTML page beside it (as `rivumi journal view`
 * does), for the artifact; returns the page's path. The viewer loads only when a run is over.
 */
export async function renderJournalPage(journalPath: string, redactor: Redactor): Promise<string> {
  const [{ readJournal, readResultBeside }, { buildPage }, { renderPage }, { readRequestsBeside }] =
    await Promise.all([
      import("../viewer/read.js"),
      import("../viewer/run-model.js"),
      import("../viewer/html.js"),
      import("../viewer/requests.js"),
    ]);
  const journal = await readJournal(journalPath);
  const page = renderPage(
    buildPage(journal, {
      result: readResultBeside(journalPath),
      requests: await readRequestsBeside(journalPath),
      generator: `rivumi ${VERSION}`,
    }),
  );
  const out = journalPath.replace(/\.jsonl$/, "") + ".html";
  // The journal was redacted as it was written; the page is checked again all the same.
  writeFileSync(out, redactor.redact(page));
  return out;
}
