// Class: a REPL that cannot be confined (no Landlock, or a seccomp filter that cannot be set)
// never runs model-written code, and never silently (issue 21). Each caller falls back in its own
// way: the review's summary is written by Rivumi, the triage is posted without a digest as
// `partial`, `rivumi rlm` exits 1 with one line naming `--rlm-sandbox none`. The kernel here has
// Landlock, so the failure is simulated by the test-only seam, which the driver honours before it
// would have applied its confinement.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run as rlmCli } from "../../src/cli/rlm-command.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { parseSettings } from "../../src/config/settings.js";
import { run as runAction } from "../../src/main.js";
import { confinementTestSeam, RlmUnconfinedError } from "../../src/rlm/confinement.js";
import { ReplHost } from "../../src/rlm/host.js";
import { RLM_SYSTEM_PROMPT } from "../../src/rlm/prompt.js";
import { driverPath } from "../../src/rlm/sandbox.js";
import { makeWorld, scriptedModel } from "../action/main-wiring.js";
import { messageText } from "../support/model-server.js";
import { pullRequestPayload } from "../support/payloads.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";
import { repl, rlmWorld, type RlmWorld } from "../rlm/scripted.js";
import { triageWithModel } from "./triage-world.js";

let review: ReviewWorld | undefined;
let world: RlmWorld | undefined;
afterEach(async () => {
  confinementTestSeam.simulate = undefined;
  vi.restoreAllMocks();
  await review?.close();
  await world?.close();
  review = world = undefined;
});

const NO_LANDLOCK =
  /could not be confined: Landlock is not available \(simulated by a test\); it ran no/;

