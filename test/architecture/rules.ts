// The layering of src/, as data (docs/ARCHITECTURE.md explains it). Each folder (or top-level
// file) of src/ has a rank and says what it may import: src folders or modules of a LOWER rank
// only, npm packages, and `node:` modules. Ranks follow the data flow of a run (trigger → plan →
// workspace → context → prompt → agent/rlm → publish); the shared ports (util, model, journal,
// github, memory-store) rank below every stage so that any stage may use them, and the
// composition roots (action, main, cli, index) rank above everything they wire together.
//
// Where a folder mixes roles, a MODULE rule states the invariant of the part that matters, so that
// it still holds when files move between folders (#23) or a folder's list grows.

export interface FolderRule {
  rank: number;
  /** One line: what the folder is for. */
  job: string;
  /** A shared port: an interface (and its adapters) every later stage may use. */
  port?: true;
  /** Other src folders, or single modules of them (`github/port.ts`), it may import. */
  src: readonly string[];
  /** npm packages it may import (a package's subpaths count as the package). */
  packages: readonly string[];
  /** Node's built-in modules it may import, written with `node:`. */
  node: readonly string[];
}

const none: readonly string[] = [];
/** A list written as one line of names, so the table reads as a table. */
const words = (line: string): readonly string[] => line.split(" ");

