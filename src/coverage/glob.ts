/**
 * Globs to regular expressions, for `include-paths`/`exclude-paths` and `.gitattributes`
 * patterns. Ours rather than `path.matchesGlob`: that one is still experimental in Node 20 and
 * prints a warning into the action's log.
 */

export interface GlobOptions {
  /** `{a,b}` alternatives (globs); off for `.gitattributes`, which git matches without them. */
  braces?: boolean;
  /** `**` that is not a whole path segment matches like `*` (git) rather than across `/`. */
  gitDoubleStar?: boolean;
}

const cache = new Map<string, RegExp>();

/**
 * A whole-path matcher: `*` and `?` stay within a segment, `**` as a segment spans any number of
 * them, `[a-z]`/`[!a-z]` are classes, `{a,b}` alternatives; a trailing `/` means everything below.
 */
export function globToRegExp(glob: string, options: GlobOptions = {}): RegExp {
  const key = `${options.braces === false ? 0 : 1}${options.gitDoubleStar ? 1 : 0}${glob}`;
  let re = cache.get(key);
  if (!re) {
    let g = glob.startsWith("./") ? glob.slice(2) : glob;
    if (g.startsWith("/")) g = g.slice(1);
    if (g.endsWith("/")) g += "**";
    re = new RegExp(`^${translate(g, options)}$`);
    cache.set(key, re);
  }
  return re;
}

export function matchesGlob(path: string, glob: string, options?: GlobOptions): boolean {
  return globToRegExp(glob, options).test(path);
}

function translate(g: string, options: GlobOptions): string {
  let out = "";
  let i = 0;
  while (i < g.length) {
    const c = g[i]!;
    if (c === "*") {
      let j = i + 1;
      while (g[j] === "*") j++;
      const double = j - i >= 2;
      const segment = (i === 0 || g[i - 1] === "/") && (j === g.length || g[j] === "/");
      if (double && segment && g[j] === "/") {
        out += "(?:[^/]*/)*"; // "**/": zero or more directories
        i = j + 1;
      } else if (double && (segment || !options.gitDoubleStar)) {
        out += ".*";
        i = j;
      } else {
        out += "[^/]*";
        i = j;
      }
    } else if (c === "?") {
      out += "[^/]";
      i++;
    } else if (c === "\\" && i + 1 < g.length) {
      out += escape(g[i + 1]!);
      i += 2;
    } else if (c === "[") {
      const end = classEnd(g, i);
      if (end < 0) {
        out += "\\[";
        i++;
      } else {
        out += charClass(g.slice(i + 1, end));
        i = end + 1;
      }
    } else if (c === "{" && options.braces !== false) {
      const alts = braceAlternatives(g, i);
      if (!alts) {
        out += "\\{";
        i++;
      } else {
        out += `(?:${alts.parts.map((p) => translate(p, options)).join("|")})`;
        i = alts.end + 1;
      }
    } else {
      out += escape(c);
      i++;
    }
  }
  return out;
}

const escape = (c: string) => c.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** Index of the `]` closing the class opened at `start`; a `]` right after `[` or `[!` is literal. */
function classEnd(g: string, start: number): number {
  let i = start + 1;
  if (g[i] === "!" || g[i] === "^") i++;
  if (g[i] === "]") i++;
  for (; i < g.length; i++) {
    if (g[i] === "\\") i++;
    else if (g[i] === "]") return i;
  }
  return -1;
}

function charClass(body: string): string {
  const negate = body.startsWith("!") || body.startsWith("^");
  const inner = (negate ? body.slice(1) : body).replace(
    /\\(.)|([\]\\^])/g,
    (_m, esc: string, raw: string) => `\\${esc ?? raw}`,
  );
  // A class never matches the separator, as in git and in shells.
  return negate ? `(?!/)[^${inner}]` : `(?!/)[${inner}]`;
}

/** The comma-separated alternatives of the `{…}` at `start`, nesting respected. */
function braceAlternatives(g: string, start: number): { parts: string[]; end: number } | undefined {
  const parts: string[] = [];
  let depth = 0;
  let from = start + 1;
  for (let i = start + 1; i < g.length; i++) {
    const c = g[i];
    if (c === "\\") i++;
    else if (c === "{") depth++;
    else if (c === "}" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      parts.push(g.slice(from, i));
      from = i + 1;
    } else if (c === "}") {
      parts.push(g.slice(from, i));
      return parts.length > 1 ? { parts, end: i } : undefined;
    }
  }
  return undefined;
}
