// @-mentions as GitHub renders them. The Markdown renderer first turns the text into HTML (entity
// and numeric references decoded, emphasis markers, backslashes and tags consumed); the mention
// filter then looks at each text node of that HTML for `@name` not preceded by a word character.
// So `_@team/x_` (the underscore is consumed by emphasis), `__@user__`, `&#64;user`,
// `&#x40;org/team`, `&commat;user` and `\@user` all reach the filter as a live `@user`, while the
// raw text shows no `@` at the start of a word. The break is therefore placed after whatever the
// renderer decodes to `@`, whatever surrounds it: a zero-width space right after it, so the name
// never follows the `@` in the rendered text. Only an `@` written as such and directly after an
// ASCII letter or digit is left alone (an e-mail address), since nothing the renderer does can
// separate those two characters.

const ZWSP = "\u200b";

/** `@` as written or as an HTML reference the renderer decodes (`&#64;`, `&#x40;`, `&commat;`). */
const AT = /@|&#0*64;|&#[xX]0*40;|&commat;/g;
const WORD_BEFORE = /[A-Za-z0-9]/;

/**
 * Breaks every @-mention of a person or team GitHub would link, in any form its renderer decodes.
 * With `emails: "break"` the `@` of an e-mail address is broken too (so it is not made a
 * `mailto:` link); by default an address reads as written.
 */
export function neutralizeMentions(text: string, opts: { emails?: "keep" | "break" } = {}): string {
  const keepEmails = (opts.emails ?? "keep") === "keep";
  return text.replace(AT, (at: string, offset: number) =>
    keepEmails && at === "@" && WORD_BEFORE.test(text.charAt(offset - 1)) ? at : `${at}${ZWSP}`,
  );
}
