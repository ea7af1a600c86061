// One row per way to call the CLI wrongly (and a few ways a run ends early): the arguments, the
// exit status and the first line of stderr, against the built dist/cli.js under the oldest Node
// the package claims. The table is also written to test-output/cli-table.md for reading.
//
// Rows that end before any work (a bad command line, help) run together in one process that
// imports the bin and calls its `main` per row (support/rows-in-one-process.mjs); rows that run a
// model, and the checks below the table, each get a process of their own. One test holds the
// shared process to the separate one on rows of both kinds.
import { execa } from "execa";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../support/action-run.js";
import { sh } from "../support/git-fixture.js";
import { startModelServer, type ModelServer, type Step } from "../support/model-server.js";
import { CLI, cliNode, runCli } from "./support/cli.js";

const ROWS_IN_ONE_PROCESS = join(import.meta.dirname, "support", "rows-in-one-process.mjs");

let dir = "";
const servers: ModelServer[] = [];
const rows: string[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-cli-table-"));
  mkdirSync(join(dir, "repo"));
  await sh(join(dir, "repo"), "init", "-q", "-b", "main");
  writeFileSync(join(dir, "repo", "app.ts"), "export const a = 1;\n");
  await sh(join(dir, "repo"), "add", "-A");
  await sh(join(dir, "repo"), "commit", "-q", "-m", "base");
  writeFileSync(join(dir, "repo", "app.ts"), "export const a = 2;\n");
  mkdirSync(join(dir, "empty"));
  await sh(join(dir, "empty"), "init", "-q", "-b", "main");
  mkdirSync(join(dir, "adir"));
  writeFileSync(join(dir, "file.txt"), "ok\n".repeat(50) + "ERROR: disk full\n");
  writeFileSync(join(dir, "latin1.md"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  writeFileSync(join(dir, "core.bin"), Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 32)));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
  if (dir) rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(ROOT, "test-output"), { recursive: true });
  writeFileSync(
    join(ROOT, "test-output", "cli-table.md"),
    ["| arguments | exit | first line of stderr |", "| --- | --- | --- |", ...rows, ""].join("\n"),
  );
});

/** A model endpoint for one row; `fallback` answers every call after the script. */
async function model(script: Step[], fallback?: Step): Promise<Record<string, string>> {
  const server = await startModelServer(script, fallback ? { fallback } : {});
  servers.push(server);
  return { OPENAI_BASE_URL: server.url, OPENAI_API_KEY: "sk-table", RIVUMI_MODEL: "m" };
}

const RLM = ["rlm", "--input", "file.txt", "--question", "why?"];
const NOT_FINAL = { content: '```repl\nprint(search(r"ERROR"))\n```' };

type Row = [
  args: string[],
  exit: number,
  stderr: RegExp,
  env?: () => Promise<Record<string, string>>,
];

