// Class: text a fork controls (job and step names, log lines, model output) printed to the
// runner's log cannot issue a workflow command: not with `##[…]` anywhere in a line (the runner's
// legacy form), not with `::` at a line's start after whitespace, not on a line begun by `\r` or
// by a line break inside a message, and not with zero-width characters the runner's culture-
// sensitive search would skip. The runner's reading is modelled in test/support/runner-commands.ts.
import { execa } from "execa";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import * as realCore from "@actions/core";
import { afterEach, describe, expect, it } from "vitest";
import { ActionLog } from "../../src/action/log.js";
import { Redactor } from "../../src/redact/redactor.js";
import { neutralizeLog } from "../../src/util/workflow-commands.js";
import { ROOT } from "../support/action-run.js";
import { runnerCommands, type ParsedCommand } from "../support/runner-commands.js";
import { createTriageWorld, TRIAGE_KEY, type TriageWorld } from "../support/triage-action-world.js";

const HOSTILE_JOB = "test ##[set-output name=conclusion;]success ##[add-mask]x";
const HOSTILE_TEXTS = [
  HOSTILE_JOB,
  "  ::set-output name=conclusion::success",
  "first line\n\t::add-mask::x\nthird ##[stop-commands]tok",
  "one\r::set-output name=a::b\r\n  ##[add-path]/tmp/evil",
  "\u200b::add-mask::x and #\u200b#[set-env name=A;]b",
  "\u00a0\u0085::save-state name=s::v",
];
/** Ordinary text that must come out as it went in. */
const ORDINARY = "std::vector<int> and a::b, C# code, ## heading, [link] and x :: y";

const OWN = ["add-mask", "error", "warning", "notice", "debug", "group", "endgroup"];

/**
 * The commands Rivumi did not mean: any in the legacy form, any but its own kinds, and any mask
 * but of a secret's forms (long; the hostile texts mask `x`, `y` or nothing).
 */
function unexpected(commands: ParsedCommand[]): ParsedCommand[] {
  return commands.filter(
    (c) =>
      c.form === "##[" || !OWN.includes(c.name) || (c.name === "add-mask" && c.data.length < 16),
  );
}

/** Runs `fn` with process.stdout captured, as the runner would read it. */
function captured(fn: () => void): string {
  const chunks: string[] = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk: string | Uint8Array) => {
    chunks.push(String(chunk));
    return true;
  };
  try {
    fn();
  } finally {
    process.stdout.write = write;
    process.exitCode = undefined;
  }
  return chunks.join("");
}

describe("the action's log, through @actions/core", () => {
  it("issues no command from any printing function or annotation, whatever the text", async () => {
    const redactor = new Redactor();
    const log = new ActionLog(redactor, () => Promise.resolve(realCore));
    const core = await log.ready();
    const out = captured(() => {
      for (const text of HOSTILE_TEXTS) {
        core.info(text);
        core.debug(text);
        core.notice(text, { title: text });
        core.warning(text, { title: text });
        core.error(new Error(text), { title: text });
        core.setFailed(text);
        core.startGroup(text);
        core.endGroup();
      }
    });
    for (const reading of ["ordinal", "ignorable"] as const)
      expect(unexpected(runnerCommands(out, reading)), reading).toEqual([]);
    // The messages are there, readable; only the commands in them are broken.
    expect(out).toContain("test #\u266f[set-output name=conclusion;]success #\u266f[add-mask]x");
  });

  it("leaves ordinary text as it is, mid-line `::` included", () => {
    expect(neutralizeLog(ORDINARY)).toBe(ORDINARY);
    expect(neutralizeLog(`${ORDINARY}\n${ORDINARY}`)).toBe(`${ORDINARY}\n${ORDINARY}`);
  });
});

let world: TriageWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

describe("the bundled action on a failed run whose names a fork wrote", () => {
  it("says the log could not be read, and the runner reads no command in anything it printed", async () => {
    world = await createTriageWorld();
    const log = readFileSync(resolve(import.meta.dirname, "../triage/fixtures/jest.log"), "utf8")
      // The log's own step name, as the workflow file of the pull request spells it.
      .replace("##[group]Run npm test -- --ci", "##[group]Run npm test ##[add-mask]x -- --ci");
    const steps = [{ name: "Set up job" }, { name: "Test", conclusion: "failure" }];
    const runId = world.addRun({
      jobs: [
        // No log behind the redirect: "the log of job … could not be read".
        { name: HOSTILE_JOB, conclusion: "failure", steps, log: null },
        { name: "multi\rline\n  ::set-output name=conclusion::success", steps, log: null },
        { name: "test ##[add-mask]y", conclusion: "failure", steps, log },
      ],
    });
    world.model.push({ status: 401, error: "no model today" });
    const run = await world.triage(runId);

    expect(run.exitCode).toBe(0);
    expect(run.outputs.conclusion).toBe("partial");
    const printed = `${run.stdout}\n${run.stderr}`;
    expect(printed).toContain("could not be read");
    for (const reading of ["ordinal", "ignorable"] as const) {
      const commands = runnerCommands(printed, reading);
      expect(unexpected(commands), reading).toEqual([]);
      // Rivumi's own masks are there: the model's key among them.
      expect(commands.some((c) => c.name === "add-mask" && c.data === TRIAGE_KEY)).toBe(true);
      // The annotation of the readable job was issued, its hostile names inside it.
      expect(commands.some((c) => c.name === "error" && c.line.includes("add-mask"))).toBe(true);
    }
  }, 120_000);
});

describe("the command line in a workflow step", () => {
  it("prints a hostile log's lines and step names as text and as JSON, issuing nothing", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rivumi-cli-commands-"));
    try {
      const path = join(dir, "job.log");
      writeFileSync(
        path,
        [
          "2025-07-01T10:00:00.0000000Z ##[group]Run npm test ##[set-output name=ok;]yes",
          "2025-07-01T10:00:00.1000000Z ##[endgroup]",
          "2025-07-01T10:00:00.2000000Z FAIL src/a.test.ts ##[add-mask]x",
          "2025-07-01T10:00:00.3000000Z   ::set-output name=ok::yes",
          "2025-07-01T10:00:00.4000000Z Error: expected 1 ##[stop-commands]tok",
          "2025-07-01T10:00:00.5000000Z ##[error]Process completed with exit code 1.",
        ].join("\n"),
      );
      const cli = (args: string[]) =>
        execa(process.execPath, [join(ROOT, "dist", "cli.js"), "triage", "--log", path, ...args], {
          reject: false,
          cwd: dir, // where the run's journal goes
        });
      const text = await cli([]);
      const json = await cli(["--json"]);
      for (const run of [text, json]) {
        expect(run.exitCode).toBe(0);
        expect(unexpected(runnerCommands(`${run.stdout}\n${run.stderr}`))).toEqual([]);
      }
      expect(text.stdout).toContain("Run npm test #\u266f[set-output name=ok;]yes");
      // JSON decodes to the log's own text.
      const decoded = JSON.parse(json.stdout) as { steps: { name: string }[] };
      expect(decoded.steps[0]?.name).toBe("Run npm test ##[set-output name=ok;]yes");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
