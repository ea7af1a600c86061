/**
 * Finds the first rule of an ordered table that matches a line, without trying every rule: most
 * rules are anchored (`^\s*npm `, `^\[ERROR\] `, `^FAIL`) and can only match a line whose first
 * non-blank character is theirs. The table is indexed once by that character; a line tries the
 * rules of its character and the unanchored ones, in the table's order, so the answer is the one
 * a linear scan gives. Every line with a needle is classified, so this is the hot loop.
 */
import type { Rule } from "./rule.js";

/**
 * Whether `anyOf` tests and chunked rule scans are used; tests turn it off to check that the
 * candidates are the same as with every regex run one by one.
 */
export const joinedRegexes = { enabled: true };

/** Regex metacharacters that stand for themselves when escaped. */
const ESCAPED_LITERAL = /^\\[[\](){}.*+?|^$/\\-]/;
const META = "\\()[]{}.*+?|^$";

export class RuleIndex {
  private readonly byLead = new Map<string, readonly Rule[]>();
  private readonly unanchored: readonly Rule[];
  /** The table in runs of `CHUNK` rules, each with one test for all (see `anyOf`). */
  private readonly chunks: readonly Chunk[];
  private readonly leads = new Map<Rule, string | undefined>();

  constructor(rules: readonly Rule[]) {
    const leads = rules.map(leadOf);
    rules.forEach((rule, i) => this.leads.set(rule, leads[i]));
    this.unanchored = rules.filter((_, i) => leads[i] === undefined);
    for (const lead of new Set(leads))
      if (lead !== undefined)
        this.byLead.set(
          lead,
          rules.filter((_, i) => leads[i] === undefined || leads[i] === lead),
        );
    this.chunks = chunked(rules);
  }

  /** The first rule, in table order, whose `has` and `re` match `body`. */
  first(body: string): Rule | undefined {
    const start = body.trimStart();
    const lead = start.length > 0 ? String.fromCodePoint(start.codePointAt(0)!) : "";
    if (!joinedRegexes.enabled) return firstOf(this.byLead.get(lead) ?? this.unanchored, body);
    // Most lines match no rule, or only one of the last (a bare mention of an error): one pass of
    // one regex rules out a run of rules, instead of one pass per rule. The run's test also holds
    // rules of other leads, which cannot match; they are skipped once it passes.
    for (const chunk of this.chunks)
      if (chunk.any(body))
        for (const rule of chunk.rules) {
          const ruleLead = this.leads.get(rule);
          if (ruleLead !== undefined && ruleLead !== lead) continue;
          if ((rule.has === undefined || body.includes(rule.has)) && rule.re.test(body))
            return rule;
        }
    return undefined;
  }
}

interface Chunk {
  readonly rules: readonly Rule[];
  readonly any: (body: string) => boolean;
}

/** Rules per joined test: one short enough that a match is cheap to place, long enough to skip. */
const CHUNK = 24;

function chunked(rules: readonly Rule[]): Chunk[] {
  const out: Chunk[] = [];
  for (let i = 0; i < rules.length; i += CHUNK) {
    const part = rules.slice(i, i + CHUNK);
    out.push({ rules: part, any: anyOf(part.map((r) => r.re)) });
  }
  return out;
}

function firstOf(rules: readonly Rule[], body: string): Rule | undefined {
  for (const rule of rules)
    if ((rule.has === undefined || body.includes(rule.has)) && rule.re.test(body)) return rule;
  return undefined;
}

/**
 * A test that is true exactly when one of the regexes matches, one pass instead of one per regex:
 * the sources with the same flags joined by `|` (each in a group, so `^` and `$` keep their
 * meaning). Back-references would point elsewhere once groups are renumbered, so none is allowed.
 * A rule's `has` is only an extra condition, checked by the ordered scan that follows a match.
 */
export function anyOf(regexes: readonly RegExp[]): (body: string) => boolean {
  const byFlags = new Map<string, string[]>();
  for (const re of regexes) {
    if (/\\[1-9k]/.test(re.source) || /[gy]/.test(re.flags))
      throw new Error(`rule ${re} cannot be joined with the others`);
    byFlags.set(re.flags, [...(byFlags.get(re.flags) ?? []), `(?:${re.source})`]);
  }
  const joined = [...byFlags].map(([flags, sources]) => new RegExp(sources.join("|"), flags));
  return (body) =>
    joinedRegexes.enabled
      ? joined.some((re) => re.test(body))
      : regexes.some((re) => re.test(body));
}

/**
 * The character a line must start with (after blanks) for the rule to match, or undefined when the
 * rule's regex does not pin one: `^\s*X`, `^\s+X` or `^X`, with X a literal not made optional,
 * no top-level alternation and no `i` or `m` flag.
 */
export function leadOf(rule: Rule): string | undefined {
  const { source, flags } = rule.re;
  if (flags.includes("i") || flags.includes("m") || hasTopLevelAlternation(source))
    return undefined;
  const rest = /^\^(?:\\s[*+])?/.exec(source);
  if (!rest) return undefined;
  const tail = source.slice(rest[0].length);
  let lead: string;
  let next: string;
  const escaped = ESCAPED_LITERAL.exec(tail);
  if (escaped) {
    lead = tail[1]!;
    next = tail.slice(2);
  } else {
    const cp = tail.codePointAt(0);
    if (cp === undefined) return undefined;
    lead = String.fromCodePoint(cp);
    if (META.includes(lead)) return undefined;
    next = tail.slice(lead.length);
  }
  // `^\s*X?`, `^\s*X*` and `^\s*X{0,…}` do not require X
  if (/^(?:[?*]|\{0)/.test(next)) return undefined;
  return lead;
}

function hasTopLevelAlternation(source: string): boolean {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) return true;
  }
  return false;
}
