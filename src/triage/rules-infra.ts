/** Docker builds, git, Terraform, the network, the disk and signals: failures around the code. */
import type { Rule } from "./rule.js";

export const INFRA_RULES: readonly Rule[] = [
  // docker buildx / classic builder
  { re: /^ERROR: failed to (?:solve|build)\b/, kind: "build", score: 55, lookBack: 40 },
  { re: /^ERROR \[[^\]]+\] /, kind: "build", score: 50 },
  { re: /returned a non-zero code: \d+/, kind: "build", score: 50 },
  { re: /^(?:docker: )?Error response from daemon: /, kind: "infrastructure", score: 75 },
  // git and checkout
  { re: /^fatal: /, kind: "infrastructure", score: 70 },
  {
    re: /^\s*(?:error|ERROR): (?:RPC failed|failed to push|src refspec|pathspec)/,
    kind: "infrastructure",
    score: 70,
  },
  // pre-commit: `black.....Failed`, then `- hook id: black`
  { re: /^\S.*\.{3,}\s*Failed$/, kind: "lint", score: 75, expand: "next-line" },
  // shellcheck: `In x.sh line 12:`, the line, then the caret under it with the code and message
  { re: /^\s*\^-*\^? SC\d{4} \((?:error|warning|info|style)\): \S/, kind: "lint", score: 75 },
  // PowerShell: the message, then `At path:line char:col`
  {
    re: /^(?:Write-Error|ParserError|InvalidOperation|RuntimeException|\w+Exception): \S/,
    kind: "error",
    score: 65,
  },
  { re: /^At (?:[A-Za-z]:\\|\/)\S.*:\d+ char:\d+$/, kind: "error", score: 55 },
  // Ruby, Elixir, PHP
  { re: /^\s*Failure\/Error: /, kind: "test", score: 85 },
  { re: /^rspec \.\/\S+:\d+ # /, kind: "test", score: 70 },
  { re: /^\s*\d+\) (?:Failure|Error):$/, kind: "test", score: 60, expand: "next-line" },
  { re: /^\s*\d+\) test .* \([\w.]+\)$/, kind: "test", score: 80 },
  { re: /^(?:Failure|Error):$/, kind: "test", score: 75, expand: "block" },
  { re: /^\*\* \(\w*(?:Error|Exception)\)/, kind: "build", score: 85 },
  {
    re: /^There (?:was|were) \d+ (?:failures?|errors?):$/,
    kind: "test",
    score: 50,
    expand: "next-nonblank",
  },
  { re: /^PHP (?:Fatal|Parse) error: /, kind: "crash", score: 85 },
  { re: /^Failed asserting that /, kind: "test", score: 85 },
  { re: /^\s*Assertion with \S+ failed/, kind: "test", score: 85 },
  // curl names the failed transfer (`curl: (22) The requested URL returned error: 404`); scripts
  // often go on after one, so it ranks like the network errors below
  { re: /^curl: \(\d+\) \S/, kind: "infrastructure", score: 62 },
  // cloud CLIs
  { re: /^An error occurred \(\w+\) when calling /, kind: "infrastructure", score: 75 },
  // Terraform (its box prefix `│ ` is removed before matching)
  {
    re: /^Error: (?:creating|reading|updating|deleting|operation error|Invalid|Unsupported|Missing)/,
    kind: "infrastructure",
    score: 75,
  },
  // resources, network, signals
  {
    re: /No space left on device|ENOSPC\b|Out of memory|OOMKilled|out of memory|Cannot allocate memory/,
    kind: "infrastructure",
    score: 80,
  },
  {
    re: /Segmentation fault|core dumped|SIGSEGV|SIGABRT|Bus error|stack overflow|wasm trap:/,
    kind: "crash",
    score: 75,
  },
  { re: /^(?:\S+: )?Killed$|^Killed\b/, kind: "crash", score: 70 },
  {
    re: /ECONNRESET|ETIMEDOUT|ECONNREFUSED|ENOTFOUND|Connection refused|Could not resolve host|TLS handshake timeout|i\/o timeout|503 Service Unavailable|429 Too Many Requests|rate limit exceeded/i,
    kind: "infrastructure",
    score: 62,
  },
  // a process that will not exit, right before a timeout
  {
    re: /did not exit one second after|open handles|has been running for \d+/,
    kind: "timeout",
    score: 50,
  },
];
