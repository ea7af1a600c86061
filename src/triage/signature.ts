/**
 * A failure's signature: the top candidates' lines with everything that changes between runs
 * removed (timestamps, durations, ids, temporary paths, line numbers, ports, pids), hashed. The
 * same failure on a re-run or in another pull request gets the same signature.
 */
import { createHash } from "node:crypto";

const RULES: ReadonlyArray<readonly [RegExp, string]> = [
  [/^##\[\w+\]/, ""],
  [/\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?/g, "<time>"],
  [/\b\d{1,2}:\d\d:\d\d(?:[.,]\d+)?\b/g, "<time>"],
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, "<id>"],
  // temporary directories first, then the workspace, so what is left is the project's own path
  [
    /(?:\/tmp|\/var\/folders|\/private\/var\/folders|\/home\/runner\/work\/_temp|\/runner\/_work\/_temp|[A-Za-z]:\\(?:a\\_temp|Users\\[^\\\s]+\\AppData\\Local\\Temp|Windows\\Temp))[^\s'"`)\]]*/g,
    "<tmp>",
  ],
  [
    /(?:\/home\/runner\/work|\/Users\/runner\/work|\/__w|[A-Za-z]:\\a)[/\\][^/\\\s]+[/\\][^/\\\s]+[/\\]?/g,
    "",
  ],
  [/\b(?:0x)?[0-9a-f]{7,}\b/gi, "<hex>"],
  [/\b\d+(?:[.,]\d+)?\s?(?:ms|µs|ns|s|sec|secs|seconds?|m|min|mins|minutes?|h|hours?)\b/g, "<dur>"],
  [/(?<![A-Za-z_\d])\d+(?:\.\d+)*/g, "#"],
  [/\s+/g, " "],
];

/** One line as the signature sees it. */
export function normaliseLine(line: string): string {
  let out = line;
  for (const [re, to] of RULES) out = out.replace(re, to);
  return out.trim();
}

/** The signature of a failure from its top candidates' lines (order does not matter). */
export function failureSignature(candidates: ReadonlyArray<{ lines: readonly string[] }>): string {
  const lines = new Set<string>();
  for (const c of candidates)
    for (const l of c.lines) if (l.trim() !== "") lines.add(normaliseLine(l));
  return createHash("sha256")
    .update([...lines].sort().join("\n"))
    .digest("hex")
    .slice(0, 16);
}
