// The HTML named character references that read as an ASCII character or as nothing. The other
// two thousand name letters and symbols that no secret is made of.

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
  "\u2002": "ensp",
  "\u2003": "emsp",
  "\u2004": "emsp13",
  "\u2005": "emsp14",
  "\u2007": "numsp",
  "\u2008": "puncsp",
  "\u2009": "thinsp ThinSpace",
  "\u200a": "hairsp VeryThinSpace",
  "\u200b":
    "ZeroWidthSpace NegativeVeryThinSpace NegativeThinSpace NegativeMediumSpace NegativeThickSpace",
  "\u200c": "zwnj",
  "\u200d": "zwj",
  "\u200e": "lrm",
  "\u200f": "rlm",
  "\u205f": "MediumSpace",
  "\u2060": "NoBreak",
  "\u2061": "ApplyFunction af",
  "\u2062": "InvisibleTimes it",
  "\u2063": "InvisibleComma ic",
};

const BY_NAME = new Map<string, number>();
for (const [ch, names] of Object.entries(NAMED))
  for (const name of names.split(" ")) BY_NAME.set(name, ch.charCodeAt(0));

/** Names a parser also accepts without the semicolon (the legacy ones that matter here). */
export const LEGACY_NAMES: readonly string[] = [
  "amp",
  "AMP",
  "lt",
  "LT",
  "gt",
  "GT",
  "quot",
  "QUOT",
  "nbsp",
  "shy",
];

/** Longest name in BY_NAME, to bound the scan for `;`. */
export const MAX_ENTITY_NAME = 40;

/**
 * The character code a named reference stands for, or -1. `&aopf;`, `&afr;` and `&ascr;` (the
 * double-struck, fraktur and script letters, for every ASCII letter) read as the letter itself.
 */
export function namedEntity(name: string): number {
  const code = BY_NAME.get(name);
  if (code !== undefined) return code;
  if (/^[A-Za-z](?:opf|fr|scr)$/.test(name)) return name.charCodeAt(0);
  return -1;
}
