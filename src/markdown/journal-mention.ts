// How a comment or summary points at the journal: by the artifact's name while it exists or is
// about to, never once the artifact is known to be missing (a reader would look for it in vain).
import type { Outcome } from "../outcome/outcome.js";

type Named = Pick<Outcome, "journalName" | "artifactMissing">;

/** For a footer: "journal artifact `name`", or "journal not uploaded (why)". */
export function journalMention(outcome: Named): string {
  return outcome.artifactMissing
    ? `journal not uploaded (${why(outcome.artifactMissing)})`
    : `journal artifact \`${outcome.journalName}\``;
}

/** For the summary's table: "`name`", or "not uploaded (why)". */
export function journalCell(outcome: Named): string {
  return outcome.artifactMissing
    ? `not uploaded (${why(outcome.artifactMissing)})`
    : `\`${outcome.journalName}\``;
}

/** Where the rest of a text cut to fit can be read: the artifact, else `fallback`. */
export function fullResultIn(outcome: Named, fallback: string): string {
  return outcome.artifactMissing ? fallback : `the journal artifact \`${outcome.journalName}\``;
}

/** Rivumi's own words, kept to one short line all the same: a footer has no room for more. */
function why(text: string): string {
  const line = text.replace(/[`|\s]+/g, " ").trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
