// The one rule for untrusted and model-written text in what Rivumi posts (review comments, the
// sticky comment's summary and findings, the triage comment and issue, the step summary): text,
// code and suggestions stay; raw HTML, images, and links anywhere but the repository's own pages
// on its own host do not; no @-mention and no forged marker survives the renderer's decoding.
//
// Everything is broken with a zero-width space after the character that would start the
// construct (`<`, the `]` of `](`, `][` and `]:`, the `:` of `://`, `www`, `@`). The text reads
// the same, inside inline code too, so code spans need not be told apart (a wrong guess about
// where GitHub sees one could leave a link live). Fenced code blocks are told apart, because
// there the space would be copied with the code: a line opens one only where CommonMark would
// open one whatever container the text sits in, and the block is taken to end at the first line
// that could end it; an unclosed block is closed at the end of the text, so it cannot swallow
// what Rivumi writes after it. Inside a block only markers are broken.
import { revealInvisible } from "../util/invisible.js";
import { neutralizeMentions } from "../util/mentions.js";
import { neutralizeMarkers } from "../util/sanitize.js";

/** Where links may point: the repository's own pages, on the server that hosts it. */
export interface Site {
  /** The server's web address, as `GITHUB_SERVER_URL` gives it (https://github.com, a GHES host). */
  serverUrl: string;
  /** `owner/name`. */
  repo: string;
}

export interface SafeOptions {
  /** Links to this repository's pages stay; without it no link does. */
  site?: Site | undefined;
  /** The text goes on after something Rivumi wrote on its first line, which opens no code block. */
  midLine?: boolean;
}

const ZWSP = "\u200b";

/** Untrusted or model-written Markdown, made inert as the file's header says. */
export function safeMarkdown(text: string, opts: SafeOptions = {}): string {
  const lines = revealInvisible(text).text.split("\n");
  const out: string[] = [];
  let prose: string[] = [];
  let open: Fence | undefined;
  const flush = () => {
    if (prose.length > 0) out.push(safeText(prose.join("\n"), opts.site));
    prose = [];
  };
  lines.forEach((line, i) => {
    if (open && (isBlank(line) || indentOf(line) >= open.indent)) {
      out.push(codeLine(line));
      if (closes(line, open)) open = undefined;
      return;
    }
    open = undefined;
    const opened = i === 0 && opts.midLine ? undefined : opener(line);
    if (!opened) return void prose.push(line);
    flush();
    out.push(codeLine(line));
    open = opened;
  });
  flush();
  if (open) out.push(`${" ".repeat(open.indent)}${open.char.repeat(open.length)}`);
  return out.join("\n");
}

/** Untrusted text on one line (a title, a name): whitespace runs become one space. */
export function safeInline(text: string, site?: Site): string {
  const one = revealInvisible(text).text.replace(/\s+/g, " ").trim();
  return safeText(one, site);
}

interface Fence {
  char: string;
  length: number;
  indent: number;
}

function opener(line: string): Fence | undefined {
  const m = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(line);
  if (!m) return undefined;
  const [, spaces = "", run = "", info = ""] = m;
  // A backtick fence's info string holds no backtick; with one, the line is not a fence.
  if (run.startsWith("`") && info.includes("`")) return undefined;
  return { char: run.charAt(0), length: run.length, indent: spaces.length };
}

function closes(line: string, open: Fence): boolean {
  const m = /^ {0,3}(`+|~+)[ \t\r]*$/.exec(line);
  return !!m && m[1]!.startsWith(open.char) && m[1]!.length >= open.length;
}

const isBlank = (line: string) => /^[ \t\r]*$/.test(line);

/** Leading columns, a tab reaching the next multiple of 4. */
function indentOf(line: string): number {
  let column = 0;
  for (const c of line) {
    if (c === " ") column++;
    else if (c === "\t") column += 4 - (column % 4);
    else break;
  }
  return column;
}

/** A line of a code block: only markers are broken (Rivumi's are found in raw text). */
const codeLine = (line: string) =>
  line.replace(/<!--/g, `<${ZWSP}!--`).replace(/-->/g, `--${ZWSP}>`);

/** An inline link whose text holds no bracket and whose destination is a bare address. */
const LINK = /(!?)\[([^[\]]*)\]\(([^\s()<>`&\\"']+)\)/g;

/** Text outside code blocks: links to the repository stay, everything else is made inert. */
function safeText(text: string, site: Site | undefined): string {
  let out = "";
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const [whole, bang, label = "", target = ""] = m;
    if (bang || !allowedUrl(target, site)) continue;
    out += inert(text.slice(last, m.index), site);
    // Right after `]` or `!` the link would read as a reference or an image.
    if (/[\]!]$/.test(out)) out += ZWSP;
    out += `[${inert(label, site)}](${target})`;
    last = m.index + whole.length;
  }
  return out + inert(text.slice(last), site);
}

/** Address-like runs GitHub turns into links by themselves. */
const BARE_URL = /(?:https?|ftp):\/\/[^\s<>]*|www\.[^\s<>]*/gi;

function inert(text: string, site: Site | undefined): string {
  const broken = text
    // A tag, comment, processing instruction or autolink needs its `<` right before it.
    .replace(/<(?=[A-Za-z/!?])/g, `<${ZWSP}`)
    // An inline link or image, a reference link, a link reference definition or footnote.
    .replace(/\](?=[([:])/g, `]${ZWSP}`)
    .replace(BARE_URL, (url) =>
      allowedUrl(url, site)
        ? url
        : url.replace("://", `:${ZWSP}//`).replace(/www\./gi, `www${ZWSP}.`),
    );
  // An e-mail address would become a mailto: link: its `@` is broken too.
  return neutralizeMentions(neutralizeMarkers(broken), { emails: "break" });
}

/**
 * Whether a link may point there: an absolute address on the site's own host and scheme, under
 * the repository's path (`/owner/name` or below), as a browser resolves it. Anything that a
 * renderer or browser would decode first (references, backslashes, credentials) is refused.
 */
export function allowedUrl(raw: string, site: Site | undefined): boolean {
  if (!site || !/^[\x21-\x7e]+$/.test(raw) || /[@\\&]/.test(raw)) return false;
  let url: URL;
  let server: URL;
  try {
    url = new URL(/^www\./i.test(raw) ? `http://${raw}` : raw);
    server = new URL(site.serverUrl);
  } catch {
    return false;
  }
  if (url.protocol !== server.protocol || url.host !== server.host) return false;
  const root = `/${site.repo}`.toLowerCase();
  const path = url.pathname.toLowerCase();
  return path === root || path.startsWith(`${root}/`);
}
