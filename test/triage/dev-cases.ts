// Development cases by kind of miss (test/triage/cases/<kind>.txt), written from the output real
// tools print, rendered into GitHub Actions job logs (runner preamble, checkout, the case's steps
// with `##[group]Run` headers, the runner's exit-code line, post-job cleanup) and scored like the
// real dev sets. The lines a case marks with `» ` are its root cause.
//
// A case file holds cases separated by `%% case <name>`; inside one:
//   %% note <text>           what the case is about (documentation only)
//   %% step <command>        a `run:` step; the lines below are its output
//   %% action <uses> [k=v]   an action step with its `with:` inputs
//   %% exit <n>             the step fails: the runner writes `Process completed with exit code n.`
//   » <line>                 an output line that states the cause
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { scoreLog, summarise, type Range, type SetScore } from "./dev-sets.js";

export const CASES_DIR = join(dirname(fileURLToPath(import.meta.url)), "cases");
const CAUSE = "» ";

export interface DevCase {
  readonly kind: string;
  readonly name: string;
  /** The rendered job log, lines without their `\n`. */
  readonly lines: readonly string[];
  /** 1-based ranges of the cause lines in `lines`. */
  readonly labels: readonly Range[];
}

/** Every case of every kind, in file order; the kind is the file's name. */
export function loadDevCases(dir = CASES_DIR): DevCase[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".txt"))
    .sort()
    .flatMap((f) => parseCases(f.replace(/\.txt$/, ""), readFileSync(join(dir, f), "utf8")));
}

/** The cases of one file. */
export function parseCases(kind: string, text: string): DevCase[] {
  const out: DevCase[] = [];
  let log: JobLog | undefined;
  let name = "";
  const flush = () => {
    if (log) out.push({ kind, name, ...log.finish() });
  };
  for (const line of text.replace(/\n$/, "").split("\n")) {
    const directive = /^%% (\w+)(?: (.*))?$/.exec(line);
    if (!directive) {
      if (!log) {
        if (line.trim() === "" || line.startsWith("#")) continue; // the file's own comments
        throw new Error(`${kind}: output before the first %% case: ${line}`);
      }
      if (line.startsWith(CAUSE)) log.output(line.slice(CAUSE.length), true);
      else log.output(line, false);
      continue;
    }
    const [, word, rest = ""] = directive;
    if (word === "case") {
      flush();
      name = rest.trim();
      log = new JobLog();
    } else if (!log) throw new Error(`${kind}: %% ${word} before the first %% case`);
    else if (word === "step") log.step(rest);
    else if (word === "action") log.action(rest);
    else if (word === "exit") log.exit(Number(rest));
    else if (word !== "note") throw new Error(`${kind}/${name}: unknown directive %% ${word}`);
  }
  flush();
  for (const c of out)
    if (c.labels.length === 0) throw new Error(`${kind}/${c.name}: no line is marked with »`);
  return out;
}

/** Builds one job log line by line, with runner timestamps. */
class JobLog {
  private readonly lines: string[] = [];
  private readonly labels: Range[] = [];
  private clock = Date.UTC(2025, 6, 1, 10, 0, 0);

  constructor() {
    this.raw("\uFEFF", "Current runner version: '2.325.0'");
    for (const l of [
      "##[group]Operating System",
      "Ubuntu",
      "24.04.2",
      "LTS",
      "##[endgroup]",
      "##[group]Runner Image",
      "Image: ubuntu-24.04",
      "Version: 20250622.1.0",
      "##[endgroup]",
      "##[group]GITHUB_TOKEN Permissions",
      "Contents: read",
      "Metadata: read",
      "##[endgroup]",
      "Secret source: Actions",
      "Prepare workflow directory",
      "Prepare all required actions",
      "Getting action download info",
      "Complete job name: build",
    ])
      this.raw("", l);
    this.action("actions/checkout@v4 fetch-depth=1");
    for (const l of [
      "Syncing repository: acme/app",
      "[command]/usr/bin/git version",
      "git version 2.49.0",
      "[command]/usr/bin/git -c protocol.version=2 fetch --no-tags --prune --depth=1 origin +3f9c2e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d:refs/remotes/origin/main",
      "[command]/usr/bin/git checkout --progress --force -B main refs/remotes/origin/main",
      "Switched to a new branch 'main'",
    ])
      this.raw("", l);
  }

  step(command: string): void {
    this.raw("", `##[group]Run ${command}`);
    this.raw("", `\x1b[36;1m${command}\x1b[0m`);
    this.raw("", "shell: /usr/bin/bash -e {0}");
    this.raw("", "##[endgroup]");
  }

  action(spec: string): void {
    const [uses, ...inputs] = spec.trim().split(/\s+/);
    this.raw("", `##[group]Run ${uses}`);
    if (inputs.length > 0) this.raw("", "with:");
    for (const input of inputs) this.raw("", `  ${input.replace("=", ": ")}`);
    this.raw("", "##[endgroup]");
  }

  output(text: string, cause: boolean): void {
    this.raw("", text);
    if (!cause) return;
    const no = this.lines.length;
    const last = this.labels[this.labels.length - 1];
    if (last && last.end === no - 1) last.end = no;
    else this.labels.push({ start: no, end: no });
  }

  exit(code: number): void {
    this.raw("", `##[error]Process completed with exit code ${code}.`);
  }

  finish(): { lines: string[]; labels: Range[] } {
    for (const l of [
      "Post job cleanup.",
      "[command]/usr/bin/git version",
      "git version 2.49.0",
      "[command]/usr/bin/git config --local --name-only --get-regexp core\\.sshCommand",
      "Cleaning up orphan processes",
    ])
      this.raw("", l);
    return { lines: this.lines, labels: this.labels };
  }

  private raw(prefix: string, text: string): void {
    this.clock += 37;
    const stamp = new Date(this.clock).toISOString().replace("Z", "0000Z");
    this.lines.push(`${prefix}${stamp} ${text}`);
  }
}

/** Scores every case, one set per kind, in the order the kinds' files sort. */
export async function scoreDevCases(cases = loadDevCases()): Promise<SetScore[]> {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-dev-cases-"));
  try {
    const kinds = [...new Set(cases.map((c) => c.kind))];
    const sets: SetScore[] = [];
    for (const kind of kinds) {
      const scores = [];
      for (const c of cases.filter((x) => x.kind === kind)) {
        const path = join(dir, `${kind}-${c.name}.log`);
        writeFileSync(path, c.lines.join("\n") + "\n");
        scores.push(await scoreLog(c.name, path, [...c.labels]));
      }
      sets.push(summarise(kind, scores, []));
    }
    return sets;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Writes each case's log as `<kind>-<name>.log` into `dir` (to run `rivumi triage` on one). */
export function writeDevCases(dir: string, cases = loadDevCases()): string[] {
  return cases.map((c) => {
    const path = join(dir, `${c.kind}-${c.name}.log`);
    writeFileSync(path, c.lines.join("\n") + "\n");
    return path;
  });
}
