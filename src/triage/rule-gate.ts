/**
 * The literal strings a regex cannot match without: for `/^\s*npm (?:ERR!|error) /`, a line must
 * hold "npm ERR! " or "npm error " (`i` rules: in any letter case). A line holding none of a
 * rule's literals is ruled out without running its regex. The analysis reads the regex's source
 * and is sound by construction: whatever it does not understand (a class it cannot list, a
 * back-reference, the `u` or `v` flag) it treats as "any text", which only weakens the gate; a
 * regex it cannot gate at all gets `undefined` and is always run.
 */

/** What the analysis knows of a piece of a regex. */
interface Info {
  /** Every match is one of these strings (a small finite set), when known. */
  readonly exact?: ReadonlySet<string>;
  /** Every match holds one of these non-empty strings, when known. */
  readonly req?: ReadonlySet<string>;
}

export interface Gate {
  /** A line the regex matches holds one of these. */
  readonly literals: readonly string[];
  /** Compare without letter case (the regex has the `i` flag); the literals are lower case ASCII. */
  readonly caseless: boolean;
}

/** Most strings an exact set may hold before the analysis stops listing them. */
const MAX_EXACT = 16;
/** Longest literal kept: longer ones are as good a filter and cost more to look for. */
const MAX_LITERAL = 24;
const ANY: Info = {};
const EMPTY: Info = { exact: new Set([""]) };

/** The gate of `re`, or undefined when nothing is known to be required. */
export function gateOf(re: RegExp): Gate | undefined {
  if (/[uv]/.test(re.flags)) return undefined;
  const caseless = re.flags.includes("i");
  const parser = new Parser(re.source, caseless);
  const info = parser.alternation();
  if (parser.at < re.source.length) return undefined; // an unbalanced `)`: never mind
  const set = best([info]);
  if (!set) return undefined;
  return { literals: [...set], caseless };
}

/**
 * The most selective requirement among the candidates: the longest shortest literal (up to a
 * length past which all are rare), then the fewest literals.
 */
function best(infos: readonly Info[]): ReadonlySet<string> | undefined {
  let chosen: ReadonlySet<string> | undefined;
  let rank = [0, 0];
  for (const info of infos)
    for (const set of [info.req, info.exact]) {
      if (!set || set.size === 0) continue;
      const shortest = Math.min(...[...set].map((s) => s.length));
      if (shortest === 0) continue;
      const r = [Math.min(shortest, 12), -set.size];
      if (!chosen || r[0]! > rank[0]! || (r[0] === rank[0] && r[1]! > rank[1]!)) {
        chosen = set;
        rank = r;
      }
    }
  return chosen;
}

/** Every string of `a` followed by one of `b`, unless that makes too many or too long ones. */
function cross(a: ReadonlySet<string>, b: ReadonlySet<string>): Set<string> | undefined {
  if (a.size * b.size > MAX_EXACT) return undefined;
  const out = new Set<string>();
  for (const x of a)
    for (const y of b) {
      if (x.length + y.length > MAX_LITERAL) return undefined;
      out.add(x + y);
    }
  return out;
}

class Parser {
  at = 0;
  constructor(
    private readonly src: string,
    private readonly caseless: boolean,
  ) {}

  /** `a|b|…` up to a `)` or the end. */
  alternation(): Info {
    const branches = [this.sequence()];
    while (this.src[this.at] === "|") {
      this.at++;
      branches.push(this.sequence());
    }
    if (branches.length === 1) return branches[0]!;
    let exact: Set<string> | undefined = new Set();
    const req = new Set<string>();
    let reqKnown = true;
    for (const b of branches) {
      if (exact && b.exact && exact.size + b.exact.size <= MAX_EXACT)
        for (const s of b.exact) exact.add(s);
      else exact = undefined;
      const set = best([b]);
      if (set) for (const s of set) req.add(s);
      else reqKnown = false;
    }
    return { ...(exact ? { exact } : {}), ...(reqKnown ? { req } : {}) };
  }

  /** Terms one after another: a run of exactly known terms joins into longer literals. */
  private sequence(): Info {
    const found: Info[] = [];
    // `run`: the exact strings of the terms since the last one not exactly known
    let run: ReadonlySet<string> = new Set([""]);
    let whole: ReadonlySet<string> | undefined = run;
    while (this.at < this.src.length && this.src[this.at] !== "|" && this.src[this.at] !== ")") {
      const term = this.quantified();
      found.push(term);
      whole = whole && term.exact ? cross(whole, term.exact) : undefined;
      const joined: Set<string> | undefined = term.exact ? cross(run, term.exact) : undefined;
      if (joined) run = joined;
      else {
        found.push({ exact: run });
        run = term.exact ?? new Set([""]);
      }
    }
    found.push({ exact: run });
    const req = best(found);
    return { ...(whole ? { exact: whole } : {}), ...(req ? { req } : {}) };
  }

