// The needles a scan looks for, indexed by a rolling hash of their last Q folded characters: a
// bitmap answers "maybe" for one text position in a few instructions, whatever their number.
import { decodeUnit, unit } from "./unit.js";
import { DROP, SPECIAL, foldTables } from "./fold.js";
import type { Form } from "./forms.js";

/** Characters hashed; also the shortest needle. */
export const Q = 6;
export const HASH_MASK = (1 << (5 * Q)) - 1;
const BITMAP_BITS = 20;

export interface Needle {
  /** Folded characters (see fold.ts), ASCII lower-cased when caseless. */
  readonly chars: Uint16Array;
  readonly caseless: boolean;
}

/** The bitmap position of hash `h`. */
export function bitOf(h: number): number {
  return Math.imul(h, 0x9e3779b1) >>> (32 - BITMAP_BITS);
}

/** What a folded character hashes as: lower-cased, and an introducer as itself. */
function hashed(lower: Uint16Array, f: number): number {
  const g = lower[f]!;
  return g === SPECIAL ? f : g;
}

/** How a needle's own text reads, as written or with its units decoded. */
function readForm(text: string, decode: boolean): number[] {
  const { keep, lower } = foldTables();
  const out: number[] = [];
  for (let i = 0; i < text.length;) {
    const c = text.charCodeAt(i);
    if (decode && lower[c] === SPECIAL && decodeUnit(text, i)) {
      if (unit.count > 0) out.push(keep[unit.first]!);
      if (unit.count > 1) out.push(keep[unit.second]!);
      i = unit.end;
    } else {
      out.push(keep[c]!);
      i++;
    }
  }
  return out.filter((f) => f !== DROP);
}

/** How a needle's text reads: as written, and with its units decoded. */
function readings(text: string): number[][] {
  return [readForm(text, false), readForm(text, true)];
}

/** Every registered form, in each of its readings, indexed by the hash of its last Q chars. */
export class NeedleIndex {
  readonly bits = new Int32Array(1 << (BITMAP_BITS - 5));
  readonly byHash = new Map<number, Needle[]>();
  /** The longest needle, in folded characters. */
  readonly longest: number;

  constructor(forms: readonly Form[]) {
    const { lower } = foldTables();
    const seen = new Set<string>();
    let longest = Q;
    for (const form of forms) {
      for (let chars of readings(form.text)) {
        if (form.caseless) chars = chars.map((f) => hashed(lower, f));
        const key = `${form.caseless ? "i" : "c"}${String.fromCharCode(...chars)}`;
        if (chars.length < Q || seen.has(key)) continue;
        seen.add(key);
        let h = 0;
        for (const f of chars.slice(-Q)) h = ((h << 5) ^ hashed(lower, f)) & HASH_MASK;
        const bit = bitOf(h);
        this.bits[bit >>> 5]! |= 1 << (bit & 31);
        const list = this.byHash.get(h) ?? [];
        list.push({ chars: Uint16Array.from(chars), caseless: form.caseless });
        this.byHash.set(h, list);
        longest = Math.max(longest, chars.length);
      }
    }
    this.longest = longest;
  }
}
