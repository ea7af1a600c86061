import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/rlm-command.js";
import { UsageError } from "../../src/cli/usage-error.js";
import { repl, rlmWorld, type RlmWorld } from "./scripted.js";

let world: RlmWorld | undefined;
let dir: string;
let out: string[];
let err: string[];
const saved = { ...process.env };

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-rlm-cli-"));
  out = [];
  err = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  const w = world;
  world = undefined;
  rmSync(dir, { recursive: true, force: true });
  await w?.close();
});

async function cli(root: ReturnType<typeof repl>[], args: string[] = []) {
  world = await rlmWorld({ root });
  process.env.OPENAI_BASE_URL = world.server.url;
  process.env.OPENAI_API_KEY = "sk-cli-test-key-0123456789";
  const input = join(dir, "input.log");
  writeFileSync(input, Array.from({ length: 2000 }, (_, i) => `line ${i}`).join("\n"));
  const journal = join(dir, "journal.jsonl");
  const code = await run([
    "--input",
    input,
    "--question",
    "How many lines?",
    "--journal",
    journal,
    ...args,
  ]);
  return { code, journal };
}

describe("rivumi rlm", () => {
  it("prints the result in the documented JSON shape and writes the journal", async () => {
    const { code, journal } = await cli(
      [
        repl("cov = chunk_coverage(chunk(max_chars=5000))\nprint(cov)"),
        repl('finalize(str(context_meta()["lines"]), confidence="high")'),
      ],
      [
        "--json",
        "--model",
        "big-model",
        "--child-model",
        "small-model",
        "--max-depth",
        "2",
        "--concurrency",
        "4",
      ],
    );
    expect(code).toBe(0);
    const printed = JSON.parse(out.join(""));
    expect(Object.keys(printed)).toEqual([
      "answer",
      "confidence",
      "iterations",
      "child_calls",
      "coverage",
      "usage",
      "root_max_prompt_chars",
      "journal",
    ]);
    expect(printed).toMatchObject({
      answer: "2000",
      confidence: "high",
      iterations: 2,
      child_calls: 0,
      coverage: {
        chunks: expect.any(Number),
        input_chars: expect.any(Number),
        complete: true,
        gaps: [],
      },
      usage: {
        input_tokens: expect.any(Number),
        output_tokens: expect.any(Number),
        cached_tokens: 0,
        reasoning_tokens: 0,
      },
      journal,
    });
    expect(printed.root_max_prompt_chars).toBeGreaterThan(1000);
    expect(world!.requests("root").every((q) => q.body.model === "big-model")).toBe(true);
    const events = readFileSync(journal, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l).type);
    expect(events).toEqual(
      expect.arrayContaining([
        "run.started",
        "rlm.started",
        "rlm.turn",
        "rlm.cell",
        "rlm.finished",
        "run.finished",
      ]),
    );
    expect(readFileSync(journal, "utf8")).not.toContain("sk-cli-test-key-0123456789");
    expect(err).toEqual([]);
  });

  it("shows progress on stderr only when stderr is a terminal, and exits 3 at the iteration limit", async () => {
    Object.defineProperty(process.stderr, "isTTY", { value: true, configurable: true });
    try {
      const { code } = await cli([repl("print(1)"), repl("print(2)")], ["--max-iterations", "2"]);
      expect(code).toBe(3);
    } finally {
      Object.defineProperty(process.stderr, "isTTY", { value: undefined, configurable: true });
    }
    expect(err.join("")).toMatch(
      /rlm: iteration 2\/2 · child calls 0 done, 0 pending · [\d,]+ tokens/,
    );
    expect(out.join("")).toMatch(/limit of 2 turns before finalize\(\)/);
  });

  it("passes --max-child-calls and --max-child-tokens to the budgets the host enforces", async () => {
    const { code } = await cli(
      [
        repl(
          "left = evaluate_progress()[\"budget_left\"]\nfinalize(f\"{left['child_calls']} {left['tokens']}\")",
        ),
      ],
      ["--json", "--max-child-calls", "7", "--max-child-tokens", "12345"],
    );
    expect(code).toBe(0);
    expect(JSON.parse(out.join("")).answer).toBe("7 12345");
  });

  it("rejects missing or out-of-range options as usage errors", async () => {
    await expect(run(["--question", "q"])).rejects.toThrow(UsageError);
    await expect(run(["--input", join(dir, "nope"), "--question", "q"])).rejects.toThrow(
      /not a readable file/,
    );
    writeFileSync(join(dir, "f"), "x");
    await expect(
      run(["--input", join(dir, "f"), "--question", "q", "--max-depth", "4"]),
    ).rejects.toThrow(/--max-depth 4: expected a whole number from 0 to 3/);
    await expect(
      run(["--input", join(dir, "f"), "--question", "q", "--concurrency", "0"]),
    ).rejects.toThrow(UsageError);
    await expect(
      run(["--input", join(dir, "f"), "--question", "q", "--max-child-calls", "1.5"]),
    ).rejects.toThrow(/--max-child-calls 1.5: expected a whole number from 0 to 100000/);
    await expect(
      run(["--input", join(dir, "f"), "--question", "q", "--max-tokens", "lots"]),
    ).rejects.toThrow(/--max-tokens lots: expected a whole number/);
  });
});