const TABLE: Row[] = [
  [[], 2, /^rivumi: a command is required: review, instructions/],
  [["frobnicate"], 2, /^rivumi: unknown command 'frobnicate'; commands: review, /],
  [
    ["reveiw"],
    2,
    /^rivumi: unknown command 'reveiw' \(did you mean 'rivumi review'\?\); commands: /,
  ],
  [["review", "--bogus"], 2, /^rivumi: unknown option '--bogus' for 'rivumi review'$/],
  [
    ["review", "--bsae", "main"],
    2,
    /^rivumi: unknown option '--bsae' for 'rivumi review'; did you mean --base\?$/,
  ],
  [
    ["journal", "stats", "--jsno", "x"],
    2,
    /^rivumi: unknown option '--jsno' for 'rivumi journal stats'; did you mean --json\?$/,
  ],
  [
    ["journal", "stat", "x"],
    2,
    /^rivumi: unknown subcommand 'stat' \(did you mean 'rivumi journal stats'\?\); expected view/,
  ],
  [
    ["memory", "lst"],
    2,
    /^rivumi: unknown memory command 'lst' \(did you mean 'rivumi memory list'\?\)/,
  ],
  // Outside a repository (the table runs in a temporary folder): no --repo was given, none is named.
  [
    ["instructions"],
    2,
    /^rivumi: not inside a git repository: \/.* \(run rivumi in a clone, or point --repo at one\)$/,
  ],
  [["triage", "--history"], 2, /^rivumi: not inside a git repository: \//],
  [["review", "--repo", "file.txt"], 2, /^rivumi: --repo file.txt: not a directory/],
  [["review", "--repo", "nope"], 2, /^rivumi: --repo nope: no such directory$/],
  [["review", "--repo", "adir"], 2, /^rivumi: --repo .*adir: not inside a git repository$/],
  [
    ["review", "--repo", "repo", "--base", "nope"],
    2,
    /^rivumi: --base nope: no such branch, tag or commit/,
  ],
  [["review", "--repo", "repo", "--base", ""], 2, /^rivumi: --base: the value is empty/],
  [
    ["review", "--repo", "repo", "--base", "--json"],
    2,
    /^rivumi: --base needs a value \(write --base=VALUE for a value that starts with '-'\)$/,
  ],
  [["review", "--repo", "empty"], 2, /^rivumi: --repo .*empty: the repository has no commits yet/],
  [
    ["review", "--repo", "repo", "--max-turns", "-1"],
    2,
    /^rivumi: --max-turns -1: expected a whole number of at least 1$/,
  ],
  [
    ["review", "--repo", "repo", "--max-tokens", "many"],
    2,
    /^rivumi: --max-tokens many: expected a whole number/,
  ],
  [
    ["review", "--repo", "repo", "--price-input-per-mtok", "-0.4", "--price-output-per-mtok", "1"],
    2,
    /^rivumi: --price-input-per-mtok -0.4: expected a number of at least 0/,
  ],
  [
    ["review", "--repo", "repo", "--price-input-per-mtok", "0.4"],
    2,
    /^rivumi: --price-input-per-mtok and --price-output-per-mtok go together/,
  ],
  [
    ["review", "--repo", "repo", "--max-cost-usd", "1"],
    2,
    /^rivumi: --max-cost-usd needs --price-input-per-mtok/,
  ],
  [
    ["review", "--repo", "repo", "--user-file", "adir"],
    2,
    /^rivumi: --user-file adir: not a regular file/,
  ],
  [
    ["review", "--repo", "repo", "--user-file", "latin1.md"],
    2,
    /^rivumi: --user-file latin1.md: not valid UTF-8/,
  ],
  [
    ["review", "--repo", "repo", "--user-file", "missing.md"],
    2,
    /^rivumi: --user-file missing.md: no such file/,
  ],
  [["instructions", "--repo", "repo", "--ref", ""], 2, /^rivumi: --ref: the value is empty/],
  [
    ["instructions", "--repo", "repo", "--ref", "nope"],
    2,
    /^rivumi: --ref nope: no such branch, tag or commit/,
  ],
  [
    ["context", "--repo", "repo", "--ref", "nope"],
    2,
    /^rivumi: --ref nope: no such branch, tag or commit/,
  ],
  [
    ["instructions", "--repo", "repo", "--dir", "nope"],
    2,
    /^rivumi: --dir nope: no such directory$/,
  ],
  [
    ["instructions", "--repo", "repo", "--dir", "../file.txt"],
    2,
    /^rivumi: --dir \.\.\/file.txt: not a directory/,
  ],
  [
    ["instructions", "--repo", "repo", "--ref", "main", "--dir", "nope"],
    2,
    /^rivumi: --dir nope: no such directory at main$/,
  ],
  [["instructions", "--repo", "file.txt"], 2, /^rivumi: --repo file.txt: not a directory/],
  [
    ["context", "--repo", "repo", "--user-file", "latin1.md"],
    2,
    /^rivumi: --user-file latin1.md: not valid UTF-8/,
  ],
  [["memory"], 2, /^rivumi: a subcommand is required: add, list or forget$/],
  [
    ["memory", "delete", "x"],
    2,
    /^rivumi: unknown memory command 'delete'; use add, list or forget \(to remove an entry: forget ID\)$/,
  ],
  [["memory", "list", "--store", "adir"], 2, /^rivumi: --store adir: a directory, not a file$/],
  [
    ["memory", "add", "--type", "fact", "--text", "x", "--store", "file.txt/m.jsonl"],
    2,
    /^rivumi: --store file.txt\/m.jsonl: .*file.txt is a file, so nothing can be created under it$/,
  ],
  [
    ["memory", "forget", "m-nope", "--store", "store.jsonl"],
    2,
    /^rivumi: no memory entry m-nope in /,
  ],
  [[...RLM, "--journal", "adir"], 2, /^rivumi: --journal adir: a directory, not a file$/],
  [
    [...RLM, "--journal", "file.txt/j.jsonl"],
    2,
    /^rivumi: --journal file.txt\/j.jsonl: .*file.txt is a file/,
  ],
  [
    [...RLM, "--journal", "/proc/rivumi/j.jsonl"],
    2,
    /^rivumi: --journal \/proc\/rivumi\/j.jsonl: under \/proc, where files cannot be written$/,
  ],
  [
    [...RLM, "--max-depth", "-2"],
    2,
    /^rivumi: --max-depth -2: expected a whole number from 0 to 3$/,
  ],
  [
    ["rlm", "--input", "adir", "--question", "why?"],
    2,
    /^rivumi: --input adir: not a readable file \(a directory\)$/,
  ],
  [["rlm", "--question", "why?"], 2, /^rivumi: --input FILE is required$/],
  [
    ["triage", "--log", "nope.log"],
    2,
    /^rivumi: --log nope.log: not a readable file \(no such file\)$/,
  ],
  [
    ["triage", "--log", "file.txt", "--step", "build"],
    2,
    /^rivumi: --step "build": the log has no such step; its steps: "job"$/,
  ],
  [
    ["triage", "--log", "core.bin"],
    2,
    /^rivumi: --log core.bin: a binary file \(87\.5% control bytes in its first 64 KiB\), not a text log$/,
  ],
  [["journal", "view", "nope.jsonl"], 2, /^rivumi: JOURNAL nope.jsonl: not a readable file$/],
  [
    ["journal", "view", "file.txt"],
    2,
    /^rivumi: JOURNAL .*file.txt: no journal events in 51 lines \(a journal has one JSON object/,
  ],
  // Runs that start and end early: the model fails, a limit stops them.
  [
    ["review", "--repo", "repo", "--base", "main"],
    1,
    /^rivumi: review failed: .*401 Incorrect API key provided.*\(journal: .*journal\.jsonl\)$/,
    () => model([], { status: 401, error: "Incorrect API key provided" }),
  ],
  [
    ["review", "--repo", "repo", "--base", "main", "--max-turns", "1"],
    3,
    /^rivumi: stopped at the limit set by --max-turns; the result above is partial$/,
    () =>
      model([{ toolCalls: [{ name: "git_diff", arguments: {} }] }], {
        content: '{"findings": []}',
      }),
  ],
  [
    [...RLM, "--max-iterations", "1"],
    3,
    /^rivumi: stopped at the limit set by --max-iterations without finalize\(\)/,
    () => model([NOT_FINAL]),
  ],
  [
    [...RLM, "--max-tokens", "100"],
    3,
    /^rivumi: stopped at the limit set by --max-tokens; the result above is partial$/,
    () => model([{ ...NOT_FINAL, usage: { prompt_tokens: 90, completion_tokens: 20 } }]),
  ],
  [
    [
      ...RLM,
      "--max-cost-usd",
      "0.001",
      "--price-input-per-mtok",
      "10",
      "--price-output-per-mtok",
      "10",
    ],
    3,
    /^rivumi: stopped at the limit set by --max-cost-usd/,
    () => model([{ ...NOT_FINAL, usage: { prompt_tokens: 90, completion_tokens: 20 } }]),
  ],
  [
    RLM,
    1,
    /^rivumi: rlm failed: the model request failed \(401 Incorrect API key provided\)/,
    () => model([], { status: 401, error: "Incorrect API key provided" }),
  ],
  // Help is not an error: exit 0, nothing on stderr.
  [["review", "-h"], 0, /^$/],
  [["memory", "add", "-h"], 0, /^$/],
  [["journal", "-h"], 0, /^$/],
  [["-h"], 0, /^$/],
];

interface Answer {
  exitCode?: number | undefined;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

const TABLE_ENV = () => ({ RIVUMI_MEMORY_FILE: join(dir, "memory.jsonl") });
const sharedRow = ([, exit, , env]: Row) => env === undefined && (exit === 0 || exit === 2);
let shared = new Map<string, Answer>();

/** Runs `rows` in one process (see the top of the file); answers by the rows' JSON. */
async function inOneProcess(rows: string[][]): Promise<Map<string, Answer>> {
  const rowsFile = join(dir, "rows.json");
  const outFile = join(dir, "answers.json");
  writeFileSync(rowsFile, JSON.stringify(rows));
  const run = await execa(cliNode(), [ROWS_IN_ONE_PROCESS, CLI, rowsFile, outFile], {
    cwd: dir,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      XDG_CONFIG_HOME: "/nonexistent",
      USER: "alice",
      ...TABLE_ENV(),
    },
    extendEnv: false,
    stdin: "ignore",
    reject: false,
    timeout: 60_000,
  });
  if (run.exitCode !== 0)
    throw new Error(`rows-in-one-process.mjs exited ${run.exitCode}: ${run.stderr}`);
  const answers = JSON.parse(readFileSync(outFile, "utf8")) as {
    args: string[];
    exit: number;
    stdout: string;
    stderr: string;
  }[];
  return new Map(
    answers.map((a) => [
      JSON.stringify(a.args),
      { exitCode: a.exit, stdout: a.stdout, stderr: a.stderr, timedOut: false },
    ]),
  );
}

describe("the CLI table: arguments, exit status, first line of stderr", () => {
  beforeAll(async () => {
    shared = await inOneProcess(TABLE.filter(sharedRow).map(([args]) => args));
  });

  it("answers in the shared process as in a process of its own", async () => {
    const samples = [TABLE[0]!, TABLE[3]!, TABLE.find(([args]) => args[0] === "memory")!];
    samples.push(TABLE.find(([args, exit]) => exit === 0 && args.length > 1)!);
    for (const [args] of samples) {
      const own = await runCli(args, { cwd: dir, env: TABLE_ENV(), timeout: 20_000 });
      const one = shared.get(JSON.stringify(args));
      expect(one, JSON.stringify(args)).toBeDefined();
      expect({ exit: one!.exitCode, stdout: one!.stdout, stderr: one!.stderr }).toEqual({
        exit: own.exitCode,
        stdout: own.stdout === "" ? "" : `${own.stdout}\n`,
        stderr: own.stderr === "" ? "" : `${own.stderr}\n`,
      });
    }
  });

  it.each(TABLE)("rivumi %j exits %i", async (args, exit, stderr, env) => {
    const run: Answer = sharedRow([args, exit, stderr, env])
      ? shared.get(JSON.stringify(args))!
      : await runCli(args, {
          cwd: dir,
          env: { ...TABLE_ENV(), ...(await env?.()) },
          timeout: 20_000,
        });
    const lines = run.stderr === "" ? [] : run.stderr.trimEnd().split("\n");
    rows.push(
      `| \`${args.map((a) => (a === "" ? '""' : a)).join(" ")}\` | ${run.exitCode} | ${(lines[0] ?? "").replaceAll(dir, "<tmp>").replaceAll("|", "\\|")} |`,
    );
    expect(run.timedOut).toBe(false);
    expect({ exit: run.exitCode, stderr: lines[0] ?? "" }).toMatchObject({ exit });
    expect(lines[0] ?? "").toMatch(stderr);
    // Errors are one line; nothing else is written to stderr (no stack, no usage text).
    expect(lines.length).toBeLessThanOrEqual(1);
  });
});

describe("what the CLI prints besides errors, and how a signal ends it", () => {
  it("-v and --version print the version; 'help <command>' prints that command's usage", async () => {
    for (const flag of ["-v", "--version"])
      expect((await runCli([flag])).stdout).toMatch(/^rivumi \d+\.\d+\.\d+/);
    const usage = (await runCli(["triage", "--help"])).stdout;
    expect(usage).toMatch(/^usage: rivumi triage /);
    expect((await runCli(["help", "triage"])).stdout).toBe(usage);
  });

  it("triage --log - reads the log from standard input", async () => {
    const run = await runCli(["triage", "--log", "-", "--json"], {
      input: "building\nError: ENOSPC: no space left on device, write\n",
    });
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout).candidates[0]).toMatchObject({
      start_line: 2,
      lines: ["Error: ENOSPC: no space left on device, write"],
    });
  });

  it.each([
    ["SIGINT", 130, "rivumi: interrupted (Ctrl-C)"],
    ["SIGTERM", 143, "rivumi: terminated (SIGTERM)"],
  ] as const)("rlm on %s: one line, exit %i, the journal finished", async (signal, exit, line) => {
    let asked: () => void = () => undefined;
    const requested = new Promise<void>((resolve) => (asked = resolve));
    const server = await startModelServer([
      () => {
        asked();
        return { hang: true };
      },
    ]);
    servers.push(server);
    const journal = join(dir, `rlm-${signal}.jsonl`);
    const child = execa(cliNode(), [CLI, ...RLM, "--journal", journal], {
      reject: false,
      cwd: dir,
      env: {
        OPENAI_BASE_URL: server.url,
        OPENAI_API_KEY: "sk-table",
        XDG_CONFIG_HOME: "/nonexistent",
      },
    });
    await requested;
    child.kill(signal);
    const run = await child;
    expect(run.exitCode).toBe(exit);
    expect(run.stderr.trim().split("\n")).toEqual([line]);
    const events = readFileSync(journal, "utf8").trim().split("\n");
    expect(JSON.parse(events.at(-1)!)).toMatchObject({ type: "run.finished" });
  });

  it("triage on SIGTERM while it reads standard input: one line, exit 143", async () => {
    const tmp = mkdtempSync(join(dir, "tmp-"));
    const child = execa(cliNode(), [CLI, "triage", "--log", "-"], {
      reject: false,
      env: { TMPDIR: tmp },
      stdin: "pipe",
    });
    child.stdin.write("still running\n");
    // the copy of standard input appears once the handlers are in place
    while (readdirSync(tmp).length === 0) await new Promise((r) => setTimeout(r, 20));
    child.kill("SIGTERM");
    const run = await child;
    expect(run.exitCode).toBe(143);
    expect(run.stderr.trim().split("\n")).toEqual(["rivumi: terminated (SIGTERM)"]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
