/**
 * Classifies one cleaned log line: is it the runner saying a step failed, a tool's statement of an
 * error or failure (how specific, of what kind), or noise that merely mentions an error?
 */
import type { Rule } from "./rule.js";
import { RuleIndex } from "./rule-index.js";
import { LinePairs } from "./rule-pairs.js";
import { INFRA_RULES } from "./rules-infra.js";
import { JS_RULES } from "./rules-js.js";
import { JVM_RULES } from "./rules-jvm.js";
import { NATIVE_RULES } from "./rules-native.js";
import { PROSE_RULES } from "./rules-prose.js";
import { PYTHON_RULES } from "./rules-python.js";
import { RESOLVE_RULES } from "./rules-resolve.js";

/**
 * Byte needles for the streaming pre-filter: every line any rule can match as a hit contains one
 * of them (lines without one are only classified when they sit just before a failure).
 */
export const PATTERN_NEEDLES = ["rror", "ERR", "ail", "FAIL", "●", "xcept", "panic"];

export interface LineMatch extends Rule {
  /** The line is a `##[error]` annotation. */
  readonly annotated: boolean;
}

/** What the runner writes when a step ends badly. */
const RUNNER_RULES: readonly Rule[] = [
  {
    re: /^Process completed with exit code [1-9]\d*/,
    kind: "exit-code",
    score: 10,
    stepFailure: true,
    lookBack: 40,
  },
  {
    re: /^The process '.*' failed with exit code \d+/,
    kind: "exit-code",
    score: 20,
    stepFailure: true,
    lookBack: 40,
  },
  {
    re: /has timed out after \d+ minutes|has exceeded the maximum execution time/,
    kind: "timeout",
    score: 50,
    stepFailure: true,
    lookBack: 40,
  },
  {
    re: /^The (?:operation|run|job) was canceled/,
    kind: "cancelled",
    score: 30,
    stepFailure: true,
    lookBack: 40,
  },
  {
    re: /received a shutdown signal|lost communication with the server|runner has received|encountered an error while provisioning/,
    kind: "infrastructure",
    score: 70,
    stepFailure: true,
    lookBack: 40,
  },
  {
    re: /^Build step '.*' marked build as failure|^Finished: FAILURE/,
    kind: "exit-code",
    score: 10,
    stepFailure: true,
    lookBack: 40,
  },
];

const NOISE: readonly RegExp[] = [
  /^(?:warning|WARNING|Warning)\b|^\[WARN(?:ING)?\]|^WARN\b|^npm (?:warn|WARN)\b|DeprecationWarning|^::warning/,
  /^(?:✓|✔|√|PASS\b|ok\b|--- PASS|\[\s*OK\s*\]|PASSED\b)|::\S+ PASSED\b/,
  /^console\.(?:error|warn|log|info|debug)\b/,
  /^\+ |^\[command\]/,
  /(?::\d+|\))\s*:?\s*-?\s*(?:warning|note|remark)\b/i,
];
/**
 * The noise, then the runner's rules, in one index: the first match is noise exactly when some
 * noise matches, else it is the first runner rule that does.
 */
const NOISE_THEN_RUNNER = new RuleIndex<Rule | { re: RegExp; noise: true }>([
  ...NOISE.map((re) => ({ re, noise: true as const })),
  ...RUNNER_RULES,
]);
const ZERO_COUNT = new RuleIndex([
  { re: /\b0 (?:errors?|failures?|failed|failing)\b|\b(?:errors?|failures?|failed):? 0\b/i },
]);
const NONZERO_COUNT = new RuleIndex([
  {
    re: /\b[1-9]\d* (?:errors?|failures?|failed|failing)\b|\b(?:errors?|failures?|failed):? [1-9]/i,
  },
]);

