/** Why a character was revealed. */
export type InvisibleKind =
  | "tag" // U+E0000–U+E007F: ASCII smuggled as invisible "tag" letters
  | "bidi" // reorders what is shown (Trojan Source)
  | "zero-width" // U+200B–U+200D, U+2060–U+2064, U+FEFF
  | "variation-selector" // U+FE00–U+FE0F, U+E0100–U+E01EF: bytes hidden after a visible letter
  | "control" // C0 and C1 controls other than \t and \n, and a \r not before \n
  | "line-separator" // U+2028, U+2029: a line break to some readers and not to others
  | "format"; // any other format or default-ignorable character: soft hyphen, CGJ, fillers

export interface InvisibleFound {
  readonly kind: InvisibleKind;
  readonly codePoint: number;
  readonly count: number;
}

export interface Revealed {
  readonly text: string;
  /** One entry per code point revealed, in code point order; empty when nothing was. */
  readonly found: InvisibleFound[];
}

// Candidates: controls but \t, \n and the \r of a CRLF; format (Cf) and default-ignorable
// characters (which add variation selectors, CGJ, Hangul fillers); the two Unicode separators.
const CANDIDATE_SOURCE = String.raw`[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\p{Cf}\p{DI}\u2028\u2029]|\r(?!\n)`;
const CANDIDATE = new RegExp(CANDIDATE_SOURCE, "u");
const CANDIDATES = new RegExp(CANDIDATE_SOURCE, "gu");

/**
 * Replaces every invisible or non-printing character with a marker such as `⟦U+202E⟧`, never
 * dropping one: a hidden bidi control in code is itself a finding, and a marker per character
 * keeps the change in length a function of the text alone.
 *
 * Kept as they are, because they show on screen and can carry almost nothing:
 * - ZWJ between two pictographs (an emoji before it may have a skin tone or U+FE0F), as in
 *   👨‍👩‍👧 and 🏳️‍🌈; ZWJ and ZWNJ after a letter or mark of a script they shape (Arabic,
 *   Indic and similar), as in Persian می‌خواهم or a Malayalam chillu ending a word. Runs of
 *   joiners, and joiners after Latin letters (an identifier split invisibly), are revealed.
 * - U+FE0E and U+FE0F right after a character that has an emoji form (text or emoji style).
 * Revealed always: tag characters, even in the three subdivision flags that use them, since they
 *   are the channel for smuggled ASCII and those flags are rare in code review; the other
 *   variation selectors (U+FE00–U+FE0D, U+E0100–U+E01EF), which stack without limit after any
 *   letter to hide bytes, at the cost of marking a rare ideographic variant; CGJ (U+034F, a mark,
 *   not Cf) and the Hangul fillers, which are default-ignorable and serve as invisible
 *   identifiers.
 * Linear in the text; when nothing is revealed the same string is returned (one regex test when
 * there is no candidate at all).
 */
export function revealInvisible(text: string): Revealed {
  if (!CANDIDATE.test(text)) return { text, found: [] };
  let out = "";
  let last = 0;
  const counts = new Map<number, number>();
  for (const match of text.matchAll(CANDIDATES)) {
    const at = match.index;
    const codePoint = match[0].codePointAt(0) ?? 0;
    if (isKept(text, at, codePoint)) continue;
    out += text.slice(last, at) + marker(codePoint);
    last = at + match[0].length;
    counts.set(codePoint, (counts.get(codePoint) ?? 0) + 1);
  }
  if (counts.size === 0) return { text, found: [] };
  const found = [...counts]
    .sort(([a], [b]) => a - b)
    .map(([codePoint, count]) => ({ kind: kindOf(codePoint), codePoint, count }));
  return { text: out + text.slice(last), found };
}

/** The marker for one code point: `⟦U+200B⟧`, `⟦U+E0041⟧`. */
export function marker(codePoint: number): string {
  return `⟦U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}⟧`;
}

const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const VS15 = 0xfe0e;
const VS16 = 0xfe0f;

const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const EMOJI = /^\p{Emoji}$/u;
const SKIN_TONE = /^\p{Emoji_Modifier}$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
// Scripts whose shaping a joiner changes: cursive (Arabic, Syriac, N'Ko, Mongolian) and Brahmic.
const JOINING_SCRIPT =
  /^[\p{scx=Arab}\p{scx=Syrc}\p{scx=Nkoo}\p{scx=Mong}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}\p{scx=Khmr}\p{scx=Mymr}\p{scx=Tibt}]$/u;

function isKept(text: string, at: number, codePoint: number): boolean {
  if (codePoint === VS15 || codePoint === VS16) return EMOJI.test(charBefore(text, at));
  if (codePoint !== ZWJ && codePoint !== ZWNJ) return false;
  const after = text.codePointAt(at + 1) ?? 0;
  if (after === ZWJ || after === ZWNJ) return false;
  if (isShapedLetter(charBefore(text, at))) return true;
  return (
    codePoint === ZWJ &&
    PICTOGRAPHIC.test(String.fromCodePoint(after)) &&
    PICTOGRAPHIC.test(emojiBase(text, at))
  );
}

const isShapedLetter = (char: string) => LETTER_OR_MARK.test(char) && JOINING_SCRIPT.test(char);

/** The emoji a ZWJ at `at` follows, past one skin tone or one U+FE0F. */
function emojiBase(text: string, at: number): string {
  let char = charBefore(text, at);
  if (SKIN_TONE.test(char) || char === "\uFE0F") char = charBefore(text, at - char.length);
  return char;
}

/** The code point ending just before `at`, as a string ("" at the start). */
function charBefore(text: string, at: number): string {
  if (at <= 0) return "";
  const pair = at >= 2 && isLow(text.charCodeAt(at - 1)) && isHigh(text.charCodeAt(at - 2));
  return String.fromCodePoint(text.codePointAt(pair ? at - 2 : at - 1) ?? 0);
}

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff;
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff;

const BIDI = new Set([
  0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
]);

function kindOf(codePoint: number): InvisibleKind {
  if (codePoint >= 0xe0000 && codePoint <= 0xe007f) return "tag";
  if (BIDI.has(codePoint)) return "bidi";
  if (
    (codePoint >= 0x200b && codePoint <= 0x200d) ||
    (codePoint >= 0x2060 && codePoint <= 0x2064) ||
    codePoint === 0xfeff
  )
    return "zero-width";
  if (
    (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
    (codePoint >= 0xe0100 && codePoint <= 0xe01ef)
  )
    return "variation-selector";
  if (codePoint <= 0x1f || (codePoint >= 0x7f && codePoint <= 0x9f)) return "control";
  if (codePoint === 0x2028 || codePoint === 0x2029) return "line-separator";
  return "format";
}
