/** JVM builds: Maven (compiler, surefire, dependencies), Gradle, Kotlin, Java exceptions. */
import type { Rule } from "./rule.js";

export const JVM_RULES: readonly Rule[] = [
  // Maven's closing advice repeats itself on every failure: never the cause.
  {
    re: /^\[ERROR\] (?:To see the full stack trace|Re-run Maven|For more information about the errors|\[Help \d+\]|-> \[Help|After correcting the problems|Please refer to|\s*$)|^\[ERROR\] *$/,
    kind: "error",
    score: 0,
  },
  { re: /^\[ERROR\] \S.*\.(?:java|kt|scala|groovy):\[?\d+[,:]\d+\]? \S/, kind: "build", score: 90 },
  { re: /^\[ERROR\] (?:COMPILATION ERROR|BUILD FAILURE)/, kind: "build", score: 25 },
  {
    re: /^(?:\[ERROR\] )?(?:Tests run: .*(?:Failures|Errors): [1-9]|Tests run: .*Errors: [1-9]).*<<< (?:FAILURE|ERROR)!/,
    kind: "test",
    score: 55,
  },
  {
    re: /^(?:\[ERROR\] )?\S+\s+Time elapsed: [\d.,]+ ?s(?:ec)?\s+<<< (?:FAILURE|ERROR)!/,
    kind: "test",
    score: 85,
    expand: "next-line",
  },
  { re: /^\[ERROR\]\s{2,}(?:Run \d+: )?[\w$.]+[.:#][\w$]+:\d+ \S/, kind: "test", score: 80 },
  { re: /^\[ERROR\] (?:Failures|Errors): ?$/, kind: "test", score: 40, expand: "next-line" },
  { re: /^(?:Failed tests|Tests in error):\s*$/, kind: "test", score: 50, expand: "next-line" },
  {
    re: /^\[ERROR\] Failed to execute goal .*(?:Could not resolve dependencies|Could not find artifact|Failed to collect dependencies|Non-resolvable|Could not transfer artifact)/,
    kind: "dependency",
    score: 80,
  },
  {
    re: /^\[ERROR\] Failed to execute goal .*There (?:are|were) (?:test failures|\d+ errors?)/,
    kind: "test",
    score: 50,
  },
  { re: /^\[ERROR\] Failed to execute goal .*Compilation failure/, kind: "build", score: 55 },
  { re: /^\[ERROR\] Failed to execute goal /, kind: "build", score: 65 },
  { re: /^\[ERROR\] There (?:are|were) test failures/, kind: "test", score: 20 },
  {
    re: /^\[ERROR\] (?:The build could not read|Non-resolvable|Could not resolve)/,
    kind: "dependency",
    score: 80,
  },
  { re: /^\[INFO\] BUILD FAILURE/, kind: "build", score: 20, lookBack: 60 },
  // Gradle
  {
    re: /^FAILURE: Build (?:failed with an exception|completed with \d+ failures?)/,
    kind: "build",
    score: 50,
    expand: "gradle",
  },
  { re: /^> Task \S+ FAILED$/, kind: "build", score: 40, lookBack: 40 },
  { re: /^\S.* > .* FAILED$/, kind: "test", score: 85, expand: "next-line" },
  { re: /^BUILD FAILED in /, kind: "build", score: 15, lookBack: 60 },
  { re: /^e: (?:file:\/\/)?\S+\.kts?:/, kind: "build", score: 88 },
  // sbt: `[error]` before every line; Scala 3 heads a message with `-- [E006] Not Found Error: file:l:c`
  {
    re: /^\[error\] (?:Total time:|\(.*\) .*failed|one error found|\d+ errors? found)/,
    kind: "build",
    score: 20,
    lookBack: 40,
  },
  { re: /^(?:\[error\] )?-- (?:\[E\d+\] )?[\w ]+Error: \S+:\d+:\d+/, kind: "build", score: 85 },
  // Java exceptions
  { re: /^Exception in thread "/, kind: "exception", score: 75 },
  { re: /^Caused by: \S+/, kind: "exception", score: 65 },
  { re: /^\s+at [\w$.<>]+\(.*\)$/, kind: "exception", score: 0 },
];
