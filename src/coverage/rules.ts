/**
 * Which changed files the review leaves out, and by which rule. Decided from the file list, the
 * action's inputs and the base commit's attributes only: nothing in the head can exempt a file.
 */
import type { DiffFile } from "../workspace/diff-parse.js";
import { linguistValue, type AttributeRule } from "./gitattributes.js";
import { globToRegExp } from "./glob.js";

export type ExclusionRule =
  | "outside-pull-request"
  | "not-included"
  | "excluded-path"
  | "binary"
  | "lock-file"
  | "vendored"
  | "generated"
  | "too-large";

/** In the order they are tried: the first that applies names the file's rule. */
export const EXCLUSION_RULES: readonly ExclusionRule[] = [
  "outside-pull-request",
  "not-included",
  "excluded-path",
  "binary",
  "lock-file",
  "vendored",
  "generated",
  "too-large",
];

export type RuleFile = Pick<DiffFile, "path" | "binary" | "bytes"> & { tooLarge?: true };

export interface RuleOptions {
  /** When set, only files matching one of these globs are reviewed. */
  includePaths?: readonly string[];
  /** Files matching one of these globs are not reviewed. */
  excludePaths?: readonly string[];
  /** Files whose patch is larger are not reviewed. */
  maxFileBytes?: number;
  /**
   * For a diff other than the pull request's own (the new commits of a re-review): the paths the
   * pull request changes. Others are left out (a merge of the base brings them in).
   */
  pullRequestPaths?: ReadonlySet<string>;
  /** Linguist attributes of the BASE commit's `.gitattributes` files. */
  attributes?: readonly AttributeRule[];
}

export type FileDecision =
  | { path: string; reviewed: true }
  | { path: string; reviewed: false; rule: ExclusionRule; reason: string };

export interface RuleDecisions {
  /** One per file, in the order given. */
  decisions: FileDecision[];
  reviewed: number;
  counts: Record<ExclusionRule, number>;
}

const LOCK_FILES = new Set([
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  "deno.lock",
  "Cargo.lock",
  "go.sum",
  "go.work.sum",
  "poetry.lock",
  "Pipfile.lock",
  "pdm.lock",
  "uv.lock",
  "Gemfile.lock",
  "composer.lock",
  "Podfile.lock",
  "Package.resolved",
  "mix.lock",
  "pubspec.lock",
  "flake.lock",
  "gradle.lockfile",
  "packages.lock.json",
  "paket.lock",
  "conan.lock",
]);

const VENDORED = /(?:^|\/)(?:vendor|node_modules|third_party|bower_components)\//;

/** Names only code generators give files; a head file's "@generated" header is not trusted. */
const GENERATED = [
  "*.min.js",
  "*.min.css",
  "*.js.map",
  "*.css.map",
  "*.pb.go",
  "*.pb.cc",
  "*.pb.h",
  "*_pb2.py",
  "*_pb2.pyi",
  "*_pb2_grpc.py",
  "*_pb.js",
  "*_pb.d.ts",
  "*.generated.*",
  "*.g.dart",
  "*.freezed.dart",
  "*.Designer.cs",
].map((glob) => ({ glob, re: globToRegExp(glob) }));

export function decideFiles(files: readonly RuleFile[], options: RuleOptions = {}): RuleDecisions {
  const counts = Object.fromEntries(EXCLUSION_RULES.map((r) => [r, 0])) as Record<
    ExclusionRule,
    number
  >;
  let reviewed = 0;
  const decisions = files.map((file): FileDecision => {
    const hit = firstRule(file, options);
    if (!hit) {
      reviewed++;
      return { path: file.path, reviewed: true };
    }
    counts[hit.rule]++;
    return { path: file.path, reviewed: false, ...hit };
  });
  return { decisions, reviewed, counts };
}

function firstRule(
  file: RuleFile,
  options: RuleOptions,
): { rule: ExclusionRule; reason: string } | undefined {
  const { path } = file;
  const base = path.slice(path.lastIndexOf("/") + 1);
  const attributes = options.attributes ?? [];
  const include = options.includePaths ?? [];
  if (options.pullRequestPaths && !options.pullRequestPaths.has(path))
    return {
      rule: "outside-pull-request",
      reason: "the pull request's own diff does not change it",
    };
  if (include.length > 0 && !include.some((g) => globToRegExp(g).test(path)))
    return { rule: "not-included", reason: "matches no include-paths glob" };
  const excluded = options.excludePaths?.find((g) => globToRegExp(g).test(path));
  if (excluded !== undefined)
    return { rule: "excluded-path", reason: `matches exclude-paths "${excluded}"` };
  if (file.binary) return { rule: "binary", reason: "binary file" };
  if (LOCK_FILES.has(base)) return { rule: "lock-file", reason: `${base} is a lock file` };
  const vendored = linguistValue(attributes, path, "vendored");
  if (vendored?.value)
    return { rule: "vendored", reason: `linguist-vendored (${attributeSource(vendored.rule)})` };
  if (!vendored && VENDORED.test(path)) return { rule: "vendored", reason: "vendored folder" };
  const generated = linguistValue(attributes, path, "generated");
  if (generated?.value)
    return { rule: "generated", reason: `linguist-generated (${attributeSource(generated.rule)})` };
  const name = generated ? undefined : GENERATED.find((g) => g.re.test(base));
  if (name) return { rule: "generated", reason: `name matches ${name.glob}` };
  if (file.tooLarge || (options.maxFileBytes !== undefined && file.bytes > options.maxFileBytes))
    return { rule: "too-large", reason: `patch of ${file.bytes} bytes` };
  return undefined;
}

const attributeSource = (rule: AttributeRule) =>
  `${rule.dir ? `${rule.dir}/` : ""}.gitattributes: ${rule.pattern}`;
