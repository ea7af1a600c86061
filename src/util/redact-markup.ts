// Markup that renders as nothing: tags and comments, and `*` / `**` inside a word.

/** A tag or comment longer than this is not taken for markup. */
const MAX_TAG = 1024;

function isAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

let commentCache: { s: string; from: number; at: number } | undefined;

/** The first `-->` at or after `from`, or -1; cached so that many `<!--` stay linear. */
function commentEnd(s: string, from: number): number {
  const c = commentCache;
  if (c && c.s === s && c.from <= from && (c.at < 0 || c.at >= from)) return c.at;
  const at = s.indexOf("-->", from);
  commentCache = { s, from, at };
  return at;
}

/** The end of the `<tag …>`, `</tag>` or `<!-- … -->` at `s[i]`, or -1. */
export function tagEnd(s: string, i: number): number {
  if (s.startsWith("!--", i + 1)) {
    const at = commentEnd(s, i + 4);
    return at >= 0 && at - i <= MAX_TAG ? at + 3 : -1;
  }
  let j = s.charCodeAt(i + 1) === 0x2f ? i + 2 : i + 1;
  const first = s.charCodeAt(j) | 0x20;
  if (!(first >= 0x61 && first <= 0x7a)) return -1;
  while (isAlnum(s.charCodeAt(j)) || s.charCodeAt(j) === 0x2d) j++;
  const after = s.charCodeAt(j);
  if (after === 0x3e) return j + 1;
  if (!(after === 0x2f || after === 0x20 || after === 0x0a || after === 0x09 || after === 0x0d))
    return -1;
  for (; j < i + MAX_TAG && j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x3e) return j + 1;
    if (c === 0x3c) return -1;
  }
  return -1;
}

/** The end of the `*` or `**` at `s[i]`, or -1: three or more (our own mask) stay. */
export function emphasisEnd(s: string, i: number): number {
  if (s.charCodeAt(i - 1) === 0x2a) return -1;
  let j = i + 1;
  while (s.charCodeAt(j) === 0x2a) j++;
  return j - i <= 2 ? j : -1;
}
