/**
 * Which rules a line may match, found from the line's letter pairs (bigrams) and the literals the
 * rules' regexes need (rule-gate.ts): a literal cannot be in a line unless every pair of it is.
 * A line's pairs are read once into a set of bits that every index consults. Pairs are hashed
 * and share bits, so a line may pass a gate whose literal it lacks (the regex then says no), but
 * never fails one whose literal it holds.
 */
import type { Gate } from "./rule-gate.js";

/** Bits in a line's set of pairs: few enough to clear, enough that most bits stay clear. */
const BITS = 1024;
const WORDS = BITS / 32;

const isUpper = (c: number) => c >= 65 && c <= 90;
const pairBit = (a: number, b: number) => Math.imul((a << 16) | b, 0x9e3779b1) >>> 22;
/** Letter pairs frequent in any English text: a poor key for finding a literal's gates. */
const COMMON_PAIRS = new Set(
  "th he in er an re on at en nd ti es or te of ed is it al ar st to nt ng se ha as ou io le ve co me de hi ri ro ic ne ea ra ce".split(
    " ",
  ),
);

/**
 * The pairs of one line: each pair as written, and, when it has an ASCII capital, also in lower
 * case, so that the literal of an `i` regex (kept in lower case) is found in any letter case.
 */
export class LinePairs {
  readonly bits = new Int32Array(WORDS);

  read(line: string): this {
    const bits = this.bits;
    bits.fill(0);
    let prev = line.charCodeAt(0);
    for (let i = 1; i < line.length; i++) {
      const c = line.charCodeAt(i);
      const bit = pairBit(prev, c);
      bits[bit >>> 5] = bits[bit >>> 5]! | (1 << (bit & 31));
      if (isUpper(c) || isUpper(prev)) {
        const lower = pairBit(isUpper(prev) ? prev | 0x20 : prev, isUpper(c) ? c | 0x20 : c);
        bits[lower >>> 5] = bits[lower >>> 5]! | (1 << (lower & 31));
      }
      prev = c;
    }
    return this;
  }
}

/**
 * The gates of a list of regexes, each literal filed under one of its pairs (its key): a line
 * looks up only the gates filed under the keys it has, then checks all their pairs.
 */
export class GateIndex {
  /** Per gate: where its entries start in `masks`; a gate without entries passes every line. */
  private readonly maskStart: Int32Array;
  /** Per literal: its count of (word, mask) entries, then the entries. */
  private readonly masks: Int32Array;
  /** Gates that cannot rule a line out: no literal known, or one of a single character. */
  private readonly always: Int32Array;
  /** Key bit → its gates, as `keyGates[keyStart[bit]..keyStart[bit + 1]]`. */
  private readonly keyStart: Int32Array;
  private readonly keyGates: Int32Array;
  /** The key bits, laid out as `LinePairs.bits`, and the words that hold any. */
  private readonly keyMask = new Int32Array(WORDS);
  private readonly keyWords: Int32Array;
  private readonly picked: Uint32Array;
  /** The gates `open` found, ascending, in its first `count` places. */
  readonly found: Int32Array;
  private round = 0;

  /** `leads[i]`, unless -1, is the code point a line must start with (after blanks) for gate i. */
  constructor(
    gates: ReadonlyArray<Gate | undefined>,
    private readonly leads: Int32Array = new Int32Array(gates.length).fill(-1),
  ) {
    const byKey: number[][] = Array.from({ length: BITS }, () => []);
    const always: number[] = [];
    const masks: number[] = [];
    const maskStart = new Int32Array(gates.length + 1);
    gates.forEach((gate, index) => {
      maskStart[index] = masks.length;
      if (!gate || gate.literals.some((l) => l.length < 2)) {
        always.push(index);
        return;
      }
      for (const literal of gate.literals) {
        const words = new Map<number, number>();
        let key = -1;
        for (let i = 1; i < literal.length; i++) {
          const bit = pairBit(literal.charCodeAt(i - 1), literal.charCodeAt(i));
          words.set(bit >>> 5, (words.get(bit >>> 5) ?? 0) | (1 << (bit & 31)));
          if (key === -1 && !COMMON_PAIRS.has(literal.slice(i - 1, i + 1).toLowerCase())) key = bit;
        }
        if (key === -1) key = pairBit(literal.charCodeAt(0), literal.charCodeAt(1));
        const list = byKey[key]!;
        if (list[list.length - 1] !== index) list.push(index);
        masks.push(words.size);
        for (const [word, mask] of words) masks.push(word, mask);
      }
    });
    maskStart[gates.length] = masks.length;
    this.maskStart = maskStart;
    this.masks = Int32Array.from(masks);
    this.always = Int32Array.from(always);
    this.keyStart = new Int32Array(BITS + 1);
    byKey.forEach((list, bit) => {
      this.keyStart[bit + 1] = this.keyStart[bit]! + list.length;
      if (list.length > 0) this.keyMask[bit >>> 5]! |= 1 << (bit & 31);
    });
    this.keyGates = Int32Array.from(byKey.flat());
    this.keyWords = Int32Array.from(
      [...this.keyMask].flatMap((mask, word) => (mask === 0 ? [] : [word])),
    );
    this.picked = new Uint32Array(gates.length);
    this.found = new Int32Array(gates.length);
  }

  /**
   * Finds the gates a line with `pairs` may pass and returns their count; `found` lists them,
   * ascending, until the next call. `lead` is the line's first code point after blanks.
   */
  open(pairs: LinePairs, lead: number): number {
    const { keyMask, keyWords, keyStart, keyGates, picked, found, leads } = this;
    const bits = pairs.bits;
    const round = ++this.round;
    let kept = 0;
    for (let w = 0; w < keyWords.length; w++) {
      const word = keyWords[w]!;
      let hits = bits[word]! & keyMask[word]!;
      while (hits !== 0) {
        const low = hits & -hits;
        hits ^= low;
        const bit = word * 32 + 31 - Math.clz32(low);
        for (let k = keyStart[bit]!, end = keyStart[bit + 1]!; k < end; k++) {
          const g = keyGates[k]!;
          if (picked[g] === round) continue;
          picked[g] = round;
          const need = leads[g]!;
          if ((need === -1 || need === lead) && this.holds(g, bits)) found[kept++] = g;
        }
      }
    }
    for (const g of this.always) {
      const need = leads[g]!;
      if (need === -1 || need === lead) found[kept++] = g;
    }
    // few gates pass: an insertion sort
    for (let i = 1; i < kept; i++) {
      const g = found[i]!;
      let j = i - 1;
      while (j >= 0 && found[j]! > g) {
        found[j + 1] = found[j]!;
        j--;
      }
      found[j + 1] = g;
    }
    return kept;
  }

  /** Whether all the pairs of one of the gate's literals are in `bits`. */
  private holds(gate: number, bits: Int32Array): boolean {
    const masks = this.masks;
    const stop = this.maskStart[gate + 1]!;
    for (let i = this.maskStart[gate]!; i < stop;) {
      const end = i + 1 + 2 * masks[i]!;
      let all = true;
      for (let k = i + 1; k < end; k += 2)
        if ((bits[masks[k]!]! & masks[k + 1]!) !== masks[k + 1]) {
          all = false;
          break;
        }
      if (all) return true;
      i = end;
    }
    return false;
  }
}