  private quantified(): Info {
    const term = this.atom();
    const q = /^(?:([*+?])|\{(\d+)(?:(,)(\d*))?\})\??/.exec(this.src.slice(this.at));
    if (!q) return term;
    this.at += q[0].length;
    const min = q[1] === "+" ? 1 : q[1] ? 0 : Number(q[2]);
    const max = q[1]
      ? q[1] === "?"
        ? 1
        : Infinity
      : q[3]
        ? q[4]
          ? Number(q[4])
          : Infinity
        : min;
    if (min === 0) {
      // `x?` is x or nothing; anything more that may be absent tells nothing
      return max === 1 && term.exact ? { exact: new Set(["", ...term.exact]) } : EMPTY_OR_ANY;
    }
    let exact: ReadonlySet<string> | undefined = term.exact;
    if (min === max && exact)
      for (let i = 1; i < min && exact; i++) exact = cross(exact, term.exact!);
    else exact = undefined;
    // at least one repetition: whatever one holds, all hold
    const req = best([term]);
    return { ...(exact ? { exact } : {}), ...(req ? { req } : {}) };
  }

  private atom(): Info {
    const c = this.src[this.at]!;
    this.at++;
    switch (c) {
      case "^":
      case "$":
        return EMPTY;
      case ".":
        return ANY;
      case "(":
        return this.group();
      case "[":
        return this.charClass();
      case "\\":
        return this.escape();
      default:
        return this.char(c);
    }
  }

  private char(c: string): Info {
    if (!this.caseless) return { exact: new Set([c]) };
    // caseless: ASCII compares by its lower case; other characters may fold in ways not listed
    return c.charCodeAt(0) < 0x80 ? { exact: new Set([c.toLowerCase()]) } : ANY;
  }

  private group(): Info {
    const head = /^\?(?:<?[=!]|:|<[A-Za-z_$][\w$]*>)?/.exec(this.src.slice(this.at))?.[0] ?? "";
    this.at += head.length;
    const inner = this.alternation();
    if (this.src[this.at] === ")") this.at++;
    // a look-around consumes nothing
    return /[=!]/.test(head) ? EMPTY : inner;
  }

  private escape(): Info {
    const c = this.src[this.at] ?? "";
    this.at++;
    if (c === "b" || c === "B") return EMPTY;
    if (/[dDwWsS]/.test(c)) return ANY;
    if (c === "t") return this.char("\t");
    if (c === "n") return this.char("\n");
    if (c === "r") return this.char("\r");
    if (c === "x" && /^[0-9a-fA-F]{2}/.test(this.src.slice(this.at))) {
      const code = parseInt(this.src.slice(this.at, this.at + 2), 16);
      this.at += 2;
      return this.char(String.fromCharCode(code));
    }
    if (c === "u" && /^[0-9a-fA-F]{4}/.test(this.src.slice(this.at))) {
      const code = parseInt(this.src.slice(this.at, this.at + 4), 16);
      this.at += 4;
      return this.char(String.fromCharCode(code));
    }
    // punctuation stands for itself; letters and digits (back-references, \c, \0, \k) are unknown
    if (/[^\w]/.test(c) && c !== "") return this.char(c);
    return ANY;
  }

  /** `[…]`: the characters it lists, when they are few and plain. */
  private charClass(): Info {
    const end = this.classEnd();
    const body = this.src.slice(this.at, end);
    this.at = end + 1;
    if (body.startsWith("^") || body.includes("\\") || body === "") return ANY;
    const chars = new Set<string>();
    for (let i = 0; i < body.length; i++) {
      if (body[i + 1] === "-" && i + 2 < body.length) {
        const from = body.charCodeAt(i);
        const to = body.charCodeAt(i + 2);
        if (to - from >= MAX_EXACT) return ANY;
        for (let k = from; k <= to; k++) chars.add(String.fromCharCode(k));
        i += 2;
      } else chars.add(body[i]!);
    }
    const exact = new Set<string>();
    for (const ch of chars) {
      const one = this.char(ch).exact;
      if (!one) return ANY;
      for (const s of one) exact.add(s);
    }
    return exact.size <= MAX_EXACT ? { exact } : ANY;
  }

  /** The index of the `]` closing the class that starts at `at`. */
  private classEnd(): number {
    let i = this.at;
    // a `]` first in the class is a literal in JavaScript's legacy syntax only when… it is not:
    // `[]` matches nothing and `[^]` anything, so `]` always closes
    while (i < this.src.length && this.src[i] !== "]") i += this.src[i] === "\\" ? 2 : 1;
    return i;
  }
}

/** `x*`, `x{0,3}`: may match nothing, and so tells nothing. */
const EMPTY_OR_ANY: Info = ANY;
