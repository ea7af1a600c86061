// Secrets are masked in every form a renderer or a reader would decode: plain, escaped (JSON/JS,
// HTML references, percent, quoted-printable, byte literals), split by markup, separators or
// invisible characters, in compatibility letters, encoded (hex, base64, base32, base85, decimal
// codes, nested) and in mixtures of these; and so is every piece of eight characters of a
// secret's body, in any of the character-level forms. See scan.ts for how one pass finds
// them.
import { SPECIAL, foldTables, mayOpen } from "./fold.js";
import { encodedForms, logForms, type Form } from "./forms.js";
import { fragments } from "./fragments.js";
import { NeedleIndex } from "./needle-index.js";
import { clipToStrings, jsonStrings } from "./json-strings.js";
import { FAMILIES, decodeLayer, smuggledRuns, toSource, type Layer } from "./layer.js";
import { scan } from "./scan.js";
import { decodeUnit, unit } from "./unit.js";

const MASK = "***";
const MIN_SECRET = 6;
/** A secret this long has needles in every encoding at every alignment (shorter cores are dropped). */
const COVERS = 16;
/** Layers of escapes decoded inside one another (`\\u0026#103;` is three). */
const MAX_DEPTH = 4;
/** A mask that cuts a unit in two changes how what is left reads: a few rounds clear that. */
const MAX_ROUNDS = 6;
/** Every kind of unit but one, for each kind: the one a reader may have stopped short of. */
const LAYER_KINDS = FAMILIES.map((left) => FAMILIES.filter((f) => f !== left).join(""));
/** View characters a region spans beyond the longest text, for markup not taken as nested. */
const REACH_SLACK = 32;
/** The longest unit: a tag or comment (markup.ts's MAX_TAG). */
const MAX_UNIT = 1024;

/** Replaces every registered secret, in any form that decodes to it, with `***`. */
export class Redactor {
  private readonly plain: string[] = [];
  private readonly forms: string[] = [];
  private readonly needles: Form[] = [];
  private readonly texts: Form[] = [];
  private indexes: Indexes | undefined;
  /** Secrets added whose needles are not built yet (see `add`). */
  private readonly pending: string[] = [];

  /**
   * Registers a secret. Its needles (fragments, encodings) are built at the first `redact` that
   * needs them, not here: the action registers its secrets before it starts git, and whatever is
   * built here delays the clone.
   */
  add(secret: string | undefined): void {
    if (!secret || secret.length < MIN_SECRET) return;
    if (this.plain.includes(secret) || this.pending.includes(secret)) return;
    for (const form of logForms(secret)) if (!this.forms.includes(form)) this.forms.push(form);
    this.pending.push(secret);
    this.indexes = undefined;
  }

  /** Builds the needles of the secrets added since the last call, in the order they came. */
  private build(): void {
    for (const secret of this.pending.splice(0)) this.needlesOf(secret);
  }

  private needlesOf(secret: string): void {
    // A text that holds this one in any form holds a registered secret inside it in that form too
    // (every alignment of every encoding is a needle), so only the runner's log needs its forms.
    // Building the needles of `x-access-token:<token>` cost the action a tenth of its start-up.
    if (this.plain.some((known) => known.length >= COVERS && secret.includes(known))) return;
    this.plain.push(secret);
    // A byte escape that is not UTF-8 decodes to one character per byte.
    const texts = [secret, Buffer.from(secret, "utf8").toString("latin1")];
    const pieces = fragments(secret);
    this.texts.push(...texts.map((text) => ({ text, caseless: false })), ...pieces);
    this.needles.push(
      ...texts.map((text) => ({ text, caseless: false })),
      ...pieces,
      ...encodedForms(secret),
    );
  }

  /** The forms to hand to `core.setSecret`; new ones are appended as secrets are added. */
  get secrets(): readonly string[] {
    return [...this.forms];
  }

  redact(text: string): string {
    // Every needle reads as at least MIN_SECRET characters, each from one or more of the text.
    if (text.length < MIN_SECRET) return text;
    if (this.pending.length > 0) this.build();
    if (this.plain.length === 0) return text;
    const indexes = (this.indexes ??= {
      all: new NeedleIndex(this.needles),
      texts: new NeedleIndex(this.texts),
    });
    let out = text;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const spans = findSpans(out, indexes, indexes.all, 0);
      for (const secret of this.plain)
        for (let at = out.indexOf(secret); at >= 0; at = out.indexOf(secret, at + 1))
          spans.push(at, at + secret.length);
      if (spans.length === 0) return out;
      const before = out;
      const merged = merge(before, spans);
      const strings = jsonStrings(before);
      out = mask(before, strings ? clipToStrings(merged, strings) : merged);
      // A mask reads as nothing (its `*` are separators), so it joins what was on either side;
      // but what is left there was no needle, and a needle across it would need a fragment of a
      // secret on both sides of another. So only a mask that cut a unit in two changes a reading.
      if (!cutsUnit(before, merged)) return out;
    }
    return out;
  }

  /** Redacts every string inside a JSON-like value. */
  redactValue<T>(value: T): T {
    const json = JSON.stringify(value);
    if (json === undefined) return value;
    try {
      return JSON.parse(this.redact(json)) as T;
    } catch {
      // A secret split across strings was masked with the JSON around it: mask string by string.
      return JSON.parse(json, (_key, v: unknown) =>
        typeof v === "string" ? this.redact(v) : v,
      ) as T;
    }
  }
}

