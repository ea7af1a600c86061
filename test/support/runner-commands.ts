// The workflow commands the GitHub Actions runner would read in a step's output, modelled on
// actions/runner's ActionCommand.TryParseV2 and TryParse (tried in that order for each line by
// ActionCommandManager.TryProcessCommand). The runner's searches are culture-sensitive under
// ICU, which skips characters of no collation weight; the "ignorable" reading drops those before
// parsing, so it finds everything the runner could and more.

/** The commands the runner has (its command extensions, plus `stop-commands`). */
export const REGISTERED = new Set([
  "set-env",
  "set-output",
  "save-state",
  "add-mask",
  "add-path",
  "add-matcher",
  "remove-matcher",
  "debug",
  "warning",
  "error",
  "notice",
  "group",
  "endgroup",
  "echo",
  "stop-commands",
]);

export interface ParsedCommand {
  form: "::" | "##[";
  name: string;
  data: string;
  line: string;
}

/** .NET's Char.IsWhiteSpace, what `TrimStart()` removes. */
const DOTNET_SPACE = /^[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]*/;
/** What ICU's collation gives no weight: default-ignorable code points and controls. */
// eslint-disable-next-line no-control-regex -- controls are what is dropped
const IGNORABLE = /[\p{Default_Ignorable_Code_Point}\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x84\x86-\x9F]/gu;

/** Every command in `output` (stdout and stderr of a step), line by line as the runner reads it. */
export function runnerCommands(
  output: string,
  reading: "ordinal" | "ignorable" = "ignorable",
): ParsedCommand[] {
  const found: ParsedCommand[] = [];
  for (const raw of output.split(/\r\n|\r|\n/)) {
    const line = reading === "ignorable" ? raw.replace(IGNORABLE, "") : raw;
    const command = parseV2(line) ?? parseLegacy(line);
    if (command) found.push({ ...command, line: raw });
  }
  return found;
}

function parseV2(line: string): Omit<ParsedCommand, "line"> | undefined {
  const message = line.replace(DOTNET_SPACE, "");
  if (!message.startsWith("::")) return undefined;
  const end = message.indexOf("::", 2);
  if (end < 0) return undefined;
  const info = message.slice(2, end);
  const name = info.split(" ", 1)[0] ?? "";
  return REGISTERED.has(name) ? { form: "::", name, data: message.slice(end + 2) } : undefined;
}

function parseLegacy(line: string): Omit<ParsedCommand, "line"> | undefined {
  const at = line.indexOf("##[");
  if (at < 0) return undefined;
  const close = line.indexOf("]", at);
  if (close < 0) return undefined;
  const info = line.slice(at + 3, close);
  const name = info.split(" ", 1)[0] ?? "";
  return REGISTERED.has(name) ? { form: "##[", name, data: line.slice(close + 1) } : undefined;
}
