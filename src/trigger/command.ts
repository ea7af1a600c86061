export type CommandName = "rivumi" | "remember" | "forget" | "memories";

/** A slash command found at the very start of a comment. */
export interface Command {
  name: CommandName;
  /** Everything after the command word, trimmed; may span several lines. */
  args: string;
}

const COMMAND = /^\/(rivumi|remember|forget|memories)(?=\s|$)/;

/**
 * Finds a command only at the start of the comment's first non-blank line. Indentation of four or
 * more spaces (a Markdown code block) and quoted lines (`>`) never count, so quoting someone else's
 * command does not re-run it.
 */
export function parseCommand(body: string): Command | undefined {
  const lines = body.replace(/\r\n?/g, "\n").split("\n");
  const index = lines.findIndex((l) => l.trim() !== "");
  if (index < 0) return undefined;
  const first = lines[index] ?? "";
  const indent = /^ */.exec(first)?.[0].length ?? 0;
  if (indent > 3 || first.startsWith("\t")) return undefined;
  const line = first.slice(indent);
  const match = COMMAND.exec(line);
  if (!match) return undefined;
  const rest = [line.slice(match[0].length), ...lines.slice(index + 1)].join("\n");
  return { name: match[1] as CommandName, args: rest.trim() };
}

/**
 * `/rivumi review` alone on the command's first line: a full review of the pull request into its
 * sticky comment. `/rivumi review the retry logic` is a task like any other.
 */
export function isReviewCommand(command: Command | undefined): boolean {
  return command?.name === "rivumi" && command.args.split("\n", 1)[0]?.trim() === "review";
}

/**
 * `/rivumi fix <what to fix>`: what follows `fix` (on its line and the lines below), "" when
 * nothing does; undefined for any other command. `/rivumi fixed …` or `/rivumi fix-it` is a task.
 */
export function fixRequestOf(command: Command | undefined): string | undefined {
  if (command?.name !== "rivumi") return undefined;
  const match = /^fix(?=\s|$)/.exec(command.args);
  return match ? command.args.slice(match[0].length).trim() : undefined;
}
