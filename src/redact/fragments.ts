// Pieces of a secret. A secret cut in two and joined by a word, or quoted without its public
// prefix, is still published: every run of FRAGMENT characters of its body, as read (letters
// and digits, see fold.ts), is a needle of its own, found in every encoding the scan
// decodes.
import { DROP, foldTables } from "./fold.js";
import type { Form } from "./forms.js";

/** The shortest piece of a secret that counts as publishing it. */
export const FRAGMENT = 8;

/**
 * A public prefix: lower-case words, each ended by `_`, `-` or `:` (`ghs_`, `sk-proj-`,
 * `github_pat_`, `xoxb-`, `sk-ant-api03-`, `x-access-token:ghs_`). Every token of its kind
 * starts with it, so no part of it is a piece of the secret: fragments are cut from the body
 * after it, and the word `token` before a token is not masked with it.
 */
const PREFIX = /^(?:[a-z][a-z0-9]{0,11}[-_:]){1,5}/;

/** Lower-case, upper-case, digit: how many of these kinds of character `chars` has. */
function kinds(chars: readonly number[]): number {
  let seen = 0;
  for (const c of chars)
    seen |=
      c >= 0x30 && c <= 0x39 ? 1 : c >= 0x41 && c <= 0x5a ? 2 : c >= 0x61 && c <= 0x7a ? 4 : 8;
  return (seen & 1) + ((seen >> 1) & 1) + ((seen >> 2) & 1) + ((seen >> 3) & 1);
}

/**
 * The fragments of `secret` to search for. A run of one kind of character (`abcdefgh`,
 * `20260304`) is a word or a number that ordinary text holds, not a piece of a random token, so
 * a fragment mixes at least two kinds.
 */
export function fragments(secret: string): Form[] {
  const { keep } = foldTables();
  const prefix = PREFIX.exec(secret)?.[0].length ?? 0;
  const chars: number[] = [];
  let body = 0;
  for (let i = 0; i < secret.length; i++) {
    if (i === prefix) body = chars.length;
    const f = keep[secret.charCodeAt(i)]!;
    if (f !== DROP) chars.push(f);
  }
  if (prefix >= secret.length) return [];
  const out: Form[] = [];
  for (let end = body + FRAGMENT; end <= chars.length; end++) {
    const piece = chars.slice(end - FRAGMENT, end);
    if (kinds(piece) >= 2) out.push({ text: String.fromCharCode(...piece), caseless: false });
  }
  return out;
}