export const FOLDERS: Readonly<Record<string, FolderRule>> = {
  util: {
    rank: 1,
    job: "pure helpers",
    port: true,
    src: none,
    packages: none,
    node: ["node:crypto"],
  },
  "version.ts": { rank: 1, job: "the version string", src: none, packages: none, node: none },
  "runner-env.ts": {
    rank: 1,
    job: "the runner's environment, read once",
    src: none,
    packages: ["@actions/core"],
    node: ["node:fs", "node:os", "node:path"],
  },
  redact: {
    rank: 2,
    job: "secrets masked in every form a renderer or a reader would decode",
    src: none,
    packages: none,
    node: none,
  },
  config: { rank: 2, job: "settings, validated", src: ["util"], packages: ["zod"], node: none },
  "memory-store": {
    rank: 2,
    job: "the memory store's port and row format",
    port: true,
    src: ["util"],
    packages: ["zod"],
    node: ["node:crypto"],
  },
  model: {
    rank: 3,
    job: "the model port and its OpenAI-compatible adapter",
    port: true,
    src: ["config", "util"],
    packages: ["openai", "zod"],
    node: none,
  },
  journal: {
    rank: 4,
    job: "the event sink and its upload",
    port: true,
    src: words("model redact util"),
    packages: ["@actions/artifact"],
    node: ["node:fs", "node:path"],
  },
  github: {
    rank: 4,
    job: "the GitHub port and its Octokit adapters",
    port: true,
    src: words("config memory-store util"),
    packages: words("@octokit/plugin-retry @octokit/plugin-throttling @octokit/rest bottleneck"),
    node: none,
  },
  outcome: {
    rank: 5,
    job: "what a run produced, as data",
    src: words("journal model util"),
    packages: ["zod"],
    node: none,
  },
  viewer: {
    rank: 5,
    job: "a journal read back: its page, its stats, its recorded requests",
    src: words("journal model util"),
    packages: none,
    node: words("node:crypto node:fs node:path node:readline"),
  },
  markdown: {
    rank: 6,
    job: "what every feature's publication shares: safe Markdown, GitHub's limits, the usage line",
    src: words("outcome util"),
    packages: none,
    node: none,
  },
  trigger: {
    rank: 6,
    job: "the event, parsed and validated; who asked",
    src: ["github/port.ts", "util"],
    packages: ["zod"],
    node: none,
  },
  "review-post.ts": {
    rank: 7,
    job: "the shape in which the publisher hands the review its publication",
    src: words("github/port.ts journal markdown outcome"),
    packages: none,
    node: none,
  },
  "run-facts.ts": {
    rank: 7,
    job: "what every feature's ports start with: the run's facts and its redaction",
    src: words("config/settings.ts journal trigger"),
    packages: none,
    node: none,
  },
  plan: {
    rank: 7,
    job: "the decision, pure",
    src: words("config trigger util"),
    packages: none,
    node: none,
  },
  workspace: {
    rank: 8,
    job: "the disposable clone, git, the diff and its hunks",
    src: words("config github/port.ts journal trigger util"),
    packages: none,
    node: words(
      "node:child_process node:fs node:fs/promises node:os node:path node:readline node:timers/promises",
    ),
  },
  context: {
    rank: 9,
    job: "instructions, skills, memory and runtime facts for the prompt",
    src: words(
      "config github/port.ts github/memory-repository.ts journal memory-store plan trigger util workspace",
    ),
    packages: ["zod"],
    node: words("node:crypto node:fs node:fs/promises node:path"),
  },
  coverage: {
    rank: 9,
    job: "the hunk ledger: what a review examined",
    src: ["util", "workspace"],
    packages: none,
    node: none,
  },
  "diff-review": {
    rank: 10,
    job: "the diff a review reads (its index and ledger) and the token budget of its pages",
    src: words("coverage model outcome util workspace"),
    packages: none,
    node: ["node:path"],
  },
  triage: {
    rank: 12,
    job: "failed-CI triage: the run, its logs ranked without a model, the history and the digest",
    src: words(
      "agent/stop.ts config context/session-context.ts github/port.ts journal markdown memory-store model outcome plan rlm run-facts.ts trigger util",
    ),
    packages: ["zod"],
    node: words("node:crypto node:fs node:fs/promises node:path"),
  },
  prompt: {
    rank: 10,
    job: "named, versioned prompt sections",
    src: ["github/port.ts", "util"],
    packages: none,
    node: ["node:crypto"],
  },
  review: {
    rank: 12,
    job: "a pull request review or a task: its run, the map over hunks, findings and their anchoring",
    src: words(
      "agent config context coverage diff-review github/port.ts journal markdown model outcome plan prompt review-post.ts rlm run-facts.ts trigger util workspace",
    ),
    packages: ["zod"],
    node: words("node:crypto node:fs/promises node:os node:path"),
  },
  memory: {
    rank: 10,
    job: "the memory commands: /remember, /forget, /memories, run and answered",
    src: words(
      "config/settings.ts context/memory/retrieval.ts github/port.ts github/memory-repository.ts journal memory-store outcome run-facts.ts trigger util",
    ),
    packages: none,
    node: none,
  },
  agent: {
    rank: 11,
    job: "the model/tool loop and its tools",
    src: words(
      "context coverage diff-review github/port.ts journal model outcome prompt util workspace",
    ),
    packages: ["execa", "zod"],
    node: words("node:fs node:fs/promises node:path"),
  },
  rlm: {
    rank: 11,
    job: "the recursive language model engine, its confined REPL and its run",
    src: words("journal model outcome plan run-facts.ts util"),
    packages: ["zod"],
    node: words(
      "node:buffer node:child_process node:events node:fs node:fs/promises node:os node:path node:stream node:timers/promises node:url",
    ),
  },
  fix: {
    rank: 13,
    job: "/rivumi fix: a task whose changes are checked, verified in confinement and committed",
    src: words(
      "config github/port.ts journal markdown outcome plan review rlm run-facts.ts triage trigger util workspace",
    ),
    packages: none,
    node: words(
      "node:child_process node:fs node:fs/promises node:os node:path node:timers/promises",
    ),
  },
  modes: {
    rank: 14,
    job: "the mode registry: a thin entry per mode that calls its feature",
    src: words(
      "config context fix github/port.ts journal memory memory-store outcome plan review rlm run-facts.ts triage trigger util workspace",
    ),
    packages: none,
    node: none,
  },
  publish: {
    rank: 13,
    job: "posting an outcome, in order: what every feature's publication shares",
    src: words(
      "github/port.ts journal markdown outcome redact review-post.ts runner-env.ts util version.ts viewer",
    ),
    packages: none,
    node: ["node:crypto", "node:fs"],
  },
  action: {
    rank: 15,
    job: "the Action's ports, log and signals (a composition root)",
    src: words(
      "config context fix github journal model modes outcome publish redact review run-facts.ts runner-env.ts triage trigger util workspace",
    ),
    packages: ["@actions/core"],
    node: ["node:http", "node:https", "node:module", "node:path", "node:zlib"],
  },
  demo: {
    rank: 14,
    job: "rivumi demo: the sample pull request, its loopback servers, one run of the bundled action",
    src: none,
    packages: none,
    node: words("node:child_process node:fs node:http node:net node:os node:path node:util"),
  },
  cli: {
    rank: 16,
    job: "the rivumi command (a composition root)",
    src: words(
      "agent config context demo github/port.ts journal markdown memory-store model modes outcome plan prompt publish redact review rlm triage trigger util version.ts viewer workspace",
    ),
    packages: ["execa"],
    node: words("node:crypto node:fs node:fs/promises node:os node:path node:util"),
  },
  "main.ts": {
    rank: 17,
    job: "one Action run: settings → trigger → plan → mode → finish",
    src: words(
      "action config journal modes outcome plan publish redact runner-env.ts trigger util version.ts",
    ),
    packages: ["@actions/core"],
    node: ["node:fs", "node:path"],
  },
  "index.ts": {
    rank: 18,
    job: "the Action's entry point",
    src: ["action", "main.ts"],
    packages: none,
    node: none,
  },
};

/**
 * What some modules must never import (`forbids`), or the only things they may import from outside
 * their own folder (`only`). Entries are folders, modules (`*` matches within a name), packages
 * (`@octokit` covers the scope) and `node:` modules.
 */
export interface ModuleRule {
  name: string;
  modules: readonly string[];
  forbids?: readonly string[];
  only?: readonly string[];
}

/** Things only some modules may import, wherever the importer sits. */
export interface GuardRule {
  name: string;
  targets: readonly string[];
  onlyFrom: readonly string[];
}

