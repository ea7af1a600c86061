import { neutralizeMentions } from "./mentions.js";

export { neutralizeLog } from "./workflow-commands.js";

/**
 * Makes untrusted or model-written text safe to put in a comment or summary: it cannot @-mention
 * people or teams in any form GitHub's renderer decodes to one (see `neutralizeMentions`), and it
 * cannot hide HTML comments (so it cannot forge Rivumi's markers).
 */
export function neutralizeMarkdown(text: string): string {
  // Also inside code spans: a closing backtick right before "@" would otherwise end the span
  // and leave a live mention; the zero-width space is invisible in code.
  return neutralizeMentions(neutralizeMarkers(text));
}

/**
 * Breaks HTML comment delimiters, so no text can forge or hide one of Rivumi's markers (the
 * sticky comment's, the review state line's): they are found in the comment's raw text.
 */
export function neutralizeMarkers(text: string): string {
  return text.replace(/<!--/g, "&lt;!--").replace(/-->/g, "--&gt;");
}

/** Cuts text to at most `max` characters, ending with `note` when it had to cut. */
export function bound(text: string, max: number, note: string): string {
  if (text.length <= max) return text;
  const keep = Math.max(0, max - note.length - 2);
  return `${text.slice(0, keep)}\n\n${note}`.slice(0, max);
}

/** Like `bound`, but in UTF-8 bytes, for limits GitHub counts in bytes (the step summary). */
export function boundBytes(text: string, maxBytes: number, note: string): string {
  if (Buffer.byteLength(text) <= maxBytes) return text;
  const room = Math.max(0, maxBytes - Buffer.byteLength(note) - 2);
  // A cut inside a multi-byte character decodes to U+FFFD; drop it.
  const kept = Buffer.from(text)
    .subarray(0, room)
    .toString("utf8")
    .replace(/\uFFFD+$/, "");
  return `${kept}\n\n${note}`;
}
