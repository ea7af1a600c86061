/**
 * The Linguist attributes of `.gitattributes` files (`linguist-generated`, `linguist-vendored`),
 * parsed from text the caller read at the BASE commit: a pull request cannot exempt its own
 * files from review by adding an attributes file.
 */
import { globToRegExp } from "./glob.js";

export type LinguistKey = "generated" | "vendored";

export interface AttributeRule {
  /** Folder of the `.gitattributes` file the rule comes from, "" for the root. */
  dir: string;
  pattern: string;
  /** true/false when set or unset; null for `!attr` (back to unspecified). Absent: not named. */
  generated?: boolean | null;
  vendored?: boolean | null;
}

/** The rules of one `.gitattributes` file, in file order, that name a Linguist attribute. */
export function parseGitattributes(text: string, dir = ""): AttributeRule[] {
  const rules: AttributeRule[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const [pattern, rest] = splitPattern(line);
    // Negative patterns are forbidden in .gitattributes; git ignores them.
    if (!pattern || pattern.startsWith("!")) continue;
    const rule: AttributeRule = { dir: dir.replace(/^\/+|\/+$/g, ""), pattern };
    for (const token of rest.split(/\s+/)) {
      const parsed = linguist(token);
      if (parsed) rule[parsed.key] = parsed.value;
    }
    if ("generated" in rule || "vendored" in rule) rules.push(rule);
  }
  return rules;
}

function splitPattern(line: string): [string, string] {
  if (!line.startsWith('"')) {
    const space = line.search(/\s/);
    return space < 0 ? [line, ""] : [line.slice(0, space), line.slice(space + 1)];
  }
  let out = "";
  for (let i = 1; i < line.length; i++) {
    const c = line[i]!;
    if (c === '"') return [out, line.slice(i + 1)];
    if (c === "\\") {
      const next = line[++i] ?? "";
      out += next === "t" ? "\t" : next === "n" ? "\n" : next;
    } else out += c;
  }
  return ["", ""];
}

function linguist(token: string): { key: LinguistKey; value: boolean | null } | undefined {
  const m = /^([-!]?)linguist-(generated|vendored)(?:=(.*))?$/.exec(token);
  if (!m) return undefined;
  const key = m[2] as LinguistKey;
  if (m[1] === "!") return { key, value: null };
  if (m[1] === "-") return { key, value: false };
  return { key, value: m[3] === undefined || !/^(false|0|no|off)$/i.test(m[3]) };
}

/**
 * The value git would give `key` for `path`: deeper `.gitattributes` files over shallower ones,
 * later lines over earlier ones. Undefined when no rule names it.
 */
export function linguistValue(
  rules: readonly AttributeRule[],
  path: string,
  key: LinguistKey,
): { value: boolean; rule: AttributeRule } | undefined {
  let found: { value: boolean; rule: AttributeRule } | undefined;
  let foundDepth = -1;
  for (const rule of rules) {
    const value = rule[key];
    if (value === undefined || !matchesRule(rule, path)) continue;
    const depth = rule.dir === "" ? 0 : rule.dir.split("/").length;
    if (depth < foundDepth) continue;
    foundDepth = depth;
    found = value === null ? undefined : { value, rule };
  }
  return found;
}

function matchesRule(rule: AttributeRule, path: string): boolean {
  if (rule.dir && !path.startsWith(`${rule.dir}/`)) return false;
  const rel = rule.dir ? path.slice(rule.dir.length + 1) : path;
  // A pattern ending in "/" names a directory: git applies no attribute through it.
  if (rule.pattern.endsWith("/")) return false;
  const options = { braces: false, gitDoubleStar: true };
  if (rule.pattern.includes("/")) return globToRegExp(rule.pattern, options).test(rel);
  return globToRegExp(rule.pattern, options).test(rel.slice(rel.lastIndexOf("/") + 1));
}
