// What a reader sees of each character: a secret is read as its letters and digits. Everything
// else between them (punctuation, symbols, spaces, invisible characters) is a separator a
// reader skips, and compatibility forms (fullwidth, mathematical, circled letters) read as
// their ASCII letter.

/** Fold value of a character that is dropped from the reading. */
export const DROP = 0xffff;
/** Fold value, in `lower` only, of a character that may begin an encoded unit. */
export const SPECIAL = 0xfffe;

/**
 * Characters that may begin a unit: escape, entity, tag, `0x`, ESC, a link's `](…)` tail, an
 * emoji shortcode, and (added below) a high surrogate. All but `0` are separators when they
 * begin nothing.
 */
const INTRODUCERS = "\\&%=<0\x1b]:";

/**
 * Whether the introducer `c`, followed by `next`, may begin a unit: a cheap test that spares a
 * decode for the `0` of numbers, the `:` of JSON and times and the `]` of arrays.
 */
export function mayOpen(c: number, next: number): boolean {
  if (c === 0x30) return (next | 0x20) === 0x78;
  if (c === 0x5d) return next === 0x28 || next === 0x5b;
  if (c === 0x3a) return (next >= 0x61 && next <= 0x7a) || next === 0x2b || next === 0x2d;
  return true;
}

const INVISIBLE = /^[\s\p{Cc}\p{Cf}\p{Mn}\p{Me}\p{Default_Ignorable_Code_Point}]$/u;
/** Punctuation, symbols (emoji, arrows, bullets) and spaces: what joins characters visibly. */
const SEPARATOR = /^[\p{P}\p{S}\p{Z}]$/u;
/** Blocks with no invisible character, separator or compatibility form of an ASCII one. */
const PLAIN_BLOCKS: readonly (readonly [number, number])[] = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa48f],
  [0xac00, 0xd7a3],
  [0xd800, 0xf8ff], // surrogates (paired in unit.ts) and private use
];

export interface FoldTables {
  /** Per UTF-16 code unit: the character read, case kept, or DROP. */
  readonly keep: Uint16Array;
  /** As `keep`, ASCII lower-cased, and SPECIAL where an encoded unit may begin. */
  readonly lower: Uint16Array;
}

let tables: FoldTables | undefined;

export function isAsciiAlnum(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a);
}

function readAs(ch: string): number {
  if (INVISIBLE.test(ch)) return DROP;
  const n = ch.normalize("NFKC");
  const code = n.charCodeAt(0);
  if (n.length === 1 && code < 0x80) return isAsciiAlnum(code) ? code : DROP;
  return SEPARATOR.test(ch) ? DROP : ch.charCodeAt(0);
}

/** The fold tables, built once per process (about 20 ms). */
export function foldTables(): FoldTables {
  if (tables) return tables;
  const keep = new Uint16Array(0x10000);
  const lower = new Uint16Array(0x10000);
  let block = 0;
  for (let c = 0; c < 0x10000; c++) {
    while (c > (PLAIN_BLOCKS[block]?.[1] ?? 0x10000)) block++;
    const plain = c >= (PLAIN_BLOCKS[block]?.[0] ?? 0x10000);
    let f: number;
    if (c < 0x80) f = isAsciiAlnum(c) ? c : DROP;
    else f = plain ? c : readAs(String.fromCharCode(c));
    keep[c] = f;
    lower[c] = f >= 0x41 && f <= 0x5a ? f | 0x20 : f;
  }
  for (const ch of INTRODUCERS) lower[ch.charCodeAt(0)] = SPECIAL;
  lower.fill(SPECIAL, 0xd800, 0xdc00);
  tables = { keep, lower };
  return tables;
}

const astral = new Map<number, number>();

/** How a code point above U+FFFF reads: an ASCII code, DROP, or -1 when it reads as itself. */
export function foldAstral(cp: number): number {
  let f = astral.get(cp);
  if (f === undefined) {
    const ch = String.fromCodePoint(cp);
    f = readAs(ch);
    if (f === ch.charCodeAt(0)) f = -1;
    astral.set(cp, f);
  }
  return f;
}