interface Indexes {
  /** Every form of every secret. */
  all: NeedleIndex;
  /** The secrets' text forms only: what a second layer of character escapes may spell. */
  texts: NeedleIndex;
}

/** [start, end] of every span of `text` that reads as a needle of `ix`, at any depth. */
function findSpans(text: string, indexes: Indexes, ix: NeedleIndex, depth: number): number[] {
  const spans: number[] = [];
  const { hidden, regions } = scan(text, ix, indexes.texts.longest + REACH_SLACK, spans);
  // What a tag or comment hides from the view is still in the text.
  for (let k = 0; k < hidden.length; k += 2) {
    const from = hidden[k]! + 1;
    for (const p of findSpans(text.slice(from, hidden[k + 1]), indexes, ix, depth + 1))
      spans.push(p + from);
  }
  if (depth === 0)
    for (const run of smuggledRuns(text)) {
      const found = findSpans(run.text, indexes, ix, depth + 1);
      for (const p of found) spans.push(run.at[p]!);
    }
  if (depth >= MAX_DEPTH) return spans;
  for (let k = 0; k < regions.length; k += 2) {
    const from = regions[k]!;
    const view = decodeLayer(text.slice(from, regions[k + 1]));
    if (!view) continue;
    const back = (layer: Layer, found: number[]) => {
      for (let m = 0; m < found.length; m += 2) {
        const [start, end] = toSource(layer, found[m]!, found[m + 1]!);
        spans.push(start + from, end + from);
      }
    };
    // The next layer, of every kind of unit at once and of all kinds but one: what the first
    // layer decoded may or may not have been meant to combine further.
    back(view, findSpans(view.text, indexes, indexes.texts, depth + 1));
    const once = decodeLayer(text.slice(from, regions[k + 1]), undefined, true);
    if (once && once.text !== view.text)
      back(once, findSpans(once.text, indexes, indexes.texts, depth + 1));
    for (const family of LAYER_KINDS) {
      const next = decodeLayer(view.text, family);
      if (!next) continue;
      const found = findSpans(next.text, indexes, indexes.texts, depth + 1);
      const inView: number[] = [];
      for (let m = 0; m < found.length; m += 2)
        inView.push(...toSource(next, found[m]!, found[m + 1]!));
      back(view, inView);
    }
  }
  return spans;
}

/** The spans widened to whole escapes, sorted and merged where they overlap or touch. */
function merge(text: string, flat: number[]): [number, number][] {
  const spans: [number, number][] = [];
  for (let k = 0; k < flat.length; k += 2) spans.push(widen(text, flat[k]!, flat[k + 1]!));
  spans.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const span of spans) {
    const last = merged[merged.length - 1];
    if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
    else merged.push(span);
  }
  return merged;
}

/** Replaces each span with the mask (by concatenation, which V8 defers, as `replace` does). */
function mask(text: string, spans: readonly [number, number][]): string {
  let out = "";
  let last = 0;
  for (const [start, end] of spans) {
    out += text.slice(last, start) + MASK;
    last = end;
  }
  return out + text.slice(last);
}

/**
 * Widens a span so that no backslash escape and no surrogate pair is cut in two: cutting
 * `\"` or `\u0067` would leave JSON that no longer parses.
 */
function widen(text: string, start: number, end: number): [number, number] {
  let k = start;
  while (k > 0 && text.charCodeAt(k - 1) === 0x5c) k--;
  if ((start - k) % 2 === 1) start--;
  k = end;
  while (k > start && text.charCodeAt(k - 1) === 0x5c) k--;
  if ((end - k) % 2 === 1 && end < text.length)
    end += /^u[0-9a-fA-F]{4}/.test(text.slice(end, end + 5)) ? 5 : 1;
  if (isLow(text.charCodeAt(start)) && isHigh(text.charCodeAt(start - 1))) start--;
  if (isLow(text.charCodeAt(end)) && isHigh(text.charCodeAt(end - 1))) end++;
  return [start, end];
}

/**
 * Whether a unit that begins before a span's start or end ends after it: one sweep over the
 * spans in order, so that text made of secrets costs no more than one decode per introducer.
 */
function cutsUnit(text: string, spans: readonly [number, number][]): boolean {
  const { lower } = foldTables();
  let p = 0;
  let reach = 0;
  for (const span of spans)
    for (const pos of span) {
      for (p = Math.max(p, pos - MAX_UNIT); p < pos; p++) {
        const c = text.charCodeAt(p);
        if (lower[c] === SPECIAL && mayOpen(c, text.charCodeAt(p + 1)) && decodeUnit(text, p))
          reach = Math.max(reach, unit.end);
      }
      if (reach > pos) return true;
    }
  return false;
}

function isHigh(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLow(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
