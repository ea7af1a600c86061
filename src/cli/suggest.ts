/** "Did you mean" for a mistyped command, subcommand or option. */

/** The known word closest to `typed`, when it is close enough to be the one meant. */
export function closest(typed: string, known: readonly string[]): string | undefined {
  const word = typed.toLowerCase();
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of known) {
    const d = distance(word, candidate.toLowerCase());
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  // a third of the word may be wrong, at least one character, and never all of a short word
  const allowed = Math.max(1, Math.floor(word.replace(/^-+/, "").length / 3));
  return bestDistance <= allowed ? best : undefined;
}

/** `; did you mean X?` for the closest known word, else "". */
export function didYouMean(typed: string, known: readonly string[]): string {
  const match = closest(typed, known);
  return match === undefined ? "" : `; did you mean ${match}?`;
}

/** ` (did you mean 'PREFIX X'?)` for the closest known word, else "": for a mistyped command. */
export function meant(typed: string, known: readonly string[], prefix: string): string {
  const match = closest(typed, known);
  return match === undefined ? "" : ` (did you mean '${prefix}${match}'?)`;
}

/** Edits between two words: insertions, deletions, substitutions and swaps of neighbours. */
function distance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  return rows[a.length]![b.length]!;
}
