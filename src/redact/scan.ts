// One linear pass that reads a text two ways at once, as written (the raw reading) and with its
// units decoded (the view), each with separators and invisible characters dropped and
// compatibility forms folded, and reports every span of the text that reads as a needle. The
// raw reading catches what a unit would swallow: in `g\1\6` or `g&h;s`, `\1` and `&h;` decode
// to nothing a secret holds, but whoever reads the text as written sees `g16` and `ghs`.
import { DROP, SPECIAL, foldAstral, foldTables, mayOpen } from "./fold.js";
import { HASH_MASK, Q, bitOf, type Needle, type NeedleIndex } from "./needle-index.js";
import { NEST_REACH, completes, isHex, type Intro } from "./nested.js";
import { decodeUnit, unit } from "./unit.js";

export interface ScanResult {
  /** [start, end] of each tag or comment whose hidden content may hold an encoded needle. */
  hidden: number[];
  /**
   * [start, end] of each region holding a second layer of encoding that no single unit covers
   * (`%26%23103%3B`, `&lt;i&gt;`), with `reach` view characters around it: decode it again.
   */
  regions: number[];
}

/**
 * Appends [start, end], or widens the last span when the two overlap: a secret written out
 * matches each of its fragments, and text made of secrets would otherwise hold dozens of spans
 * per secret until they are merged.
 */
function addSpan(spans: number[], start: number, end: number): void {
  const last = spans.length - 2;
  if (last >= 0 && start <= spans[last + 1]! && end >= spans[last]!) {
    if (start < spans[last]!) spans[last] = start;
    if (end > spans[last + 1]!) spans[last + 1] = end;
  } else spans.push(start, end);
}

function same(needle: Needle, k: number, c: number, keep: Uint16Array): boolean {
  let f = keep[c]!;
  if (needle.caseless && f >= 0x41 && f <= 0x5a) f |= 0x20;
  return f === needle.chars[k];
}

/** Where the raw reading's character before `j` starts (-1 at the start), in `raw.at`/`raw.c`. */
const raw = { at: 0, c: 0 };

function rawBefore(text: string, keep: Uint16Array, j: number): void {
  for (;;) {
    j--;
    if (j < 0) break;
    let c = text.charCodeAt(j);
    // A character above U+FFFF is read as what it folds to, as written: `😀` is a separator.
    if (c >= 0xdc00 && c <= 0xdfff && j > 0) {
      const hi = text.charCodeAt(j - 1);
      const f =
        hi >= 0xd800 && hi <= 0xdbff
          ? foldAstral(0x10000 + ((hi - 0xd800) << 10) + c - 0xdc00)
          : -1;
      if (f === DROP) {
        j--;
        continue;
      }
      if (f >= 0) {
        j--;
        c = f;
      }
    }
    if (keep[c] === DROP) continue;
    raw.c = c;
    break;
  }
  raw.at = j;
}

/** Verifies the raw reading that ends at `end` against the needles of hash `h`. */
function rawHit(text: string, end: number, h: number, ix: NeedleIndex, spans: number[]): void {
  const { keep } = foldTables();
  for (const needle of ix.byHash.get(h) ?? []) {
    raw.at = end;
    let k = needle.chars.length - 1;
    for (; k >= 0; k--) {
      rawBefore(text, keep, raw.at);
      if (raw.at < 0 || !same(needle, k, raw.c, keep)) break;
    }
    if (k < 0) addSpan(spans, raw.at, end);
  }
}

/** The source start and the character of each of the view's last characters. */
interface Ring {
  readonly at: Int32Array;
  readonly code: Uint16Array;
}

/** Verifies the view, whose last `n` characters are in the ring, against the needles of `h`. */
function viewHit(ring: Ring, n: number, end: number, h: number, ix: NeedleIndex, spans: number[]) {
  const { keep } = foldTables();
  const mask = ring.code.length - 1;
  for (const needle of ix.byHash.get(h) ?? []) {
    const len = needle.chars.length;
    if (len > n || len > mask) continue;
    let k = len - 1;
    while (k >= 0 && same(needle, k, ring.code[(n - len + k) & mask]!, keep)) k--;
    if (k < 0) addSpan(spans, ring.at[(n - len) & mask]!, end);
  }
}

/**
 * Whether `c` is an introducer that a decoded character may complete into a unit (`&%23103;`,
 * `]%28x%29`); `0`, ESC, `:` and surrogates begin no second layer.
 */
function nests(c: number): boolean {
  return c === 0x5c || c === 0x26 || c === 0x25 || c === 0x3d || c === 0x3c || c === 0x5d;
}

let shared: Ring | undefined;

/** A ring of at least `size` entries, shared by all scans (they never overlap). */
function ringOf(size: number): Ring {
  const length = 1 << Math.ceil(Math.log2(size));
  if (!shared || shared.at.length < length)
    shared = { at: new Int32Array(length), code: new Uint16Array(length) };
  return shared;
}

/**
 * Scans `text`, appending [start, end] of every match to `spans`. A region that needs a second
 * layer of decoding, and the content of tags, are left to the caller (see ScanResult); `reach`
 * is the longest needle looked for there.
 */
