// HTML named character references. Node has no table of the 2,231 names and the project adds
// no dependency for one, so the names are split by what they read as (see fold.ts): every
// name of an ASCII character, and every name that reads as an ASCII letter or digit, is known
// here; any other well-formed `&name;` reads as nothing, since it stands for punctuation, a
// symbol, a space or a letter no secret is made of (`&hyphen;`, `&rarr;`, `&bull;`,
// `&eacute;`), or is no reference at all. test/hardening/redactor-gaps.test.ts checks this
// split against Python's complete table.
import { isAsciiAlnum } from "./fold.js";

/** Names by the character they stand for. */
const NAMED: Readonly<Record<string, string>> = {
  "\t": "Tab",
  "\n": "NewLine",
  "!": "excl",
  '"': "quot QUOT",
  "#": "num",
  $: "dollar",
  "%": "percnt",
  "&": "amp AMP",
  "'": "apos",
  "(": "lpar",
  ")": "rpar",
  "*": "ast midast",
  "+": "plus",
  ",": "comma",
  ".": "period",
  "/": "sol",
  ":": "colon",
  ";": "semi",
  "<": "lt LT",
  "=": "equals",
  ">": "gt GT",
  "?": "quest",
  "@": "commat",
  "[": "lsqb lbrack",
  "\\": "bsol",
  "]": "rsqb rbrack",
  "^": "Hat",
  _: "lowbar UnderBar",
  "`": "grave DiacriticalGrave",
  "{": "lcub lbrace",
  "|": "verbar vert VerticalLine",
  "}": "rcub rbrace",
  "\u00a0": "nbsp NonBreakingSpace",
  "\u00ad": "shy",
  // Latin-1 names that read as a digit or a letter, or, without their `;`, as nothing.
  "\u00a9": "copy COPY",
  "\u00aa": "ordf",
  "\u00ae": "reg REG",
  "\u00b2": "sup2",
  "\u00b3": "sup3",
  "\u00b9": "sup1",
  "\u00ba": "ordm",
  // Letter-like symbols whose compatibility form is an ASCII letter. The script, fraktur and
  // double-struck letters under their `Xscr`/`Xfr`/`Xopf` names follow a rule (namedEntity).
  "\u2102": "complexes",
  "\u210b": "HilbertSpace hamilt",
  "\u210c": "Poincareplane",
  "\u210d": "quaternions",
  "\u210e": "planckh",
  "\u2110": "imagline",
  "\u2111": "Im image imagpart",
  "\u2112": "Laplacetrf lagran",
  "\u2113": "ell",
  "\u2115": "naturals",
  "\u2119": "primes",
  "\u211a": "rationals",
  "\u211b": "realine",
  "\u211c": "Re real realpart",
  "\u211d": "reals",
  "\u2124": "integers",
  "\u2128": "zeetrf",
  "\u212c": "Bernoullis bernou",
  "\u212d": "Cayleys",
  "\u2130": "expectation",
  "\u2131": "Fouriertrf",
  "\u2133": "Mellintrf phmmat",
  "\u2134": "order orderof",
  "\u2145": "CapitalDifferentialD DD",
  "\u2146": "DifferentialD dd",
  "\u2147": "ExponentialE ee exponentiale",
  "\u2148": "ImaginaryI ii",
  "\u24c8": "circledS oS",
  fj: "fjlig",
};

const BY_NAME = new Map<string, string>();
for (const [value, names] of Object.entries(NAMED))
  for (const name of names.split(" ")) BY_NAME.set(name, value);

/**
 * Names a parser also accepts without the semicolon (HTML's legacy Latin-1 names) and that
 * read as something other than a letter the fold keeps apart (`&eacute` joins no secret's
 * characters): longest first, so that `&notin` is `&not` and `in`.
 */
const LEGACY = new Map<string, string>(
  [
    ...["amp", "AMP", "lt", "LT", "gt", "GT", "quot", "QUOT", "nbsp", "shy", "copy", "COPY"],
    ...["reg", "REG", "ordf", "ordm", "sup1", "sup2", "sup3"],
  ].map((name) => [name, BY_NAME.get(name)!]),
);
for (const [name, code] of Object.entries({
  iexcl: 0xa1,
  cent: 0xa2,
  pound: 0xa3,
  curren: 0xa4,
  yen: 0xa5,
  brvbar: 0xa6,
  sect: 0xa7,
  uml: 0xa8,
  laquo: 0xab,
  not: 0xac,
  macr: 0xaf,
  deg: 0xb0,
  plusmn: 0xb1,
  acute: 0xb4,
  para: 0xb6,
  middot: 0xb7,
  cedil: 0xb8,
  raquo: 0xbb,
  iquest: 0xbf,
  times: 0xd7,
  divide: 0xf7,
}))
  LEGACY.set(name, String.fromCharCode(code));
const LEGACY_BY_FIRST = new Map<number, string[]>();
for (const name of [...LEGACY.keys()].sort((a, b) => b.length - a.length)) {
  const first = name.charCodeAt(0);
  LEGACY_BY_FIRST.set(first, [...(LEGACY_BY_FIRST.get(first) ?? []), name]);
}

/** The longest name of the HTML table (`CounterClockwiseContourIntegral`). */
const MAX_NAME = 32;

/**
 * What `&name;` reads as, when it is none of the names above: `&aopf;`, `&afr;` and `&ascr;`
 * (the double-struck, fraktur and script letters, for every ASCII letter) read as the letter
 * itself; any other name as nothing.
 */
function valueOf(name: string): string {
  return namedReferenceValue(name) ?? "";
}

/**
 * What `&name;` reads as where the table knows it (ASCII characters and what reads as a letter
 * or digit); undefined for the names that stand for punctuation, symbols or other letters.
 */
export function namedReferenceValue(name: string): string | undefined {
  const value = BY_NAME.get(name);
  if (value !== undefined) return value;
  return /^[A-Za-z](?:opf|fr|scr)$/.test(name) ? name.charAt(0) : undefined;
}

/** What the last reference found by `namedReferenceEnd` reads as: its character(s), or "". */
export const reference = { value: "" };

/**
 * The end of the named reference whose `&` is at `s[i]`, or -1: `&name;` (every well-formed
 * one), or, when `legacy`, a legacy name without its `;` (the longest that `s` holds).
 */
export function namedReferenceEnd(s: string, i: number, legacy: boolean): number {
  let j = i + 1;
  while (j <= i + MAX_NAME && isAsciiAlnum(s.charCodeAt(j))) j++;
  if (j === i + 1 || s.charCodeAt(i + 1) <= 0x39) return -1;
  if (s.charCodeAt(j) === 0x3b) {
    reference.value = valueOf(s.slice(i + 1, j));
    return j + 1;
  }
  if (!legacy) return -1;
  for (const name of LEGACY_BY_FIRST.get(s.charCodeAt(i + 1)) ?? [])
    if (s.startsWith(name, i + 1)) {
      reference.value = LEGACY.get(name)!;
      return i + 1 + name.length;
    }
  return -1;
}
