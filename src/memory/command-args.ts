import { MEMORY_TEXT_MAX, parseEntryType, type EntryType } from "../memory-store/record.js";

export const REMEMBER_USAGE = [
  "Usage: `/remember <type> <text>` where type is one of",
  "- `user-preference` (or `pref`): how you like things done, in every repository",
  "- `project-fact` (or `fact`): something true about this repository",
  "- `project-preference` (or `project-pref`): how this repository likes things done",
  "",
  "Example: `/remember fact we use pnpm, not npm`. `/forget <id>` hides an entry; `/memories` lists what Rivumi would use.",
].join("\n");

export const FORGET_USAGE =
  "Usage: `/forget <id>`, with the id `/remember` replied with, such as `m-3f9a1c2b7d4e`.";

export type RememberArgs =
  { ok: true; type: EntryType; text: string } | { ok: false; problem: string };

/** `<type> <text>`: the first word is the type, everything after it (newlines too) the text. */
export function parseRememberArgs(args: string): RememberArgs {
  const match = /^(\S+)\s*([\s\S]*)$/.exec(args.trim());
  if (!match) return { ok: false, problem: "`/remember` needs a type and a text." };
  const [, word = "", rest = ""] = match;
  const type = parseEntryType(word);
  if (!type) {
    return {
      ok: false,
      problem: `\`${word.replace(/`/g, "").slice(0, 40)}\` is not a memory type.`,
    };
  }
  const text = rest.trim();
  if (text === "") return { ok: false, problem: `\`/remember ${type}\` needs a text.` };
  const length = [...text].length;
  if (length > MEMORY_TEXT_MAX) {
    return {
      ok: false,
      problem: `The text is ${length} characters; a memory entry holds at most ${MEMORY_TEXT_MAX}.`,
    };
  }
  return { ok: true, type, text };
}

/** The id `/forget` names, or undefined when the argument is not one. */
export function parseForgetArgs(args: string): string | undefined {
  const [word = ""] = args.trim().split(/\s+/, 1);
  return /^m-[A-Za-z0-9_-]{1,64}$/.test(word) ? word : undefined;
}
