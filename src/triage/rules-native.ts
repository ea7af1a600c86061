/** Compiled toolchains: go, cargo/rustc, make, gcc, clang, MSVC, ninja, CMake, Swift/Xcode, .NET. */
import type { Rule } from "./rule.js";

export const NATIVE_RULES: readonly Rule[] = [
  // go test
  { re: /^\s*--- FAIL: \S/, kind: "test", score: 85, expand: "go-test" },
  { re: /^FAIL\s+\S+\s+\[(?:build|setup) failed\]/, kind: "build", score: 45, lookBack: 60 },
  { re: /^FAIL\s+\S+\s+[\d.]+s$/, kind: "test", score: 30 },
  { re: /^panic: /, kind: "crash", score: 80, expand: "next-line" },
  // testify: `Error Trace:` then `Error: Not equal:` and the expected/actual lines
  { re: /^\s+Error: *\t\s*\S/, kind: "test", score: 90, expand: "next-line" },
  { re: /^\s+Error Trace: *\t\s*\S/, kind: "test", score: 80 },
  {
    re: /^go: .*(?:missing go\.sum entry|checksum mismatch|no matching versions|unknown revision|404 Not Found|invalid version)/,
    kind: "dependency",
    score: 80,
  },
  // rustc / cargo
  { re: /^thread '.*' panicked at /, kind: "test", score: 85, expand: "next-line" },
  { re: /^test \S+ \.\.\. FAILED$/, kind: "test", score: 60 },
  { re: /^test result: FAILED\./, kind: "test", score: 30, lookBack: 60 },
  { re: /^error: (?:could not compile|aborting due to)/, kind: "build", score: 45, lookBack: 60 },
  { re: /^error: (?:test failed|process didn't exit successfully)/, kind: "test", score: 30 },
  { re: /^error(?:\[E\d{4}\])?: \S/, kind: "build", score: 85, expand: "rust-location" },
  // C / C++ / ninja / make / linkers
  { re: /^FAILED: \S/, kind: "build", score: 55 },
  { re: /^make(?:\[\d+\])?: \*\*\* .*Error \d+/, kind: "build", score: 30, lookBack: 60 },
  // `3 errors generated.` (clang), `[INFO] 1 error` (javac): counts, the errors are above
  {
    re: /^\s*(?:\[\w+\]\s*)?\d+ errors?(?: generated)?\.?\s*$/,
    kind: "build",
    score: 20,
    lookBack: 30,
  },
  { re: /^ninja: build stopped: /, kind: "build", score: 25, lookBack: 60 },
  { re: /^collect2: error: ld returned/, kind: "build", score: 45, lookBack: 15 },
  {
    re: /undefined reference to |Undefined symbols for architecture|ld: symbol\(s\) not found|ld: library not found|cannot find -l\S/,
    kind: "build",
    score: 80,
  },
  { re: /^CMake Error\b/, kind: "build", score: 85, expand: "next-nonblank" },
  { re: /^-- Configuring incomplete, errors occurred!/, kind: "build", score: 40, lookBack: 30 },
  // Swift / Xcode
  { re: /error: -\[\S+ \S+\] : /, kind: "test", score: 88 },
  { re: /^Test Case '.*' failed \(/, kind: "test", score: 70 },
  { re: /^\s*✘ Test .* recorded an issue/, kind: "test", score: 85 },
  { re: /^\s*✘ Test run with \d+ tests? .*failed/, kind: "test", score: 30, lookBack: 40 },
  { re: /^\*\* (?:BUILD|TEST|ARCHIVE) FAILED \*\*/, kind: "build", score: 40, lookBack: 40 },
  { re: /^The following build commands failed:/, kind: "build", score: 45, expand: "next-line" },
  { re: /::error (?:file=[^,:]*,line=\d+[^:]*)?::\S/, kind: "build", score: 85 },
  { re: /^\s*❌ \S/, kind: "build", score: 80 },
  // CTest, Bazel
  { re: /^The following tests FAILED:/, kind: "test", score: 60, expand: "next-line" },
  { re: /^\d+% tests passed, \d+ tests? failed/, kind: "test", score: 30, lookBack: 40 },
  {
    re: /^(?:FAILED|ERROR): Build did NOT complete successfully/,
    kind: "build",
    score: 25,
    lookBack: 40,
  },
  // GoogleTest: `file.cc:41: Failure`, then what was expected; `[  FAILED  ]` only names the test
  { re: /^\S+:\d+: Failure$/, kind: "test", score: 88, expand: "next-line" },
  // Catch2: `file.cpp:22: FAILED:`, then the expression and its expansion
  { re: /^\S+:\d+: FAILED:$/, kind: "test", score: 88, expand: "block" },
  { re: /^\[ {2}FAILED {2}\] \S/, kind: "test", score: 55 },
  // .NET
  { re: /^\s*Failed \S+ \[[\d.,]+ ?m?s\]/, kind: "test", score: 85, expand: "next-line" },
  { re: /^\s*Error Message:$/, kind: "test", score: 88, expand: "next-line" },
  // MSBuild without a location: `proj.csproj : error CS1234: …`
  { has: " : ", re: /^\s*\S.* : (?:fatal )?error [A-Z]{2,}\d{3,}: /, kind: "build", score: 85 },
  { re: /^\s*Failed!\s+- Failed:\s+\d+/, kind: "test", score: 30, lookBack: 40 },
  { has: "error MSB", re: /error MSB\d+:/, kind: "build", score: 40 },
];
