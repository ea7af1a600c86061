// Markup that renders as nothing: tags and comments, the tail of a Markdown link or image
// (`](…)`, `][…]`), the terminal escape sequences a log viewer turns into colours, and emoji
// shortcodes, which render as a separator. Emphasis, strike-through, code spans and brackets
// need nothing here: their marks are separators.

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

/** Longest terminal escape sequence taken for one. */
const MAX_ESCAPE = 256;

/**
 * The end of the terminal escape sequence whose ESC is at `s[i]` (or stands in for it), or -1:
 * a CSI sequence (`ESC [ 0 ; 31 m`, parameters, intermediates, one final byte) or an OSC string
 * (`ESC ] 8 ; ; url BEL`, ended by BEL or `ESC \`). Both render as nothing in the runner's log.
 */
export function terminalEscapeEnd(s: string, i: number): number {
  const kind = s.charCodeAt(i + 1);
  const limit = Math.min(s.length, i + MAX_ESCAPE);
  if (kind === 0x5b /* [ */) {
    let j = i + 2;
    while (j < limit && s.charCodeAt(j) >= 0x30 && s.charCodeAt(j) <= 0x3f) j++;
    while (j < limit && s.charCodeAt(j) >= 0x20 && s.charCodeAt(j) <= 0x2f) j++;
    const final = s.charCodeAt(j);
    return final >= 0x40 && final <= 0x7e ? j + 1 : -1;
  }
  if (kind === 0x5d /* ] */) {
    for (let j = i + 2; j < limit; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x07) return j + 1;
      if (c === 0x1b && s.charCodeAt(j + 1) === 0x5c) return j + 2;
    }
  }
  return -1;
}

/** Whether `c` is a space, tab or line break. */
function isBlank(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

/** The end of a link title (`"…"`, `'…'` or `(…)`) at `s[j]`, or -1. */
function titleEnd(s: string, j: number, limit: number): number {
  const open = s.charCodeAt(j);
  const close = open === 0x28 ? 0x29 : open;
  if (open !== 0x22 && open !== 0x27 && open !== 0x28) return -1;
  for (let k = j + 1; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c === 0x5c) k++;
    else if (c === close) return k + 1;
  }
  return -1;
}

/** The end of a link destination (`<…>`, or no blanks with balanced parentheses) at `s[j]`. */
function destinationEnd(s: string, j: number, limit: number): number {
  if (s.charCodeAt(j) === 0x3c) {
    for (let k = j + 1; k < limit; k++) {
      const c = s.charCodeAt(k);
      if (c === 0x3e) return k + 1;
      if (c === 0x3c || c === 0x0a) return -1;
    }
    return -1;
  }
  let depth = 0;
  let k = j;
  for (; k < limit; k++) {
    const c = s.charCodeAt(k);
    if (c <= 0x20) break;
    if (c === 0x5c) k++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && depth-- === 0) break;
  }
  return k;
}

/**
 * The end of the tail of a Markdown link or image at its `]` (`s[i]`), or -1: `](destination)`,
 * `](destination "title")` or `][label]`. A renderer shows the link's text, never its tail, so
 * `[g](#)[h](#)` reads as `gh`.
 */
export function linkTailEnd(s: string, i: number): number {
  const kind = s.charCodeAt(i + 1);
  const limit = Math.min(s.length, i + MAX_ESCAPE);
  if (kind === 0x5b /* [ */) {
    for (let j = i + 2; j < limit; j++) {
      const c = s.charCodeAt(j);
      if (c === 0x5d) return j + 1;
      if (c === 0x5b) return -1;
    }
    return -1;
  }
  if (kind !== 0x28 /* ( */) return -1;
  let j = i + 2;
  while (j < limit && isBlank(s.charCodeAt(j))) j++;
  j = destinationEnd(s, j, limit);
  if (j < 0) return -1;
  const before = j;
  while (j < limit && isBlank(s.charCodeAt(j))) j++;
  if (j > before && s.charCodeAt(j) !== 0x29) {
    j = titleEnd(s, j, limit);
    if (j < 0) return -1;
    while (j < limit && isBlank(s.charCodeAt(j))) j++;
  }
  return s.charCodeAt(j) === 0x29 ? j + 1 : -1;
}

/** Longest emoji shortcode name taken for one. */
const MAX_SHORTCODE = 40;

/**
 * The end of an emoji shortcode (`:smile:`, `:+1:`) at `s[i]`, or -1: GitHub shows an emoji,
 * which reads as a separator.
 */
export function shortcodeEnd(s: string, i: number): number {
  // Names begin with a letter (or are `+1`, `-1`), so a time such as `12:07:07` is none.
  const first = s.charCodeAt(i + 1);
  if (!((first >= 0x61 && first <= 0x7a) || first === 0x2b || first === 0x2d)) return -1;
  const limit = Math.min(s.length, i + 2 + MAX_SHORTCODE);
  for (let j = i + 1; j < limit; j++) {
    const c = s.charCodeAt(j);
    if (c === 0x3a) return j > i + 1 ? j + 1 : -1;
    const word = (c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39);
    if (!(word || c === 0x5f || c === 0x2b || c === 0x2d)) return -1;
  }
  return -1;
}
