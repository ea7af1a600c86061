/**
 * The bodies of the ```repl fenced blocks in a reply, in order. Fences follow CommonMark: three or
 * more backticks or tildes at the start of a line (up to three spaces in), closed by a run of the
 * same character at least as long; an unclosed fence runs to the end. Other fences, ```python
 * included, are illustration and never run.
 */
export function extractReplBlocks(text: string): string[] {
  const blocks: string[] = [];
  let open: { fence: string; repl: boolean; lines: string[] } | undefined;
  for (const line of text.split("\n")) {
    const bare = line.replace(/\r$/, "");
    if (!open) {
      const m = /^ {0,3}(`{3,}|~{3,})[ \t]*([^\s`]*)[^`]*$/.exec(bare);
      if (m) open = { fence: m[1]!, repl: m[2]!.toLowerCase() === "repl", lines: [] };
      continue;
    }
    const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(bare);
    if (close && close[1]![0] === open.fence[0] && close[1]!.length >= open.fence.length) {
      if (open.repl) blocks.push(open.lines.join("\n"));
      open = undefined;
    } else {
      open.lines.push(bare);
    }
  }
  if (open?.repl) blocks.push(open.lines.join("\n"));
  return blocks;
}
