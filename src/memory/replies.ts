import { bound, neutralizeMarkdown } from "../util/sanitize.js";
import type { EntryType } from "../memory-store/record.js";
import { formatEntry, type LoadedMemory } from "../context/memory/retrieval.js";
import type { MemoryStoreError } from "../memory-store/store.js";

/** Replies stay well under GitHub's 65,536-character comment limit. */
export const REPLY_LIMIT = 60_000;

const code = (s: string) => `\`${s.replace(/`/g, "")}\``;
/** Untrusted text on one line: no mentions, no hidden markers, no layout of its own. */
const inline = (s: string) => neutralizeMarkdown(s.replace(/\s*[\r\n]+\s*/g, " "));

export function rememberedReply(id: string, type: EntryType, duplicate: boolean): string {
  return duplicate
    ? `Already remembered as ${code(id)} (${type}); this comment was handled before, nothing new was written.`
    : `Remembered as ${code(id)} (${type}). \`/forget ${id}\` undoes it.`;
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
  const head =
    `**Rivumi memory for ${inline(who.user)} in ${inline(who.project)}**: ` +
    `${memory.entries.length} ${memory.entries.length === 1 ? "entry" : "entries"} would be used ` +
    `(latest ${who.limit}); ${memory.loaded} rows read from ${code(who.source)}, ${memory.skipped} skipped as invalid.`;
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
