import { randomBytes } from "node:crypto";

/** A fresh fence id for one run: 128 random bits, base64url (22 characters of `[A-Za-z0-9_-]`). */
export function newFenceNonce(): string {
  return randomBytes(16).toString("base64url");
}

const LABEL = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const NONCE = /^[A-Za-z0-9_-]{16,}$/;
/** What the nonce becomes in the content: brackets and spaces are not in the nonce's alphabet. */
export const NONCE_REMOVED = "[fence id removed]";

/**
 * Wraps untrusted text (a pull request's title or body, a comment) so that nothing in it can end
 * the wrapping early or open a fence of its own:
 *
 *     <untrusted-pr-description id="k3J9…">
 *     text
 *     </untrusted-pr-description id="k3J9…">
 *
 * Why the fence holds:
 * - The real closing tag carries `nonce`, which is random per run and never sent to the author of
 *   the text. Should it reach the text anyway (echoed by a tool inside the same run), every
 *   occurrence, in any case, is replaced by `[fence id removed]`. That replacement holds characters
 *   outside the nonce's alphabet and a global replace leaves no occurrence in the untouched parts,
 *   so no occurrence survives, and no closing tag with the right id can be in the content.
 * - Any `<` that starts something a reader could take for a fence tag (`untrusted…` or the label,
 *   opening or closing, in any case, with spaces, format characters, combining marks or odd dashes
 *   between its letters, or a fullwidth `＜` / `／`) is written `&lt;`, so the content holds no tag
 *   a model could mistake for this fence or another one, whatever id it claims. Only `<` is
 *   rewritten and `&lt;` brings in no new `<`, so one pass leaves none behind.
 * Everything else is kept as written. Invisible characters are not this function's job; reveal
 * them first (`revealInvisible`) if the text should show them.
 */
export function fenceUntrusted(label: string, text: string, nonce: string): string {
  if (!LABEL.test(label))
    throw new Error(`fence label must be kebab-case: ${JSON.stringify(label)}`);
  if (!NONCE.test(nonce)) throw new Error("fence nonce must be 16+ characters of [A-Za-z0-9_-]");
  const tag = `untrusted-${label}`;
  // The nonce is checked to be [A-Za-z0-9_-]: a regular expression of literal characters.
  const noNonce = text.replace(new RegExp(nonce, "gi"), NONCE_REMOVED);
  // Every match of `tagLike` starts with one of its three `<`s: a text without any is left as it
  // is, and the pattern (case-folded Unicode classes, 5 to 15 ms to compile per label) is not built.
  const body = MAY_OPEN_TAG.test(noNonce)
    ? noNonce.replace(tagLike(label), (match) => `&lt;${match.slice(1)}`)
    : noNonce;
  return `<${tag} id="${nonce}">\n${body}\n</${tag} id="${nonce}">`;
}

// Characters a reader skips over inside a tag name: whitespace, format characters (zero-width,
// bidi, tags), and combining marks.
const SKIP = String.raw`[\s\p{Cf}\p{Mn}\p{Me}]*`;
const DASH = String.raw`[\s\p{Cf}\p{Mn}\p{Me}\p{Pd}_\u2212]*`;

const tagLikeCache = new Map<string, RegExp>();
/** The characters `tagLike` opens with; no `g` flag, so `test` keeps no state between texts. */
const MAY_OPEN_TAG = /[<\uFF1C\uFE64]/;

/**
 * Matches `<` (or `＜`, `﹤`) + optional `/` + `untrusted` or the label, letters spread out by
 * SKIP. The match never crosses another `<` and each alternative scans forward only, so a text
 * is matched in linear time.
 */
function tagLike(label: string): RegExp {
  let re = tagLikeCache.get(label);
  if (!re) {
    // Letters joined by SKIP; a `-` may be any dash, an underscore, a space or nothing.
    const spelled = (name: string) =>
      name
        .split("-")
        .map((word) => [...word].join(SKIP))
        .join(DASH);
    re = new RegExp(
      `[<\\uFF1C\\uFE64]${SKIP}(?:[/\\uFF0F\\u2044\\u2215]${SKIP})?(?:${spelled("untrusted")}|${spelled(label)})`,
      "giu",
    );
    tagLikeCache.set(label, re);
  }
  return re;
}
