const ZWSP = "\u200b";

export { neutralizeLog } from "./workflow-commands.js";

/**
 * Makes untrusted or model-written text safe to put in a comment or summary: it cannot @-mention
 * people or teams, and it cannot hide HTML comments (so it cannot forge Rivumi's markers).
 */
export function neutralizeMarkdown(text: string): string {
  return (
    text
      .replace(/<!--/g, "&lt;!--")
      .replace(/-->/g, "--&gt;")
      // Also inside code spans: a closing backtick right before "@" would otherwise end the span
      // and leave a live mention; the zero-width space is invisible in code.
      .replace(/(^|[^\w])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
  );
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
