// A unit: what one escape, entity, byte literal, surrogate pair or piece of markup decodes to,
// as a renderer or a reader would decode it: JSON/JS escapes, HTML character references,
// percent and quoted-printable escapes (UTF-8 sequences whole), `0xHH` byte literals, surrogate
// pairs that read as ASCII, and markup and terminal escapes, which render as nothing.
import { namedReferenceEnd, reference } from "./html-entities.js";
import { DROP, foldAstral, isAsciiAlnum as isAlnum } from "./fold.js";
import { linkTailEnd, shortcodeEnd, tagEnd, terminalEscapeEnd } from "./markup.js";

/**
 * The unit found by the last successful `decodeUnit`: source end and 0-2 UTF-16 code units;
 * `crossed` when an escape of one kind spelled the introducer of another that was then decoded
 * too (`&bsol;n`, `%5C1`): a first reader sees that second escape as text.
 */
export const unit = { end: 0, count: 0, first: 0, second: 0, crossed: false };
/** Whether the introducer being decoded was itself decoded from an escape. */
let inner = false;

/** Escapes decoded inside one another as one unit. */
const MAX_DEPTH = 4;

const HEX = new Int8Array(128).fill(-1);
for (let d = 0; d < 16; d++) {
  HEX["0123456789abcdef".charCodeAt(d)] = d;
  HEX["0123456789ABCDEF".charCodeAt(d)] = d;
}

function hexAt(s: string, i: number): number {
  return HEX[s.charCodeAt(i)] ?? -1;
}

/** The value of exactly `digits` hex digits at `i`, or -1. */
function fixedHex(s: string, i: number, digits: number): number {
  let v = 0;
  for (let k = 0; k < digits; k++) {
    const d = hexAt(s, i + k);
    if (d < 0) return -1;
    v = v * 16 + d;
  }
  return v;
}

function emitNothing(end: number): true {
  unit.end = end;
  unit.count = 0;
  return true;
}

function emitEnd(end: number): boolean {
  return end >= 0 && emitNothing(end);
}

function emitUnit(code: number, end: number): true {
  unit.end = end;
  unit.count = 1;
  unit.first = code;
  return true;
}

/** What a named reference stands for: nothing, one character or two (`&fjlig;`). */
function emitText(value: string, end: number): true {
  if (value.length === 0) return emitNothing(end);
  emitUnit(value.charCodeAt(0), end);
  if (value.length > 1) {
    unit.count = 2;
    unit.second = value.charCodeAt(1);
  }
  return true;
}

function emitCodePoint(cp: number, end: number): true {
  if (cp <= 0xffff) return emitUnit(cp, end);
  if (cp > 0x10ffff) return emitUnit(0xfffd, end);
  const f = foldAstral(cp);
  if (f === DROP) return emitNothing(end);
  if (f >= 0) return emitUnit(f, end);
  unit.end = end;
  unit.count = 2;
  unit.first = 0xd800 + ((cp - 0x10000) >> 10);
  unit.second = 0xdc00 + ((cp - 0x10000) & 0x3ff);
  return true;
}

/**
 * A byte from an escape; a UTF-8 lead byte takes the continuation bytes escaped right after it
 * (`%E2%80%8B`, `\xC3\xA9`, or doubly escaped), as a URL or string decoder does.
 */
function emitByte(lead: number, end: number, s: string): true {
  const extra = lead >= 0xf0 ? 3 : lead >= 0xe0 ? 2 : 1;
  if (lead < 0xc2 || lead > 0xf4) return emitUnit(lead, end);
  let cp = lead & (0x3f >> extra);
  let j = end;
  for (let k = 0; k < extra; k++) {
    if (!decodeUnit(s, j) || unit.count !== 1 || unit.first < 0x80 || unit.first > 0xbf)
      return emitUnit(lead, end);
    cp = (cp << 6) | (unit.first & 0x3f);
    j = unit.end;
  }
  return emitCodePoint(cp, j);
}

/**
 * A UTF-16 escape. A high surrogate takes the low one escaped right after it, however that one
 * is escaped (`\uD835\uDC20`, or doubled inside JSON).
 */
