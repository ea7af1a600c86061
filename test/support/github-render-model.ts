// What GitHub makes of a comment's Markdown, as far as mentions, links, images and HTML go: a
// model that errs on the side of finding too much. The renderer decodes entity and numeric
// references, consumes backslash escapes and turns tags, emphasis and code spans into elements; the
// mention filter then reads each text node for `@name` after a non-word character. Zero-width
// characters are kept, as GitHub keeps them. Code holds no mention and no link.
import { namedReferenceValue } from "../../src/redact/html-entities.js";

/**
 * The text outside code: fenced blocks (opened at up to 3 spaces, in a blockquote too) and code
 * spans (a run of backticks to the next run of the same length) hold no mention and no link.
 */
function outsideCode(markdown: string): string {
  const out: string[] = [];
  let open: string | undefined;
  for (const line of markdown.split("\n")) {
    const fence = /^ {0,3}(`{3,}|~{3,})/.exec(line.replace(/^(?: {0,3}> ?)+/, ""))?.[1];
    if (open) {
      if (fence && fence[0] === open[0] && fence.length >= open.length) open = undefined;
      continue;
    }
    if (fence) open = fence;
    else out.push(line);
  }
  return out.join("\n").replace(/(?<!`)(`+)(?!`)[\s\S]*?(?<!`)\1(?!`)/g, " ");
}

/** The text as the mention filter reads it, every element boundary a space. */
export function renderedText(markdown: string): string {
  return (
    outsideCode(markdown)
      .replace(/&#[xX]([0-9a-fA-F]{1,6});/g, (_m, h: string) =>
        String.fromCodePoint(parseInt(h, 16)),
      )
      .replace(/&#([0-9]{1,7});/g, (_m, d: string) => String.fromCodePoint(Number(d)))
      .replace(/&([A-Za-z][A-Za-z0-9]*);/g, (m, name: string) => {
        return namedReferenceValue(name) ?? m;
      })
      .replace(/<\/?[A-Za-z][^<>]*>/g, " ")
      .replace(/\\([!-/:-@[-`{-~])/g, "$1")
      // Emphasis and code become elements: each marker is an element boundary.
      .replace(/[*_~`]/g, " ")
  );
}

/** The @-mentions GitHub would link in a comment. */
export function liveMentions(markdown: string): string[] {
  return [...renderedText(markdown).matchAll(/(?:^|[^A-Za-z0-9_])@([A-Za-z0-9][\w/-]*)/g)].map(
    (m) => m[1]!,
  );
}

export interface LiveLink {
  kind: "link" | "image" | "definition" | "bare" | "email" | "html";
  target: string;
}

/** The links, images and raw HTML GitHub would render from a comment. */
export function liveLinks(markdown: string): LiveLink[] {
  const text = outsideCode(markdown);
  const found: LiveLink[] = [];
  for (const m of text.matchAll(/(!?)\[[^\]]*\]\(\s*<?([^)\s>]*)/g))
    found.push({ kind: m[1] ? "image" : "link", target: m[2]! });
  for (const m of text.matchAll(/\]\[([^\]]*)\]|^ {0,3}\[[^\]]+\]:\s*(\S*)/gm))
    found.push({ kind: "definition", target: m[1] ?? m[2] ?? "" });
  for (const m of text.matchAll(/<[A-Za-z!/?][^\s>]*/g)) found.push({ kind: "html", target: m[0] });
  for (const m of text.matchAll(/(?:https?|ftp):\/\/[^\s<>)\]]*|www\.[^\s<>)\]]*/gi))
    found.push({ kind: "bare", target: m[0] });
  for (const m of text.matchAll(/[\w.+-]+@[A-Za-z0-9-]+\.[\w.-]+/g))
    found.push({ kind: "email", target: m[0] });
  return found;
}