/** Node modules and packages that reach outside the process. */
const IO = [
  "node:child_process",
  "node:dgram",
  "node:dns",
  "node:fs",
  "node:fs/promises",
  "node:http",
  "node:http2",
  "node:https",
  "node:net",
  "node:os",
  "node:readline",
  "node:tls",
  "node:worker_threads",
  "@actions",
  "@octokit",
  "execa",
  "openai",
];

/** The review's run (the agent's session in a workspace, its scale, scope and merge) and its publication. */
const REVIEW_RUN = [
  "review/run.ts",
  "review/ports.ts",
  "review/agent-run.ts",
  "review/agent-review.ts",
  "review/scale.ts",
  "review/scope.ts",
  "review/merge.ts",
  "review/no-longer-applies.ts",
  "review/publish-text.ts",
  "review/publish.ts",
  "review/inline-review.ts",
];
/** The triage's ranking of log lines: rules as data, pure. */
const TRIAGE_RANKING = [
  "triage/candidates.ts",
  "triage/signals.ts",
  "triage/expand.ts",
  "triage/patterns.ts",
  "triage/rule.ts",
  "triage/rule-index.ts",
  "triage/rules-*.ts",
  "triage/clean-line.ts",
  "triage/types.ts",
];
/** The rest of the triage's pure part: reading a log, signatures, the history's rows. */
const TRIAGE_PURE = [
  "triage/collector.ts",
  "triage/fix-attempts.ts",
  "triage/history.ts",
  "triage/history-summary.ts",
  "triage/index.ts",
  "triage/log-diff.ts",
  "triage/log-lines.ts",
  "triage/signature.ts",
  "triage/steps.ts",
];
/** The triage's run (what reads the Actions API, the logs' storage and the model) and its publication. */
const TRIAGE_RUN = [
  "triage/run.ts",
  "triage/ports.ts",
  "triage/failed-run.ts",
  "triage/job.ts",
  "triage/log-download.ts",
  "triage/log-file.ts",
  "triage/evidence.ts",
  "triage/annotations.ts",
  "triage/green-run.ts",
  "triage/passes.ts",
  "triage/remember.ts",
  "triage/digest.ts",
  "triage/publish.ts",
  "triage/publish-text.ts",
  "triage/history-render.ts",
  "agent",
  "config",
  "context",
  "github",
  "journal",
  "memory-store",
  "model",
  "outcome",
  "plan",
  "rlm",
  "trigger",
];

export const MODULE_RULES: readonly ModuleRule[] = [
  {
    name: "the plan is pure: no I/O, no stage after it",
    modules: ["plan/"],
    forbids: [...IO, "journal", "github", "model", "workspace", "context", "triage", "modes"],
  },
  {
    name: "the review's map, hunk ledger and anchoring post nothing and speak to no GitHub",
    modules: [
      "review/map.ts",
      "review/anchor.ts",
      "review/findings.ts",
      "coverage/",
      "diff-review/",
    ],
    forbids: ["publish", "github", "@octokit"],
  },
  {
    name: "the review's map, findings and anchoring never reach its run: no agent, no orchestration",
    modules: [
      "review/map.ts",
      "review/anchor.ts",
      "review/findings.ts",
      "review/partial-summary.ts",
    ],
    forbids: [...REVIEW_RUN, "agent", "context", "prompt", "rlm", "plan", "trigger", "config"],
  },
  {
    name: "the triage's ranking imports nothing but util/",
    modules: TRIAGE_RANKING,
    only: ["util"],
  },
  {
    name: "the triage's log reading, signatures and history rows import nothing but util/",
    modules: TRIAGE_PURE,
    only: ["util", "node:crypto", "node:fs/promises"],
  },
  {
    name: "the triage's pure part never reaches its run: no orchestration, ports, GitHub or model",
    modules: [...TRIAGE_RANKING, ...TRIAGE_PURE],
    forbids: TRIAGE_RUN,
  },
  {
    name: "the model adapter knows no mode or feature",
    modules: ["model/"],
    forbids: ["modes", "agent", "rlm", "review", "triage", "context", "publish", "journal"],
  },
  {
    name: "the journal is a sink: it knows no feature, no outcome and not its viewer",
    modules: ["journal/"],
    forbids: words("review outcome coverage triage modes agent rlm publish viewer"),
  },
  {
    name: "the viewer reads journals back: it knows no feature, no outcome and no publishing",
    modules: ["viewer/"],
    forbids: words("review outcome coverage triage modes agent rlm publish github"),
  },
  {
    name: "the page's script runs in the browser: nothing of Node, only the page's data",
    modules: ["viewer/page/"],
    only: ["viewer/page-data.ts"],
  },
];

export const GUARDS: readonly GuardRule[] = [
  {
    name: "the demo's servers and runner serve only `rivumi demo`",
    targets: ["demo"],
    onlyFrom: ["demo/", "cli/demo-command.ts"],
  },
  {
    name: "only the composition roots and the GitHub adapters speak Octokit; the rest use the port",
    targets: [
      "@octokit",
      "github/octokit.ts",
      "github/actions-port.ts",
      "github/memory-store.ts",
      "github/memory-branch-store.ts",
      "github/branch-file.ts",
    ],
    onlyFrom: ["github/", "action/", "cli/", "main.ts"],
  },
];