function emitPair(v: number, s: string, end: number): true {
  if (v >= 0xd800 && v <= 0xdbff && decodeUnit(s, end) && unit.count === 1) {
    const lo = unit.first;
    if (lo >= 0xdc00 && lo <= 0xdfff)
      return emitCodePoint(0x10000 + ((v - 0xd800) << 10) + (lo - 0xdc00), unit.end);
  }
  return emitUnit(v, end);
}

/** The control character of `\n`-style escapes, or -1. */
function controlEscape(c: number): number {
  switch (c) {
    case 0x6e:
      return 10;
    case 0x72:
      return 13;
    case 0x74:
      return 9;
    case 0x62:
      return 8;
    case 0x66:
      return 12;
    case 0x76:
      return 11;
    default:
      return -1;
  }
}

/** `\uXXXX`, `\u{X…}`, `\UXXXXXXXX`, `\xHH`, octal `\NNN`, `\n`-style, `\<punctuation>`. */
function backslash(s: string, i: number): boolean {
  const n = s.charCodeAt(i + 1);
  if (n === 0x75 /* u */) {
    if (s.charCodeAt(i + 2) === 0x7b /* { */) {
      let v = 0;
      let j = i + 3;
      for (; j < i + 9 && hexAt(s, j) >= 0; j++) v = v * 16 + hexAt(s, j);
      return j > i + 3 && s.charCodeAt(j) === 0x7d && emitCodePoint(v, j + 1);
    }
    const v = fixedHex(s, i + 2, 4);
    return v >= 0 && emitPair(v, s, i + 6);
  }
  if (n === 0x55 /* U */) {
    const v = fixedHex(s, i + 2, 8);
    return v >= 0 && emitCodePoint(v, i + 10);
  }
  if (n === 0x78 /* x */) {
    const v = fixedHex(s, i + 2, 2);
    return v >= 0 && emitByte(v, i + 4, s);
  }
  if (n >= 0x30 && n <= 0x37) {
    let v = n - 0x30;
    let j = i + 2;
    for (; j < i + 4; j++) {
      const d = s.charCodeAt(j) - 0x30;
      if (!(d >= 0 && d <= 7) || v * 8 + d > 0xff) break;
      v = v * 8 + d;
    }
    return j === i + 4 ? emitByte(v, j, s) : emitUnit(v, j);
  }
  if (n === 0x0a) return emitNothing(i + 2);
  if (n === 0x0d) return emitNothing(s.charCodeAt(i + 2) === 0x0a ? i + 3 : i + 2);
  const control = controlEscape(n);
  if (control >= 0) return emitUnit(control, i + 2);
  return n > 0x20 && n < 0x7f && !isAlnum(n) && emitUnit(n, i + 2);
}

/**
 * `&#DDD;`, `&#xHH;` (semicolon optional, any number of leading zeros) and named references:
 * every well-formed `&name;` is one unit (see html-entities.ts for what it reads as).
 */
function entity(s: string, i: number): boolean {
  if (s.charCodeAt(i + 1) === 0x23 /* # */) {
    const hex = (s.charCodeAt(i + 2) | 0x20) === 0x78;
    let j = hex ? i + 3 : i + 2;
    const start = j;
    let v = 0;
    for (; ; j++) {
      const d = hex ? hexAt(s, j) : s.charCodeAt(j) - 0x30;
      if (!(d >= 0 && d < (hex ? 16 : 10))) break;
      v = Math.min(v * (hex ? 16 : 10) + d, 0x110000);
    }
    if (j === start) return false;
    if (s.charCodeAt(j) === 0x3b) j++;
    const invalid = v === 0 || (v >= 0xd800 && v <= 0xdfff);
    return emitCodePoint(invalid ? 0xfffd : v, j);
  }
  // Only where the `&` is written out: `%26amp%3B` is `&amp;` once its `%3B` is decoded.
  const end = namedReferenceEnd(s, i, !inner);
  return end >= 0 && emitText(reference.value, end);
}

/** `%HH` (either case) and the old `%uXXXX`. */
function percent(s: string, i: number): boolean {
  if ((s.charCodeAt(i + 1) | 0x20) === 0x75) {
    const v = fixedHex(s, i + 2, 4);
    if (v >= 0) return emitPair(v, s, i + 6);
  }
  const v = fixedHex(s, i + 1, 2);
  return v >= 0 && emitByte(v, i + 3, s);
}

