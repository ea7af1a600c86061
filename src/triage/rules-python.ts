/** Python tools: pytest, unittest, tracebacks, pip, ruff, flake8, pylint, mypy, black, isort. */
import type { Rule } from "./rule.js";

export const PYTHON_RULES: readonly Rule[] = [
  // pytest short summary and headers
  { re: /^(?:FAILED|ERROR)\s+\S+::\S/, kind: "test", score: 80 },
  { re: /^(?:FAILED|ERROR)\s+\S+\.py\b/, kind: "test", score: 75 },
  { re: /^_{2,} (?:ERROR (?:at|collecting) .*) _{2,}$/, kind: "test", score: 70 },
  { re: /^E {2,}\S/, kind: "test", score: 85 },
  {
    re: /^\S+\.py:\d+: (?:[\w.]+\.)?\w*(?:Error|Exception|Failed|Exit)\b/,
    kind: "test",
    score: 82,
    expand: "pytest-location",
  },
  {
    re: /^=+ (?:.*\b\d+ (?:failed|errors?)\b.*) in [\d.]+s\b.*=+$/,
    kind: "test",
    score: 30,
    lookBack: 40,
  },
  { re: /^FAIL: \w+ \(/, kind: "test", score: 75 },
  { re: /^ERROR: \w+ \([\w.]+\)/, kind: "test", score: 70 },
  { re: /^FAILED \((?:failures|errors)=\d+/, kind: "test", score: 30, lookBack: 40 },
  // tracebacks end with the exception; a missing module is a dependency problem.
  {
    re: /^\s*(?:ModuleNotFoundError|ImportError): |^\s*\w*Error: No module named /,
    kind: "dependency",
    score: 80,
  },
  // pip; building a package from source prints the build's own error above pip's summary lines
  {
    re: /^\s*ERROR: (?:Could not find a version|No matching distribution|Cannot install|Could not install packages)/,
    kind: "dependency",
    score: 85,
  },
  {
    re: /^\s*ERROR: (?:Failed building wheel|Could not build wheels|Failed to build installable wheels)/,
    kind: "dependency",
    score: 45,
    lookBack: 60,
  },
  { re: /^\s*error: subprocess-exited-with-error/, kind: "dependency", score: 40 },
  // pip's diagnostics: `error: metadata-generation-failed`, `× Encountered error while …`
  { re: /^\s*error: [a-z]+(?:-[a-z]+)+$/, kind: "dependency", score: 30 },
  { re: /^\s*× Encountered error while /, kind: "dependency", score: 25 },
  // conda / mamba / poetry
  {
    re: /PackagesNotFoundError|UnsatisfiableError|Could not solve for environment specs|version solving failed|SolverProblemError/,
    kind: "dependency",
    score: 85,
  },
  { re: /^\s*×.*did not run successfully/, kind: "dependency", score: 35 },
  // linters: `path.py:12:5: F401 message`, `path.py:12:0: C0303: message`, mypy `path.py:12: error:`
  { re: /^\s*\S+\.pyi?:\d+: error: /, kind: "types", score: 85 },
  {
    re: /^\s*\S+\.pyi?:\d+:(?:\d+:)? (?:[A-Z]{1,4}\d{2,4}\b|[CRWEF]\d{4}:)/,
    kind: "lint",
    score: 82,
  },
  { re: /^[A-Z]{1,4}\d{2,4} (?:\[\*\] )?\S.*$/, kind: "lint", score: 78, expand: "rust-location" },
  { re: /^\*{5,} Module \S+/, kind: "lint", score: 60 },
  { re: /^\s*would reformat \S/, kind: "lint", score: 75 },
  { re: /^\s*ERROR: \S+ Imports are incorrectly sorted/, kind: "lint", score: 80 },
  { re: /^Oh no! .* \d+ files? would be reformatted/, kind: "lint", score: 40 },
  { re: /^Found \d+ errors? in \d+ files? \(checked/, kind: "types", score: 30, lookBack: 40 },
];
