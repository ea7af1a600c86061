// Whole layers of decoding, for what one pass over units cannot see: a second layer of
// encoding (`%26%23103%3B`), and text spelled by invisible characters.
import { SPECIAL, foldTables } from "./fold.js";
import { decodeUnit, decodeUnitOnce, unit } from "./unit.js";

/**
 * The kinds of unit, by their introducers. A second layer may be one kind only: `=3D%45` is
 * `=E` to whoever decoded the percent escapes and stops there.
 */
export const FAMILIES: readonly string[] = ["\\", "&", "%", "=", "<]:", "0"];

/** A decoded text and, for each unit, [outStart, outEnd, inStart, inEnd] in a flat array. */
export interface Layer {
  readonly text: string;
  readonly units: Int32Array;
}

/**
 * Decodes every unit of `s` once, or only those `family` introduces (see `FAMILIES`); undefined
 * when there is none. `shallow` leaves an introducer that an escape spells as it is (see
 * `unit.crossed`).
 */
export function decodeLayer(s: string, family?: string, shallow = false): Layer | undefined {
  const decode = shallow ? decodeUnitOnce : decodeUnit;
  const { lower } = foldTables();
  const out = new Uint16Array(s.length + 1);
  let units = new Int32Array(64);
  let count = 0;
  let n = 0;
  for (let i = 0; i < s.length;) {
    const c = s.charCodeAt(i);
    const skip = family !== undefined && c < 0xd800 && !family.includes(s.charAt(i));
    if (lower[c] !== SPECIAL || skip || !decode(s, i)) {
      out[n++] = c;
      i++;
      continue;
    }
    if (count + 4 > units.length) {
      const grown = new Int32Array(units.length * 2);
      grown.set(units);
      units = grown;
    }
    units[count++] = n;
    units[count++] = n + unit.count;
    units[count++] = i;
    units[count++] = unit.end;
    if (unit.count > 0) out[n++] = unit.first;
    if (unit.count > 1) out[n++] = unit.second;
    i = unit.end;
  }
  if (count === 0) return undefined;
  const text = Buffer.from(out.buffer, 0, n * 2).toString("utf16le");
  return { text, units: units.subarray(0, count) };
}

/** Decodes every unit of a short text once. */
export function decodeText(s: string): string {
  const { lower } = foldTables();
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length;) {
    if (lower[s.charCodeAt(i)] !== SPECIAL || !decodeUnit(s, i)) {
      i++;
      continue;
    }
    out += s.slice(last, i);
    if (unit.count > 0) out += String.fromCharCode(unit.first);
    if (unit.count > 1) out += String.fromCharCode(unit.second);
    i = last = unit.end;
  }
  return out + s.slice(last);
}

/** The source span of `layer.text`'s span [start, end): whole units, never part of one. */
export function toSource(layer: Layer, start: number, end: number): [number, number] {
  return [sourceOf(layer.units, start, false), sourceOf(layer.units, end - 1, true)];
}

function sourceOf(units: Int32Array, p: number, after: boolean): number {
  // The last unit that starts at or before p.
  let lo = 0;
  let hi = units.length / 4 - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (units[mid * 4]! <= p) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const extra = after ? 1 : 0;
  if (found < 0) return p + extra;
  const outStart = units[found * 4]!;
  const outEnd = units[found * 4 + 1]!;
  const inStart = units[found * 4 + 2]!;
  const inEnd = units[found * 4 + 3]!;
  if (p >= outStart && p < outEnd) return after ? inEnd : inStart;
  return inEnd + (p - outEnd) + extra;
}

/** Text spelled by a run of invisible code points, and where each of its characters came from. */
export interface SmuggledRun {
  readonly text: string;
  /** Source start of each character, then the source end of the run. */
  readonly at: readonly number[];
}

const SMUGGLING = /(?:\uDB40[\uDC20-\uDC7E]|[\uFE00-\uFE0F]|\uDB40[\uDD00-\uDDEF]){6,}/g;

/**
 * Runs of at least six invisible characters that spell text to whoever decodes them: tag
 * characters (U+E0020-E007E) as ASCII, variation selectors (VS1-VS256) as bytes.
 */
export function smuggledRuns(s: string): SmuggledRun[] {
  const runs: SmuggledRun[] = [];
  for (const m of s.matchAll(SMUGGLING)) {
    let text = "";
    const at: number[] = [];
    for (let i = m.index; i < m.index + m[0].length;) {
      const c = s.charCodeAt(i);
      at.push(i);
      if (c !== 0xdb40) {
        text += String.fromCharCode(c - 0xfe00);
        i++;
        continue;
      }
      const lo = s.charCodeAt(i + 1);
      text += String.fromCharCode(lo < 0xdd00 ? lo - 0xdc00 : lo - 0xdd00 + 16);
      i += 2;
    }
    at.push(m.index + m[0].length);
    runs.push({ text, at });
  }
  return runs;
}
