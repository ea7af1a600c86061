// Text printed to the runner's log must not be read as a workflow command. How the runner reads
// a line (actions/runner, src/Runner.Common/ActionCommand.cs, tried in this order by
// ActionCommandManager.TryProcessCommand for every line of stdout and stderr):
//
// - TryParseV2: `message.TrimStart()`, then `StartsWith("::")`; the command runs to the next `::`.
//   So `::` counts only at a line's start after whitespace (.NET's Char.IsWhiteSpace: JavaScript's
//   `\s` without U+FEFF, plus NEL U+0085). `std::vector` or `a::b` mid-line is never a command.
// - TryParse, the legacy form: `message.IndexOf("##[")`, anywhere in the line, then the command
//   up to the next `]` and the rest of the line as its data. Only the first `##[` of a line is
//   tried, so every one must go: `test ##[set-output name=x;]y` sets an output.
//
// Both searches are culture-sensitive (`StartsWith(string)` and `IndexOf(string)` without a
// StringComparison), and the runner runs with ICU (it does not start without libicu). ICU gives
// no weight to default-ignorable and control characters, so `#\u200B#[` is found where `##[` is
// searched (learn.microsoft.com/dotnet/standard/base-types/string-comparison-net-5-plus shows
// `"Hel\0lo".IndexOf("\0")` returning 0). A zero-width character is therefore no way to break a
// command. The break replaces one character with a look-alike of a different primary collation
// weight, which no comparison of any strength equates with the original, and which reads the
// same: `##[` becomes `#♯[` (U+266F MUSIC SHARP SIGN) and a leading `::` becomes `:∶` (U+2236
// RATIO). Ignorable characters between the parts, and before a leading `::`, are matched too.
//
// Lines end at `\n` and `\r` for the runner (StreamReader.ReadLine); `^` under the `m` flag also
// starts a line after U+2028 and U+2029, which only breaks more.

/** Characters ICU's collation skips: default-ignorable code points and controls but `\n`, `\r`. */
const IGNORABLE = String.raw`[\p{Default_Ignorable_Code_Point}\0-\x09\x0B\x0C\x0E-\x1F\x7F-\x9F]*`;
/** What the runner's TrimStart removes, and the ignorables it then skips. */
const LEADING = String.raw`[\s\u0085\p{Default_Ignorable_Code_Point}\0-\x08\x0E-\x1F\x7F-\x9F]*`;

const LEGACY = new RegExp(String.raw`#(${IGNORABLE})#(${IGNORABLE})\[`, "gu");
const V2 = new RegExp(String.raw`^(${LEADING}):(${IGNORABLE}):`, "gmu");

const SHARP = "\u266F";
const RATIO = "\u2236";

/**
 * Makes text safe to print to the runner's log: no `##[` anywhere in a line and no `::` at a
 * line's start can be read as a workflow command; any other text is left as it is.
 */
export function neutralizeLog(text: string): string {
  return text.replace(LEGACY, `#$1${SHARP}$2[`).replace(V2, `$1:$2${RATIO}`);
}

/**
 * The same for JSON text, without changing what it decodes to: `[` after `##` is written
 * `\u005b` (JSON puts `##` only inside strings). A line of JSON never starts with `::`.
 */
export function neutralizeLogJson(json: string): string {
  return json.replace(LEGACY, "#$1#$2\\u005b");
}
