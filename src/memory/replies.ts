import { bound, neutralizeMarkdown } from "../util/sanitize.js";
import type { EntryType } from "../memory-store/record.js";
import { formatEntry, type LoadedMemory } from "../context/memory/retrieval.js";
import type { MemoryStoreError } from "../memory-store/store.js";

/** Replies stay well under GitHub's 65,536-character comment limit. */
export const REPLY_LIMIT = 60_000;

const code = (s: string) => `\`${s.replace(/`/g, "")}\``;
/** Untrusted text on one line: no mentions, no hidden markers, no layout of its own. */
const inline = (s: string) => neutralizeMarkdown(s.replace(/\s*[\r\n]+\s*/g, " "));

/** `inThread`: the command was a reply in a review thread, whose file scoped the entry. */
export function rememberedReply(
  entry: { id: string; type: EntryType; dir?: string | undefined },
  duplicate: boolean,
  inThread = false,
): string {
  const { id, type } = entry;
  const what = entry.dir !== undefined ? `${type}, for files under ${code(`${entry.dir}/`)}` : type;
  if (duplicate)
    return `Already remembered as ${code(id)} (${what}); this comment was handled before, nothing new was written.`;
  const scope = !inThread
    ? ""
    : entry.dir !== undefined
      ? " It reaches reviews of files in that directory; `/remember` in the pull request's conversation stores an entry for every file."
      : type === "user-preference"
        ? " A preference of yours holds for every file."
        : " The thread's file is at the repository's root, so it holds for every file.";
  return `Remembered as ${code(id)} (${what}). \`/forget ${id}\` undoes it.${scope}`;
}

/** Why a `/remember` or `/forget` in a review thread of a fork's pull request stores nothing. */
export function forkReply(command: string): string {
  return (
    `Rivumi did not do that: \`/${command}\` in a review thread of a pull request from a fork cannot be stored. ` +
    "For review comments on a fork's pull request GitHub gives the workflow a read-only token and no secrets, " +
    `so the memory branch cannot be written. Write the same \`/${command}\` as a comment in the pull request's ` +
    "conversation: comments there run with this repository's own token."
  );
}

export function forgotReply(target: string, already: boolean): string {
  return already
    ? `${code(target)} was already forgotten; nothing new was written.`
    : `Forgot ${code(target)}: it is no longer given to Rivumi.`;
}

export function refusedReply(reason: string): string {
  return bound(`Rivumi did not do that: ${reason}`, REPLY_LIMIT, "_(cut)_");
}

/** What `/memories` shows: exactly the entries retrieval would inject, with the counts. */
export function listReply(
  memory: LoadedMemory,
  who: { user: string; project: string; limit: number; source: string },
): string {
  const scoped = memory.entries.some((e) => e.dir !== undefined);
  const head =
    `**Rivumi memory for ${inline(who.user)} in ${inline(who.project)}**: ` +
    `${memory.entries.length} ${memory.entries.length === 1 ? "entry" : "entries"} would be used ` +
    `(latest ${who.limit}${scoped ? " per review prompt; an entry for a directory only when the prompt is about files under it" : ""}); ` +
    `${memory.loaded} rows read from ${code(who.source)}, ${memory.skipped} skipped as invalid.`;
  if (memory.entries.length === 0) return head;
  const lines = memory.entries.map((e, i) => `${i + 1}. ${code(e.id)} ${inline(formatEntry(e))}`);
  return bound(
    [head, "", ...lines].join("\n"),
    REPLY_LIMIT,
    "_(list cut to fit one comment; `rivumi memory list` or the memory branch shows everything)_",
  );
}

/** A store failure, with what the workflow owner can do about it. */
export function failureReply(error: MemoryStoreError, target: string, viaToken: boolean): string {
  const tokenName = viaToken ? "`memory-token`" : "the workflow's token";
  const advice: Record<MemoryStoreError["code"], string> = {
    forbidden:
      `${tokenName} may not write to ${code(target)}. The memory store needs \`contents: write\`: ` +
      (viaToken
        ? `give \`memory-token\` contents write access on ${code(target)}.`
        : "add `permissions: contents: write` to the workflow (or job)."),
    unauthorized: `${tokenName} was rejected by GitHub (401); check it.`,
    "not-found": `${code(target)} was not found or ${tokenName} cannot see it; check \`memory-repository\` and \`memory-token\`.`,
    "empty-repository": `${code(target)} has no commits yet; push one so the memory branch can be created.`,
    conflict: "the memory branch kept changing while Rivumi wrote to it; try again.",
    locked: "the memory store is locked by another writer; try again.",
    io: "the memory store could not be read or written.",
  };
  return bound(
    `Rivumi could not use its memory: ${advice[error.code]}\n\n<sub>${inline(error.message).slice(0, 500)}</sub>`,
    REPLY_LIMIT,
    "_(cut)_",
  );
}
