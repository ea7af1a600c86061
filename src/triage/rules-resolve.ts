/**
 * Dependency resolution: what a package manager says conflicts with what. Its explanation is the
 * cause; its error code, its "could not resolve" headline and its closing line only sum it up, so
 * they score lower. These rules are tried before the ecosystems' tables. Most explanations carry
 * no error keyword: they are found in the look-back before the failure.
 */
import type { Rule } from "./rule.js";

export const RESOLVE_RULES: readonly Rule[] = [
  // npm (also quoted by update tools): the requirement that cannot be met, and what was found
  {
    has: "npm ",
    re: /npm (?:ERR!|error) (?:Could not resolve dependency|Conflicting peer dependency):/,
    kind: "dependency",
    score: 90,
    expand: "next-line",
  },
  { has: "npm ", re: /npm (?:ERR!|error) (?:peer|Found:) \S+@/, kind: "dependency", score: 70 },
  {
    has: "npm ",
    re: /npm (?:ERR!|error) (?:`npm ci` can only install|Missing: \S+ from lock file|Invalid: lock file's)/,
    kind: "dependency",
    score: 88,
  },
  {
    has: "npm ",
    re: /npm (?:ERR!|error) (?:ERESOLVE (?:could not resolve|unable to resolve)|While resolving:)/,
    kind: "dependency",
    score: 50,
  },
  // the code names the class of failure; the lines under it say what failed
  {
    has: "npm ",
    re: /npm (?:ERR!|error) code (?!ELIFECYCLE\b|\d+\b)\S/,
    kind: "dependency",
    score: 55,
  },
  // pip and pip-tools: the requirement no version meets; "The conflict is caused by:" and the
  // requirements under it
  {
    has: "Could not find a version",
    re: /Could not find a version that (?:satisfies|matches) /,
    kind: "dependency",
    score: 85,
  },
  {
    has: "incompatible versions",
    re: /^There are incompatible versions in the resolved dependencies:$/,
    kind: "dependency",
    score: 80,
    expand: "block",
  },
  {
    has: "conflict is",
    re: /^The conflict is caused by:$/,
    kind: "dependency",
    score: 90,
    expand: "block",
  },
  {
    has: "Cannot install",
    re: /^\s*ERROR: Cannot install .* because these package versions have conflicting dependencies/,
    kind: "dependency",
    score: 70,
  },
  { has: "Resolution", re: /^\s*ERROR: ResolutionImpossible\b/, kind: "dependency", score: 40 },
  // PubGrub's derivation (poetry, uv, bundler, dart pub, hex, swift): each line is a reason
  {
    has: "ecause ",
    re: /^\s*(?:╰─▶\s*)?(?:Because|And because|So, because|and because) .*(?:depends on|requires|is incompatible|no versions? of|is available|cannot be used|unsatisfiable|version solving)/,
    kind: "dependency",
    score: 88,
  },
  {
    has: "No solution found",
    re: /No solution found when resolving/,
    kind: "dependency",
    score: 70,
  },
  {
    has: "compatible versions",
    re: /^(?:Bundler c|C)ould not find compatible versions/,
    kind: "dependency",
    score: 70,
  },
  // cargo: the requirement no version meets, or two crates that link one native library
  {
    has: "links to",
    re: /^the package `\S+` links to the native library|conflicts with a previous package which links/,
    kind: "dependency",
    score: 90,
  },
  {
    has: "candidate",
    re: /^candidate versions found which didn't match: /,
    kind: "dependency",
    score: 85,
  },
  {
    has: "select a version",
    re: /^error: failed to select a version for\b/,
    kind: "dependency",
    score: 82,
  },
  // go: the module error is on the `go: …` line or on the indented line under `… imports`
  {
    re: /^(?:go: |\s+)\S.*(?:missing go\.sum entry|checksum mismatch|no matching versions|unknown revision|404 Not Found|invalid version|malformed module path)|^go: \S+ requires go >= /,
    kind: "dependency",
    score: 85,
  },
  // Maven's enforcer and Gradle
  {
    has: "ependenc",
    re: /^(?:\[ERROR\] )?(?:Dependency convergence error for|Require upper bound dependencies error for) /,
    kind: "dependency",
    score: 88,
  },
  {
    has: "> Could not",
    re: /^\s*> Could not (?:find|resolve) [\w.-]+:[\w.-]+/,
    kind: "dependency",
    score: 85,
  },
  // composer: the problem lines under "Problem 1"
  {
    re: /^\s*- .*(?:does not satisfy that requirement|but it conflicts with|-> found \S+ but|could not be found in any version)/,
    kind: "dependency",
    score: 88,
  },
  {
    re: /^Your (?:requirements could not be resolved|lock file does not contain a compatible set)/,
    kind: "dependency",
    score: 60,
  },
  // pnpm's peer tree, NuGet, conda
  { has: " peer ", re: /\b(?:unmet|missing) peer \S+: found \S+/, kind: "dependency", score: 88 },
  { has: "error NU", re: /: error NU\d{4}: /, kind: "dependency", score: 88, expand: "next-line" },
  {
    has: "while solving",
    re: /Encountered problems while solving:/,
    kind: "dependency",
    score: 85,
    expand: "next-line",
  },
  {
    has: "incompatible",
    re: /^The following packages are incompatible$/,
    kind: "dependency",
    score: 85,
    expand: "next-line",
  },
  // any other resolver's own words for a conflict
  {
    re: /\b(?:have conflicting dependencies|is incompatible with|are incompatible with|could not be resolved to an installable set)\b/,
    kind: "dependency",
    score: 70,
  },
];
