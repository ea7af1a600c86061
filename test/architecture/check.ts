// The architecture check as a function of a source tree, so that the test can run it on src/ and
// on scratch copies with an import planted in them. It returns every violation as a line of text;
// an empty list is a tree that keeps the rules of rules.ts (explained in docs/ARCHITECTURE.md).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { cycles } from "./cycles.js";
import { readImports, type ReadResult } from "./read-imports.js";
import { resolveSpecifier, type Target } from "./resolve.js";
import {
  FOLDERS,
  GUARDS,
  MODULE_RULES,
  type FolderRule,
  type GuardRule,
  type ModuleRule,
} from "./rules.js";

export interface Rules {
  folders: Readonly<Record<string, FolderRule>>;
  modules: readonly ModuleRule[];
  guards: readonly GuardRule[];
}

export const RULES: Rules = { folders: FOLDERS, modules: MODULE_RULES, guards: GUARDS };

export interface CheckResult {
  violations: string[];
  /** Every import read, `file -> target`, for the test's own sanity checks. */
  edges: { from: string; kind: string; target: Target }[];
  files: string[];
}

/** Every package package.json lets the code import (all are bundled, so dev ones count). */
export function dependenciesOf(packageJson: string): Set<string> {
  const pkg = JSON.parse(readFileSync(packageJson, "utf8")) as Record<string, unknown>;
  const fields = ["dependencies", "devDependencies", "optionalDependencies", "peerDependencies"];
  return new Set(fields.flatMap((f) => Object.keys((pkg[f] as object | undefined) ?? {})));
}

const SOURCE = /\.(ts|mts|cts|tsx)$/;

function sourceFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(root, path);
    return SOURCE.test(e.name) ? [relative(root, path).split(sep).join("/")] : [];
  });
}

/** The folder a module belongs to; a top-level file is a unit of its own. */
export const unitOf = (path: string) =>
  path.includes("/") ? path.slice(0, path.indexOf("/")) : path;

/**
 * Whether `target` (a src module, package or `node:` module) is named by `pattern`: a folder
 * (`review`, `review/`) covers its modules, a package scope (`@octokit`) its packages, and `*`
 * matches within one name.
 */
export function covers(pattern: string, target: string): boolean {
  const p = pattern.replace(/\/$/, "");
  if (p.includes("*")) {
    const escaped = p.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
    return new RegExp(`^${escaped.join("[^/]*")}$`).test(target);
  }
  return target === p || target.startsWith(`${p}/`);
}

/** Parses are kept by content: a planted copy re-reads only the file that was changed. */
const parsed = new Map<string, ReadResult>();
function readCached(file: string, text: string): ReadResult {
  const key = `${file}\0${text}`;
  let result = parsed.get(key);
  if (!result) parsed.set(key, (result = readImports(file, text)));
  return result;
}

