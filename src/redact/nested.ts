// A second layer of encoding that no single unit covers: an introducer left undecoded (or
// produced by decoding) that a later decoded character completes, as `&%23103;` or `&lt;i&gt;`.
import { DROP, foldTables, isAsciiAlnum } from "./fold.js";
import { decodeText } from "./layer.js";
import { decodeUnit, unit } from "./unit.js";

/** How far (source characters) before a decoded character an escape it completes may begin. */
export const NEST_REACH = 24;

/**
 * Whether `intro`, with the source up to `at` and then the unit [at, end) decoded to `c`, begins
 * a unit that covers `c` once what surrounds it is decoded too.
 */
export function completes(text: string, intro: Intro, at: number, end: number, c: number): boolean {
  const letter = (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;
  const digit = c >= 0x30 && c <= 0x39;
  if (!(letter || digit || c === 0x23 || c === 0x3b || c === 0x7b || c === 0x3e || c === 0x2f))
    return false;
  const between = decodeText(text.slice(intro.end, at));
  // Markup needs more of what follows: whether a word goes on after it.
  const after = decodeText(text.slice(end, end + (intro.code === 0x3c ? 4 : 1) * NEST_REACH));
  const probe = String.fromCharCode(intro.code) + between + String.fromCharCode(c) + after;
  if (!decodeUnit(probe, 0) || unit.end <= between.length + 1) return false;
  if (intro.code !== 0x3c) return true;
  // Escaped markup renders as text: it hides nothing unless it splits a word (or sits next to
  // more markup that does).
  if (SPACE.test(text.charAt(intro.at - 1))) return false;
  if (!inWord(intro.before) && intro.before !== 0x3e) return false;
  const { keep } = foldTables();
  for (let k = unit.end; k < probe.length;) {
    const f = keep[probe.charCodeAt(k)];
    if (probe.charCodeAt(k) === 0x3c && decodeUnit(probe, k) && unit.count === 0) k = unit.end;
    else if (f === DROP && SPACE.test(probe.charAt(k)) && probe.charCodeAt(k - 1) === 0x3e)
      return false;
    else if (f === DROP) k++;
    else return inWord(probe.charCodeAt(k));
  }
  return true;
}

/** What ends a word next to markup in ordinary text; a line break or an invisible space need not. */
const SPACE = /[ \t]/;

export function isHex(text: string, i: number): boolean {
  const c = text.charCodeAt(i) | 0x20;
  return (c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66);
}

/** Characters of a token: alphanumerics and what secrets and encodings add to them. */
function inWord(c: number): boolean {
  return (
    isAsciiAlnum(foldTables().keep[c] ?? DROP) ||
    c === 0x5f ||
    c === 0x2f ||
    c === 0x2b ||
    c === 0x3d
  );
}

/** The last introducer that began no unit, or was decoded from one. */
export interface Intro {
  /** Where it starts and ends in the source. */
  at: number;
  end: number;
  /** Its place in the view, and the view character before it. */
  n: number;
  before: number;
  code: number;
}