/**
 * Quoted-printable `=HH` and its soft line break (an `=` of the text may be taken for one; the
 * needles allow for that, see needle-index.ts).
 */
function quotedPrintable(s: string, i: number): boolean {
  const n = s.charCodeAt(i + 1);
  if (n === 0x0a) return !inner && emitNothing(i + 2);
  if (n === 0x0d && s.charCodeAt(i + 2) === 0x0a) return !inner && emitNothing(i + 3);
  const v = fixedHex(s, i + 1, 2);
  return v >= 0 && emitByte(v, i + 3, s);
}

/** A C-style byte literal `0xHH` standing alone, as in `{0x67, 0x68}`. */
function byteLiteral(s: string, i: number): boolean {
  if ((s.charCodeAt(i + 1) | 0x20) !== 0x78 || (i > 0 && isAlnum(s.charCodeAt(i - 1))))
    return false;
  const v = fixedHex(s, i + 2, 2);
  return v >= 0 && !isAlnum(s.charCodeAt(i + 4)) && emitUnit(v, i + 4);
}

/** A surrogate pair that reads as an ASCII character (`𝐠`, `🄶`) or as nothing (tag characters). */
function surrogatePair(s: string, i: number): boolean {
  const lo = s.charCodeAt(i + 1);
  if (!(lo >= 0xdc00 && lo <= 0xdfff)) return false;
  const cp = 0x10000 + ((s.charCodeAt(i) - 0xd800) << 10) + (lo - 0xdc00);
  const f = foldAstral(cp);
  if (f === -1) return false;
  return f === DROP ? emitNothing(i + 2) : emitUnit(f, i + 2);
}

/** Decodes the unit introduced by `c`, standing at `s[i]` or in place of it. */
function decodeOnce(c: number, s: string, i: number): boolean {
  switch (c) {
    case 0x5c:
      return backslash(s, i);
    case 0x26:
      return entity(s, i);
    case 0x25:
      return percent(s, i);
    case 0x3d:
      return quotedPrintable(s, i);
    case 0x3c:
      return emitEnd(tagEnd(s, i));
    case 0x30:
      return byteLiteral(s, i);
    case 0x1b:
      return emitEnd(terminalEscapeEnd(s, i));
    case 0x5d:
      return emitEnd(linkTailEnd(s, i));
    case 0x3a:
      return emitEnd(shortcodeEnd(s, i));
    default:
      return surrogatePair(s, i);
  }
}

/**
 * Introducers that an escape may itself produce: `%2567`, `\\u0067`, `&amp;#103;`, and the ESC
 * of a terminal escape written in JSON (`\\u001b[0m`). Not `=`:
 * quoted-printable writes a literal `=` as `=3D`, so `=3D41` is `=41`.
 */
function reintroduces(c: number): boolean {
  return c === 0x5c || c === 0x25 || c === 0x26 || c === 0x1b;
}

/**
 * Decodes the unit that begins at `s[i]` into `unit`, if there is one. Only called where the
 * `lower` fold table says SPECIAL. An escape that decodes to an introducer is decoded again with
 * the source after it, so that a doubly escaped character (JSON inside JSON) is one unit.
 */
export function decodeUnit(s: string, i: number): boolean {
  const outer = inner;
  inner = false;
  const found = decodeOnce(s.charCodeAt(i), s, i);
  let crossed = false;
  let kind = s.charCodeAt(i);
  for (let depth = 0; found && depth < MAX_DEPTH; depth++) {
    const { end, count, first } = unit;
    if (count !== 1 || !reintroduces(first)) break;
    // The decoders of these introducers read only what follows them, so the decoded one can
    // stand in for the last source character of its unit.
    inner = true;
    const again = decodeOnce(first, s, end - 1);
    inner = false;
    if (!again || unit.end <= end) {
      emitUnit(first, end);
      break;
    }
    if (first !== kind && first !== 0x1b) crossed = true;
    kind = first;
  }
  unit.crossed = crossed;
  inner = outer;
  return found;
}

/** Decodes the unit at `s[i]` as a first reader does: an introducer it spells stays as it is. */
export function decodeUnitOnce(s: string, i: number): boolean {
  const outer = inner;
  inner = false;
  const found = decodeOnce(s.charCodeAt(i), s, i);
  unit.crossed = false;
  inner = outer;
  return found;
}
