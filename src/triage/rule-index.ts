/**
 * Finds the first rule of an ordered table that matches a line, without trying every rule: most
 * rules are anchored (`^\s*npm `, `^\[ERROR\] `, `^FAIL`) and can only match a line whose first
 * non-blank character is theirs. The table is indexed once by that character; a line tries the
 * rules of its character and the unanchored ones, in the table's order, so the answer is the one
 * a linear scan gives. Every line with a needle is classified, so this is the hot loop.
 */
import type { Rule } from "./rule.js";
import { gateOf } from "./rule-gate.js";
import { GateIndex, LinePairs } from "./rule-pairs.js";

/**
 * Whether the gates (rule-gate.ts, rule-pairs.ts) choose the regexes a line is tested with, and
 * after how many lines an index builds them (reading every regex costs a few tens of ms, which a
 * short log would not win back). Tests turn them off, or on from the first line, to check that
 * the candidates are the same as with every regex run one by one.
 */
export const joinedRegexes = { enabled: true, after: 2000 };

/** Regex metacharacters that stand for themselves when escaped. */
const ESCAPED_LITERAL = /^\\[[\](){}.*+?|^$/\\-]/;
const META = "\\()[]{}.*+?|^$";

/** What the index needs of a rule: its regex, and a substring the line must hold besides. */
export type Testable = Pick<Rule, "re" | "has">;

export class RuleIndex<R extends Testable = Rule> {
  private readonly byLead = new Map<string, readonly R[]>();
  private readonly unanchored: readonly R[];
  /**
   * The rules' regexes split at their top-level `|` (a line matches `a|b` when it matches `a` or
   * `b`), in table order: each branch has a first character and literals of its own.
   */
  private branches: ReadonlyArray<{ readonly rule: R; readonly re: RegExp }> = [];
  /** The branches a line may match, from the literals they need (see rule-gate.ts). */
  private gates: GateIndex | undefined;
  private readonly pairs = new LinePairs();
  private lines = 0;

  constructor(private readonly rules: readonly R[]) {
    const leads = rules.map(leadOf);
    this.unanchored = rules.filter((_, i) => leads[i] === undefined);
    for (const lead of new Set(leads))
      if (lead !== undefined)
        this.byLead.set(
          lead,
          rules.filter((_, i) => leads[i] === undefined || leads[i] === lead),
        );
  }

  /**
   * The first rule, in table order, whose `has` and `re` match `body`. `pairs`, when given, holds
   * the pairs of `body` or of a line `body` is part of.
   */
  first(body: string, pairs?: LinePairs): R | undefined {
    if (
      !joinedRegexes.enabled ||
      (this.gates === undefined && this.lines++ < joinedRegexes.after)
    ) {
      const start = body.trimStart();
      const lead = start.length > 0 ? String.fromCodePoint(start.codePointAt(0)!) : "";
      return firstOf(this.byLead.get(lead) ?? this.unanchored, body);
    }
    // Most lines match no rule, or only one of the last (a bare mention of an error): a branch is
    // tried only when the line starts as it must and holds the letter pairs its regex needs.
    const gates = (this.gates ??= this.buildGates());
    const count = gates.open(pairs ?? this.pairs.read(body), leadCode(body));
    const { branches } = this;
    for (let k = 0; k < count; k++) {
      const { rule, re } = branches[gates.found[k]!]!;
      if ((rule.has === undefined || body.includes(rule.has)) && re.test(body)) return rule;
    }
    return undefined;
  }

  private buildGates(): GateIndex {
    this.branches = this.rules.flatMap((rule) => branchesOf(rule.re).map((re) => ({ rule, re })));
    return new GateIndex(
      this.branches.map((b) => gateOf(b.re)),
      Int32Array.from(this.branches, (b) => leadOf(b)?.codePointAt(0) ?? -1),
    );
  }
}

/**
 * The top-level alternatives of a regex as regexes of their own (with its flags), or the regex
 * alone when it has none or has back-references (their numbers would change).
 */
export function branchesOf(re: RegExp): RegExp[] {
  if (/\\(?:[1-9]|k<)/.test(re.source)) return [re];
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let from = 0;
  const source = re.source;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (inClass) inClass = c !== "]";
    else if (c === "[") inClass = true;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "|" && depth === 0) {
      parts.push(source.slice(from, i));
      from = i + 1;
    }
  }
  if (parts.length === 0) return [re];
  parts.push(source.slice(from));
  return parts.map((part) => new RegExp(part, re.flags));
}

/** The code point `text` starts with after blanks (as `^\s*` skips them), or -2 for none. */
function leadCode(text: string): number {
  const c = text.charCodeAt(0);
  // printable ASCII other than a space: the common case, without trimming
  if (c > 0x20 && c < 0x7f) return c;
  const start = text.trimStart();
  return start.length > 0 ? start.codePointAt(0)! : -2;
}

function firstOf<R extends Testable>(rules: readonly R[], body: string): R | undefined {
  for (const rule of rules)
    if ((rule.has === undefined || body.includes(rule.has)) && rule.re.test(body)) return rule;
  return undefined;
}

/**
 * The character a line must start with (after blanks) for the rule to match, or undefined when the
 * rule's regex does not pin one: `^\s*X`, `^\s+X` or `^X`, with X a literal not made optional,
 * no top-level alternation and no `i` or `m` flag.
 */
export function leadOf(rule: Testable): string | undefined {
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
