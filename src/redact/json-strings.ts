// A journal line, requests.jsonl and result.json are JSON. Reading drops the quotes between two
// strings, so a secret split across them is found as one span; masked whole, that span would
// take the JSON's own punctuation with it and leave a line no one can parse. In a JSON text a
// span is masked string by string instead: each piece of it inside a string literal.

/** Whether `text` may be a JSON document worth parsing: it starts like an object or array. */
function looksLikeJson(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x7b || c === 0x5b) return true;
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return false;
}

/** [start, end) of the contents of each string literal of `text`, or undefined if not JSON. */
export function jsonStrings(text: string): number[] | undefined {
  if (!looksLikeJson(text)) return undefined;
  try {
    JSON.parse(text);
  } catch {
    return undefined;
  }
  // Valid JSON: outside a literal a quote opens one, and inside only an unescaped one ends it.
  const out: number[] = [];
  for (let i = text.indexOf('"'); i >= 0; i = text.indexOf('"', i + 1)) {
    const start = i + 1;
    for (i = start; text.charCodeAt(i) !== 0x22; i++) if (text.charCodeAt(i) === 0x5c) i++;
    out.push(start, i);
  }
  return out;
}

/**
 * The spans (sorted, apart) cut to the string literals they cross; a span that touches no
 * literal (a number) is kept whole.
 */
export function clipToStrings(
  spans: readonly [number, number][],
  strings: readonly number[],
): [number, number][] {
  const out: [number, number][] = [];
  let k = 0;
  for (const [start, end] of spans) {
    while (k < strings.length && strings[k + 1]! <= start) k += 2;
    let touched = false;
    for (let m = k; m < strings.length && strings[m]! < end; m += 2) {
      const from = Math.max(start, strings[m]!);
      const to = Math.min(end, strings[m + 1]!);
      if (to > from) out.push([from, to]);
      touched = true;
    }
    if (!touched) out.push([start, end]);
  }
  return out;
}
