// The one JSON value a model's text answer carries, read leniently where the answer is
// unambiguous and refused where it is not: a reply is read once and the reading must not guess.

/** The JSON value a text holds, or why it holds none that can be taken. */
export type JsonInText = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Finds the JSON object or array in a model's text: the whole text, one fenced block, or one
 * value before, after or between sentences. Copies of the same value count once. Refused: no
 * value, two different values (which one was meant is a guess), a value cut short (its end is
 * missing, so what it held is unknown), a value that is not valid JSON, and one inside brackets
 * that are not JSON (a part of an object with single quotes or unquoted keys).
 *
 * A value starts at `{` or `[` followed by a quote, a bracket or a brace (after blanks): prose
 * brackets such as "[see below]" or "lines [12, 14]" are not taken for JSON.
 */
export function jsonInText(text: string): JsonInText {
  const found = new Map<string, unknown>();
  // Brackets of the prose around the values: a value inside them is part of something that is
  // not JSON (`{'findings': []}`, `{findings: [...]}`), and taking the part would be a guess.
  let prose = 0;
  for (let at = 0; at < text.length;) {
    const c = text[at];
    const opens = c === "{" || c === "[";
    if (!opens || !opensJson(text, at)) {
      if (opens) prose++;
      else if (c === "}" || c === "]") prose = Math.max(0, prose - 1);
      at++;
      continue;
    }
    if (prose > 0) return { ok: false, error: "it holds JSON inside a structure that is not JSON" };
    const end = closingOf(text, at);
    if (end < 0) return { ok: false, error: cutShort(text, at) };
    let value: unknown;
    try {
      value = JSON.parse(text.slice(at, end));
    } catch (error) {
      return { ok: false, error: `it is not valid JSON (${parseProblem(error, text, at)})` };
    }
    found.set(JSON.stringify(value), value);
    at = end;
  }
  if (found.size === 0) return { ok: false, error: "it holds no JSON object" };
  if (found.size > 1)
    return {
      ok: false,
      error: `it holds ${found.size} different JSON values, and exactly one was asked for`,
    };
  return { ok: true, value: found.values().next().value };
}

function opensJson(text: string, at: number): boolean {
  const next = /\S/.exec(text.slice(at + 1, at + 200))?.[0];
  return next === '"' || next === "{" || next === "[" || next === "}" || next === "]";
}

/** The index just after the bracket that closes the one at `start`, or -1 when the text ends first. */
function closingOf(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function cutShort(text: string, start: number): string {
  const { line, column } = lineAndColumn(text, start);
  return `its JSON is cut short: the ${text[start] === "{" ? "object" : "array"} opened at line ${line}, column ${column} never ends`;
}

/**
 * What JSON.parse objected to and where, in the reply's own lines; the parser's message is
 * used only in its forms that quote no text of the reply back.
 */
function parseProblem(error: unknown, text: string, start: number): string {
  const message = error instanceof Error ? error.message : "";
  const at = / in JSON at position (\d+)/.exec(message);
  const what = /^(.*?) in JSON at position/.exec(message)?.[1] ?? "unexpected input";
  if (!at) return /^Unexpected token '[^']{0,4}'/.exec(message)?.[0] ?? "unexpected input";
  const { line, column } = lineAndColumn(text, start + Number(at[1]));
  return `${what} at line ${line}, column ${column}`;
}

function lineAndColumn(text: string, index: number): { line: number; column: number } {
  const before = text.slice(0, index);
  const lines = before.split("\n");
  return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1 };
}