export function checkTree(
  root: string,
  dependencies: ReadonlySet<string>,
  rules = RULES,
): CheckResult {
  const files = sourceFiles(root).sort();
  const violations: string[] = [];
  const edges: CheckResult["edges"] = [];
  const fileGraph = new Map<string, Set<string>>(files.map((f) => [f, new Set()]));
  const unitGraph = new Map<string, Set<string>>();
  const witness = new Map<string, string>();

  for (const file of files) {
    const { imports, errors } = readCached(file, readFileSync(join(root, file), "utf8"));
    for (const error of errors) violations.push(`${file}: does not parse (${error})`);
    const unit = unitOf(file);
    const folder = rules.folders[unit];
    if (!folder) violations.push(`${file}: src/${unit} has no rule in test/architecture/rules.ts`);
    for (const ref of imports) {
      const at = `${file}:${ref.line}`;
      if (ref.kind === "reference") {
        violations.push(`${at} has a triple-slash reference (${ref.written}): import the module`);
        continue;
      }
      if (ref.specifier === undefined) {
        violations.push(
          `${at} ${ref.kind} import of ${ref.written || "nothing"} is not a string literal, so it cannot be checked`,
        );
        continue;
      }
      const target = resolveSpecifier(root, join(root, file), ref.specifier, dependencies);
      edges.push({ from: file, kind: ref.kind, target });
      const says = `${at} imports "${ref.specifier}" (${ref.kind})`;
      if (target.kind === "error") {
        violations.push(`${says}: it ${target.reason}`);
        continue;
      }
      if (target.kind === "node" && target.bare) violations.push(`${says}: write "${target.name}"`);
      if (target.kind === "src") {
        fileGraph.get(file)?.add(target.name);
        const to = unitOf(target.name);
        if (to !== unit) {
          if (!unitGraph.has(unit)) unitGraph.set(unit, new Set());
          unitGraph.get(unit)!.add(to);
          if (!witness.has(`${unit} ${to}`))
            witness.set(`${unit} ${to}`, `${file} -> ${target.name}`);
        }
      }
      if (folder) {
        const why = folderRefuses(unit, folder, target);
        if (why) violations.push(`${says}: ${why}`);
      }
      for (const rule of rules.modules) {
        const why = moduleRuleRefuses(rule, file, target);
        if (why) violations.push(`${says}: ${why} (rule "${rule.name}")`);
      }
      for (const guard of rules.guards) {
        const name = target.name;
        if (
          guard.targets.some((t) => covers(t, name)) &&
          !guard.onlyFrom.some((p) => covers(p, file))
        ) {
          violations.push(`${says}: ${guard.name}`);
        }
      }
    }
  }

  for (const { members, loop } of cycles(fileGraph)) {
    const all =
      members.length > loop.length - 1 ? `; all of ${members.join(", ")} are in loops` : "";
    violations.push(`cycle between files: ${loop.join(" -> ")}${all}`);
  }
  for (const { members, loop } of cycles(unitGraph)) {
    const hops = loop.slice(1).map((to, i) => witness.get(`${loop[i]} ${to}`));
    const all =
      members.length > loop.length - 1 ? `; all of ${members.join(", ")} are in loops` : "";
    violations.push(`cycle between folders: ${loop.join(" -> ")} (${hops.join("; ")})${all}`);
  }
  violations.push(...rulesProblems(rules, files));
  return { violations, edges, files };
}

function folderRefuses(unit: string, rule: FolderRule, target: Exclude<Target, { kind: "error" }>) {
  if (target.kind === "src") {
    if (unitOf(target.name) === unit) return undefined;
    if (rule.src.some((p) => covers(p, target.name))) return undefined;
    return `src/${unit} may not import src/${target.name}`;
  }
  if (target.kind === "node") {
    return rule.node.includes(target.name)
      ? undefined
      : `src/${unit} may not import ${target.name}`;
  }
  return rule.packages.includes(target.name)
    ? undefined
    : `src/${unit} may not import ${target.name}`;
}

function moduleRuleRefuses(
  rule: ModuleRule,
  file: string,
  target: Exclude<Target, { kind: "error" }>,
) {
  if (!rule.modules.some((m) => covers(m, file))) return undefined;
  if (rule.forbids?.some((p) => covers(p, target.name)))
    return `${file} may not import ${target.name}`;
  if (rule.only) {
    const own = target.kind === "src" && unitOf(target.name) === unitOf(file);
    if (!own && !rule.only.some((p) => covers(p, target.name))) {
      return `${file} may import only ${rule.only.join(", ")} from outside its folder`;
    }
  }
  return undefined;
}

/**
 * The rules themselves: every folder of the tree has one, each names only folders of a lower
 * rank, and every module a rule names exists (a rule that matches nothing protects nothing).
 */
function rulesProblems(rules: Rules, files: readonly string[]): string[] {
  const problems: string[] = [];
  const units = new Set(files.map(unitOf));
  const exists = (pattern: string) => files.some((f) => covers(pattern, f));
  for (const [unit, rule] of Object.entries(rules.folders)) {
    if (!units.has(unit))
      problems.push(`rules.ts has a rule for src/${unit}, which has no modules`);
    for (const entry of rule.src) {
      const other = rules.folders[unitOf(entry)];
      if (!exists(entry))
        problems.push(`rules.ts: src/${unit} lists ${entry}, which does not exist`);
      else if (!other || other.rank >= rule.rank) {
        problems.push(
          `rules.ts: src/${unit} (rank ${rule.rank}) lists ${entry} of rank ${other?.rank ?? "?"}`,
        );
      }
    }
  }
  const named = [
    ...rules.modules.flatMap((r) => r.modules),
    ...rules.guards.flatMap((g) => [...g.onlyFrom, ...g.targets]),
  ].filter((p) => units.has(unitOf(p)) || p.includes("/"));
  for (const pattern of named) {
    if (!pattern.startsWith("@") && !exists(pattern))
      problems.push(`rules.ts names ${pattern}, which matches no module`);
  }
  return problems;
}
