/** Turns a raw log line into the text a person reads: no timestamp, colour codes or overdrawn progress. */

const RUNNER_TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
/** `gh run view --log` writes `job<TAB>step<TAB>` before the runner's timestamp. */
const GH_PREFIX = /^([^\t]*)\t([^\t]*)\t(?=\d{4}-\d\d-\d\dT\d\d:)/;
// eslint-disable-next-line no-control-regex -- ANSI escape sequences start with ESC
const ANSI = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])/g;
/** Prefixes that tools put before their own lines: fastlane, Jenkins timestamper, BuildKit steps. */
const TOOL_PREFIX =
  /^(?:\[\d\d:\d\d:\d\d\]:? (?:▸ )?|\[\d{4}-\d\d-\d\d[T ][\d:.]+Z?\] |\d\d:\d\d:\d\d(?:\.\d+)? |#\d+ \d+\.\d+ )/;

/** The step name in a `gh run view --log` line, if the line has that form. */
export function ghStepName(raw: string): string | undefined {
  return GH_PREFIX.exec(raw.startsWith("\uFEFF") ? raw.slice(1) : raw)?.[2];
}

/** Removes the BOM, the `gh` and runner prefixes and the timestamp; keeps colour codes. */
export function stripPrefix(raw: string): string {
  let text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  if (text.includes("\t")) text = text.replace(GH_PREFIX, "");
  return isDigit(text.charCodeAt(0)) ? text.replace(RUNNER_TIMESTAMP, "") : text;
}

/**
 * The line as shown on a terminal: prefixes and colour codes removed, and of a line redrawn with
 * `\r` (progress bars) only the last drawing. Leading indentation is kept: tools use it.
 */
export function cleanLine(raw: string): string {
  let text = stripPrefix(raw);
  if (text.includes("\x1b")) text = text.replace(ANSI, "");
  if (text.includes("\r")) text = lastDrawing(text);
  // every tool prefix starts with `[`, `#` or a digit: other lines skip the regex
  const first = text.charCodeAt(0);
  if (first === 0x5b || first === 0x23 || isDigit(first)) text = text.replace(TOOL_PREFIX, "");
  return text.trimEnd();
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

function lastDrawing(text: string): string {
  const parts = text.split("\r");
  for (let i = parts.length - 1; i >= 0; i--) if (parts[i]!.trim() !== "") return parts[i]!;
  return "";
}
