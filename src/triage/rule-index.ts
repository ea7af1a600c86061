/**
 * Finds the first rule of an ordered table that matches a line, without trying every rule: most
 * rules are anchored (`^\s*npm `, `^\[ERROR\] `, `^FAIL`) and can only match a line whose first
 * non-blank character is theirs. The table is indexed once by that character; a line tries the
 * rules of its character and the unanchored ones, in the table's order, so the answer is the one
 * a linear scan gives. Every line with a needle is classified, so this is the hot loop.
 */
import type { Rule } from "./rule.js";

/** Regex metacharacters that stand for themselves when escaped. */
const ESCAPED_LITERAL = /^\\[[\](){}.*+?|^$/\\-]/;
const META = "\\()[]{}.*+?|^$";

export class RuleIndex {
  private readonly byLead = new Map<string, readonly Rule[]>();
  private readonly unanchored: readonly Rule[];

  constructor(rules: readonly Rule[]) {
    const leads = rules.map(leadOf);
    this.unanchored = rules.filter((_, i) => leads[i] === undefined);
    for (const lead of new Set(leads))
      if (lead !== undefined)
        this.byLead.set(
          lead,
          rules.filter((_, i) => leads[i] === undefined || leads[i] === lead),
        );
  }

  /** The first rule, in table order, whose `has` and `re` match `body`. */
  first(body: string): Rule | undefined {
    const start = body.trimStart();
    const lead = start.length > 0 ? String.fromCodePoint(start.codePointAt(0)!) : "";
    for (const rule of this.byLead.get(lead) ?? this.unanchored)
      if ((rule.has === undefined || body.includes(rule.has)) && rule.re.test(body)) return rule;
    return undefined;
  }
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