describe("the REPL host", () => {
  it("refuses a REPL that could not confine itself, for either part of the confinement", async () => {
    const opts = {
      input: { text: "x\n" },
      onChild: () => Promise.resolve({ ok: false as const, error: "none" }),
      status: () => ({ child_calls: 0, budget_left: { child_calls: 0, tokens: 0 } }),
    };
    confinementTestSeam.simulate = "landlock";
    await expect(ReplHost.start(opts)).rejects.toThrow(NO_LANDLOCK);
    confinementTestSeam.simulate = "seccomp";
    const refused = await ReplHost.start(opts).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RlmUnconfinedError);
    expect((refused as Error).message).toMatch(/the seccomp filter could not be set/);
    // Opting out is the one way to run without it.
    const host = await ReplHost.start({ ...opts, sandbox: "none" });
    try {
      expect(host.confinement).toMatchObject({ sandbox: "none", applied: false });
      expect((await host.exec("print(6 * 7)")).stdout).toBe("42\n");
    } finally {
      await host.close();
    }
  });

  it("has a driver that itself runs no cell when unconfined, whatever the host sends", async () => {
    const dir = mkdtempSync(join(tmpdir(), "rivumi-unconfined-"));
    try {
      const input = join(dir, "input.txt");
      writeFileSync(input, "x\n");
      for (const f of ["driver.py", "confine.py"])
        writeFileSync(join(dir, f), readFileSync(driverPath(f as "driver.py")));
      const config = { input, proto: [0, 1], work: dir, simulate_unconfined: "landlock" };
      const python = spawn(
        "python3",
        ["-I", "-u", join(dir, "driver.py"), JSON.stringify(config)],
        {
          cwd: dir,
        },
      );
      const lines: string[] = [];
      python.stdout.on("data", (d: Buffer) => lines.push(...d.toString().split("\n")));
      python.stdin.write(`${JSON.stringify({ op: "exec", id: 1, code: "open('ran', 'w')" })}\n`);
      python.stdin.end();
      await new Promise((done) => python.once("exit", done));
      const [ready, done] = lines.filter(Boolean).map((l) => JSON.parse(l));
      expect(ready.confinement).toMatchObject({ applied: false, reason: expect.any(String) });
      expect(done).toMatchObject({ op: "done", id: 1, error: expect.stringMatching(/^not run/) });
      expect(existsSync(join(dir, "ran"))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a large review whose REPL cannot be confined", () => {
  it("writes the summary on the host, says why, and never asks the root model", async () => {
    confinementTestSeam.simulate = "landlock";
    review = await reviewWorld({
      baseFiles: { "src/a.ts": codeLines("a", 5), "src/b.ts": codeLines("b", 5) },
      headFiles: { "src/a.ts": codeLines("alpha", 500), "src/b.ts": codeLines("beta", 500) },
      inputs: { "rlm-threshold-bytes": "10000" },
    });
    const outcome = await review.run();
    expect(outcome.result.coverage).toMatchObject({ complete: true });
    expect(outcome.result.review?.summary).toMatch(/^The child reviewers found no problems/);
    expect(outcome.note).toMatch(/summary was written by Rivumi itself: the RLM REPL could not/);
    expect(outcome.note).toMatch(NO_LANDLOCK);
    const roots = review.model.requests.filter(
      (r) => messageText(r.body.messages[0]!) === RLM_SYSTEM_PROMPT,
    );
    expect(roots).toHaveLength(0);
    expect(review.journal.events).toContainEqual(
      expect.objectContaining({ type: "rlm.unconfined", depth: 0 }),
    );
    expect(review.journal.events.some((e) => e.type === "rlm.started")).toBe(false);
  });
});

describe("a triage whose REPL cannot be confined", () => {
  it("is posted without a digest, partial, saying why; the model is never asked", async () => {
    confinementTestSeam.simulate = "landlock";
    const t = await triageWithModel();
    try {
      expect(t.outcome.conclusion).toBe("partial");
      expect(t.outcome.result.report.digest).toBeUndefined();
      expect(t.outcome.note).toMatch(/^no digest: the RLM REPL could not be confined/);
      expect(t.outcome.result.report.digestNote).toMatch(NO_LANDLOCK);
      expect(t.asked).toEqual([]);
      expect(t.comment).toContain("> [!WARNING]");
      expect(t.comment).toMatch(/could not be confined/);
      expect(t.comment).toContain("Expected: 90");
    } finally {
      await t.close();
    }
  });
});

describe("rivumi rlm", () => {
  let dir: string;
  let err: string[];
  let out: string[];
  const saved = { ...process.env };
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "rivumi-rlm-unconfined-"));
    err = [];
    out = [];
    vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
    vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  });
  afterEach(() => {
    process.env = { ...saved };
    rmSync(dir, { recursive: true, force: true });
  });

  async function cli(root: ReturnType<typeof repl>[], extra: string[] = []) {
    world = await rlmWorld({ root });
    process.env.OPENAI_BASE_URL = world.server.url;
    process.env.OPENAI_API_KEY = "sk-unconfined-test-0123456789";
    const input = join(dir, "input.log");
    writeFileSync(input, "line 1\nline 2\n");
    const args = ["--input", input, "--question", "How many lines?"];
    return rlmCli([...args, "--journal", join(dir, "journal.jsonl"), "--json", ...extra]);
  }

  it("exits 1 with one line naming --rlm-sandbox none, having run nothing", async () => {
    confinementTestSeam.simulate = "landlock";
    expect(await cli([])).toBe(1);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(NO_LANDLOCK);
    expect(err[0]).toMatch(/^rivumi: .*--rlm-sandbox none.*\n$/);
    expect(world!.server.requests).toHaveLength(0);
    const journal = readFileSync(join(dir, "journal.jsonl"), "utf8");
    expect(journal).toContain('"type":"rlm.unconfined"');
  });

  it("runs unconfined with --rlm-sandbox none, after a warning", async () => {
    confinementTestSeam.simulate = "landlock";
    expect(
      await cli([repl('finalize(str(context_meta()["lines"]))')], ["--rlm-sandbox", "none"]),
    ).toBe(0);
    expect(err.join("")).toMatch(/^rivumi: warning: --rlm-sandbox none: the RLM REPL runs/);
    expect(JSON.parse(out.join(""))).toMatchObject({ answer: "2" });
  });

  it("refuses any other value, naming the flag", async () => {
    const refused = await cli([], ["--rlm-sandbox", "off"]).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(UsageError);
    expect((refused as Error).message).toMatch(
      /--rlm-sandbox \(got "off"\): expected landlock or none/,
    );
  });
});

describe("the rlm-sandbox input", () => {
  it("warns in the action's log when the workflow opts out, and only then", async () => {
    const payload = pullRequestPayload({
      owner: "acme",
      repo: "widgets",
      number: 4,
      headSha: "a".repeat(40),
      baseSha: "c".repeat(40),
    });
    const warnings: string[][] = [];
    for (const inputs of [{ "rlm-sandbox": "none" }, {}] as Record<string, string>[]) {
      const action = makeWorld({
        event: "pull_request",
        payload,
        inputs,
        model: scriptedModel([]),
      });
      await runAction(action.env, action.wiring);
      warnings.push(action.core.warning.filter((w) => w.includes("rlm-sandbox")));
    }
    expect(warnings[0]).toEqual([
      "rlm-sandbox: none: the RLM REPL runs model-written code without Landlock or seccomp confinement.",
    ]);
    expect(warnings[1]).toEqual([]);
  });

  const parse = (value: string) =>
    parseSettings((n) => ({ "github-token": "t", model: "m", "rlm-sandbox": value })[n] ?? "");
  it("defaults to landlock, takes none, and refuses anything else", () => {
    expect(parse("").rlmSandbox).toBe("landlock");
    expect(parse(" None ").rlmSandbox).toBe("none");
    expect(() => parse("off")).toThrow(
      /input 'rlm-sandbox' \(got "off"\): expected landlock or none/,
    );
  });
});