const GENERIC_RULES: readonly Rule[] = [
  {
    re: /^\s*\S+?(?::\d+(?::\d+)?|\(\d+(?:,\d+)?\)):?\s*-?\s*(?:fatal )?(?:error|Error|ERROR)\b/,
    kind: "build",
    score: 88,
  },
  { re: /^\s*(?:\.{0,2}\/)?[\w./\\@+-]+\.[A-Za-z]{1,6}:\d+:\d+:? \S/, kind: "build", score: 70 },
  {
    re: /^\s*(?:[\w$]+\.)*[A-Z]\w*(?:Error|Exception)(?::\s|:?$|\s\[)/,
    kind: "exception",
    score: 70,
  },
  // "Error: 1 chart(s) linted, 1 chart(s) failed": a count sums up the failures printed above
  {
    re: /^\s*(?:\S+: )?(?:error|ERROR|Error):?\s.*\b[1-9]\d*(?: \w+(?:\(s\))?)? (?:failed|errors?|failures?)\b/,
    kind: "error",
    score: 30,
    lookBack: 40,
  },
  // a shell's or a tool's complaint about a missing program or file
  {
    re: /: command not found$|: not found$|No such file or directory$|Permission denied$/,
    kind: "error",
    score: 60,
  },
  {
    re: /^\s*(?:\S+: )?(?:fatal )?(?:error|ERROR|Error)(?:\[[\w-]+\])?(?::|!| -|\s)\s*\S/,
    kind: "error",
    score: 60,
  },
  { re: /^\s*\[(?:ERROR|error|Error)\]\s*\S/, kind: "error", score: 50 },
  { re: /^\s*(?:Failed|FAILED|Failure|FAILURE)\b[:\s!]/, kind: "error", score: 45 },
  // an application's own log line at error level (`… ERROR [main] …`, `level=error`)
  {
    re: /(?:^|[\s[|(])(?:ERROR|FATAL|CRITICAL)\b[\]:\s|)-]|\blevel=(?:error|fatal)\b/,
    kind: "error",
    score: 35,
  },
];

/** Lines that merely mention an error: tried last. */
const MENTION_RULES: readonly Rule[] = [
  { re: /\b(?:error|Error|ERROR)\b/, kind: "error", score: 15 },
  { re: /\b(?:failed|FAILED|Failed|failure|FAILURE)\b/, kind: "error", score: 12 },
  { re: /Exception\b/, kind: "exception", score: 12 },
];

/** Errors that only report that a child process failed: its own output says why. */
const WRAPPER_RULES: readonly Rule[] = [
  {
    re: /returned non-zero exit status|CalledProcessError|exited with (?:exit )?code [1-9]|failed with exit code [1-9]|Command failed with exit code|exit status [1-9]\d*\.?$/,
    kind: "error",
    score: 35,
    lookBack: 40,
  },
];

const TOOL_RULES: readonly Rule[] = [
  ...WRAPPER_RULES,
  ...RESOLVE_RULES,
  ...PYTHON_RULES,
  ...JS_RULES,
  ...NATIVE_RULES,
  ...JVM_RULES,
  ...INFRA_RULES,
  ...GENERIC_RULES,
  ...PROSE_RULES,
  ...MENTION_RULES,
];

const TOOL_INDEX = new RuleIndex(TOOL_RULES);
/** The letter pairs of the line being classified, shared by the indexes (see rule-pairs.ts). */
const PAIRS = new LinePairs();

/** The best description of a cleaned line, or undefined when it says nothing about a failure. */
export function classify(text: string): LineMatch | undefined {
  let body = text;
  let annotated = false;
  if (body.startsWith("##[")) {
    if (!body.startsWith("##[error]")) return undefined;
    body = body.slice("##[error]".length);
    annotated = true;
    for (const rule of RUNNER_RULES) if (rule.re.test(body)) return { ...rule, annotated };
  }
  if (body.startsWith("│")) body = body.replace(/^│\s*/, "");
  const trimmed = body.trim();
  if (trimmed === "")
    return annotated ? { re: /$/, kind: "error", score: 40, annotated } : undefined;
  // the pairs of the whole line: `body` and `trimmed` are parts of it, so they hold no others
  const pairs = PAIRS.read(text);
  if (!annotated) {
    const first = NOISE_THEN_RUNNER.first(trimmed, pairs);
    if (first && "noise" in first) return undefined;
    if (first) return { ...first, annotated };
  }
  if (ZERO_COUNT.first(trimmed, pairs) && !NONZERO_COUNT.first(trimmed, pairs)) return undefined;
  const rule = TOOL_INDEX.first(body, pairs);
  if (!annotated) return rule && rule.score > 0 ? { ...rule, annotated } : undefined;
  // A problem matcher or an action turned this into an annotation: the runner vouches for it,
  // unless the line only sums up a failure (a wrapper's "exited with code 1").
  const base = rule ?? { re: /$/, kind: "error" as const, score: 60 };
  const floor = base.lookBack !== undefined ? base.score : 60;
  return { ...base, score: Math.max(base.score, floor) + 15, annotated };
}