export function scan(text: string, ix: NeedleIndex, reach: number, spans: number[]): ScanResult {
  const { lower, keep } = foldTables();
  const { bits } = ix;
  const ring = ringOf(Math.max(ix.longest, reach + NEST_REACH) + 1);
  const ringMask = ring.at.length - 1;
  const ringAt = ring.at;
  const ringCode = ring.code;
  const result: ScanResult = { hidden: [], regions: [] };
  let n = 0; // view characters so far
  let hv = 0; // hash of the view
  let hr = 0; // hash of the raw reading while it differs from the view
  let lag = 0; // characters until the two readings hash alike again
  const intro: Intro = { at: -NEST_REACH - 1, end: 0, n: 0, before: 0, code: 0 };
  // The open region needing a second layer: its start, and the view count that closes it.
  let regionFrom = -1;
  let closeAt = -1;

  const len = text.length;
  for (let i = 0; i < len;) {
    const c = text.charCodeAt(i);
    let f = lower[c]!;
    if (f === DROP) {
      i++;
      continue;
    }
    if (f === SPECIAL) {
      if (mayOpen(c, text.charCodeAt(i + 1)) && decodeUnit(text, i)) {
        const { end, count, first, second, crossed } = unit;
        if (lag === 0) hr = hv;
        let hides = false;
        // A surrogate pair is a character, not an escape: written or decoded, it reads the same.
        const pair = c >= 0xd800 && c <= 0xdbff;
        if (pair && count === 1) {
          const g = lower[first]!;
          hr = ((hr << 5) ^ (g === SPECIAL ? first : g)) & HASH_MASK;
          const b = bitOf(hr);
          if ((bits[b >>> 5]! >>> (b & 31)) & 1) rawHit(text, end, hr, ix, spans);
        }
        for (let j = pair ? end : i; j < end; j++) {
          const cj = text.charCodeAt(j);
          if (cj === 0x26 || cj === 0x25 || cj === 0x5c) hides = true;
          if (keep[cj] === DROP) continue;
          const g = lower[cj]!;
          hr = ((hr << 5) ^ (g === SPECIAL ? cj : g)) & HASH_MASK;
          const b = bitOf(hr);
          if ((bits[b >>> 5]! >>> (b & 31)) & 1) rawHit(text, j + 1, hr, ix, spans);
        }
        // Where a second layer of encoding begins, if this unit is part of one.
        let nest = -1;
        if (count > 0 && i - intro.at <= NEST_REACH && completes(text, intro, i, end, first))
          nest = intro.n;
        else if (count === 1 && first === 0x3d && isHex(text, end) && isHex(text, end + 1))
          nest = n;
        // `&bsol;1` is `\1` to whoever decodes the reference and stops there.
        else if (crossed && (count === 0 || keep[first] === DROP)) nest = n;
        if (nest >= 0) {
          const back = nest - reach;
          let from = back > 0 ? ringAt[back & ringMask]! : 0;
          if ((text.charCodeAt(from) & 0xfc00) === 0xdc00 && from > 0) from--;
          if (regionFrom < 0) {
            const regions = result.regions;
            if (regions.length > 0 && from <= regions[regions.length - 1]!) {
              regionFrom = regions[regions.length - 2]!;
              regions.length -= 2;
            } else regionFrom = from;
          }
          closeAt = n + count + reach;
        }
        for (let k = 0; k < count; k++) {
          const u = k === 0 ? first : second;
          if (keep[u] === DROP) continue;
          const g = lower[u]!;
          hv = ((hv << 5) ^ (g === SPECIAL ? u : g)) & HASH_MASK;
          ringAt[n & ringMask] = i;
          ringCode[n & ringMask] = u;
          n++;
          const b = bitOf(hv);
          if ((bits[b >>> 5]! >>> (b & 31)) & 1) viewHit(ring, n, end, hv, ix, spans);
        }
        // An introducer decoded from an escape is a separator: it has no place in the view.
        if (count === 1 && nests(first)) {
          intro.at = i;
          intro.end = end;
          intro.n = n;
          intro.before = n > 0 ? ringCode[(n - 1) & ringMask]! : 0;
          intro.code = first;
        }
        if (hides && count === 0 && c === 0x3c) result.hidden.push(i, end);
        lag = Q;
        i = end;
        if (n >= closeAt && regionFrom >= 0) {
          result.regions.push(regionFrom, i);
          regionFrom = -1;
        }
        continue;
      }
      // An introducer that begins nothing is a separator, but a decoded character after it
      // may still complete it (`&%23103;`).
      if (nests(c)) {
        intro.at = i;
        intro.end = i + 1;
        intro.n = n;
        intro.before = n > 0 ? ringCode[(n - 1) & ringMask]! : 0;
        intro.code = c;
      }
      if (keep[c] === DROP) {
        i++;
        continue;
      }
      f = c;
    }
    hv = ((hv << 5) ^ f) & HASH_MASK;
    ringAt[n & ringMask] = i;
    ringCode[n & ringMask] = c;
    n++;
    i++;
    let b = bitOf(hv);
    if ((bits[b >>> 5]! >>> (b & 31)) & 1) {
      viewHit(ring, n, i, hv, ix, spans);
      if (lag === 0) rawHit(text, i, hv, ix, spans);
    }
    if (lag > 0) {
      hr = ((hr << 5) ^ f) & HASH_MASK;
      lag--;
      b = bitOf(hr);
      if ((bits[b >>> 5]! >>> (b & 31)) & 1) rawHit(text, i, hr, ix, spans);
    }
    if (n === closeAt && regionFrom >= 0) {
      result.regions.push(regionFrom, i);
      regionFrom = -1;
    }
  }
  if (regionFrom >= 0) result.regions.push(regionFrom, len);
  return result;
}
