// The lifecycle every command that keeps a run shares (cli/local-run.ts), in process: the order of
// the journal's last events, the files kept, what is printed (redacted), and the exit status.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CliExit, EXIT } from "../../src/cli/exit.js";
import { runLocal, type LocalPublication } from "../../src/cli/local-run.js";
import { noUsage } from "../../src/model/usage.js";
import { RlmUnconfinedError } from "../../src/rlm/confinement.js";

const KEY = "sk-local-run-test-0123456789";
let dir: string;
let out: string[];
let err: string[];
const saved = process.env.OPENAI_API_KEY;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "rivumi-local-run-"));
  out = [];
  err = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
  process.env.OPENAI_API_KEY = KEY;
});
afterEach(() => {
  vi.restoreAllMocks();
  if (saved === undefined) delete process.env.OPENAI_API_KEY;
  else process.env.OPENAI_API_KEY = saved;
  rmSync(dir, { recursive: true, force: true });
});

/** The run's folder under `dir` (there is one per run) and its journal's events. */
function runFolder() {
  const [id] = readdirSync(dir).filter((name) => name !== ".gitignore");
  const folder = join(dir, id!);
  const events = readFileSync(join(folder, "journal.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { folder, events };
}

function publication(over: Partial<LocalPublication> = {}): LocalPublication {
  return {
    finished: { conclusion: "success", stop: "none", turns: 2, usage: noUsage(), ms: 5 },
    result: { answer: `the key is ${KEY}` },
    end: undefined,
    print: (files) => ({ text: `answer: ${KEY}\npage: ${files?.page}` }),
    ...over,
  };
}

describe("runLocal", () => {
  it("journals run.finished after the work, keeps result.json and the page, prints redacted", async () => {
    const status = { show: vi.fn(), done: vi.fn() };
    const code = await runLocal({
      phase: "test",
      start: { runsDir: dir },
      status,
      work: (run) => {
        run.journal.emit({ type: "plan.decided", action: "test", trusted: true, reason: "a test" });
        return Promise.resolve(41);
      },
      publish: (value) => publication({ result: { value: value + 1, key: KEY } }),
    });
    expect(code).toBe(EXIT.ok);
    expect(status.done).toHaveBeenCalledOnce();
    const { folder, events } = runFolder();
    expect(events.map((e) => e.type)).toEqual(["run.started", "plan.decided", "run.finished"]);
    expect(events[2]).toMatchObject({ conclusion: "success", stop: "none", turns: 2, ms: 5 });
    expect(JSON.parse(readFileSync(join(folder, "result.json"), "utf8"))).toEqual({
      value: 42,
      key: "***",
    });
    expect(readFileSync(join(folder, "journal.html"), "utf8")).toContain("<html");
    expect(out).toEqual([`answer: ***\npage: ${join(folder, "journal.html")}\n`]);
    expect(err).toEqual([]);
  });

  it("prints JSON as given, keeps no files without a result, and ends with the publisher's end", async () => {
    const code = await runLocal({
      phase: "test",
      start: { runsDir: dir },
      work: () => Promise.resolve(undefined),
      publish: () =>
        publication({
          result: undefined,
          end: new CliExit(`stopped at ${KEY}`, EXIT.limit),
          print: (files) => ({ json: JSON.stringify({ files: files ?? null, key: KEY }) }),
        }),
    });
    expect(code).toBe(EXIT.limit);
    const { folder } = runFolder();
    expect(existsSync(join(folder, "result.json"))).toBe(false);
    expect(existsSync(join(folder, "journal.html"))).toBe(false);
    expect(out).toEqual([`{"files":null,"key":"***"}\n`]);
    expect(err).toEqual(["rivumi: stopped at ***\n"]);
  });

  it("journals run.failed for an error the work throws, and throws it on to main", async () => {
    const status = { show: vi.fn(), done: vi.fn() };
    const publish = vi.fn(() => publication());
    const failing = runLocal({
      phase: "test",
      start: { runsDir: dir },
      status,
      work: () => Promise.reject(new Error("the disk is full")),
      publish,
    });
    await expect(failing).rejects.toThrow("the disk is full");
    expect(status.done).toHaveBeenCalledOnce();
    expect(publish).not.toHaveBeenCalled();
    const { folder, events } = runFolder();
    expect(events.map((e) => e.type)).toEqual(["run.started", "run.failed"]);
    expect(events[1]).toMatchObject({ phase: "test", error: "the disk is full" });
    expect(readdirSync(folder)).toEqual(["journal.jsonl"]);
    expect(out).toEqual([]);
  });

  it("ends a REPL that could not confine itself with one line naming --rlm-sandbox none", async () => {
    const code = await runLocal({
      phase: "rlm",
      start: { runsDir: dir },
      work: () => Promise.reject(new RlmUnconfinedError("no Landlock")),
      publish: () => publication(),
    });
    expect(code).toBe(EXIT.failed);
    expect(err).toHaveLength(1);
    expect(err[0]).toMatch(
      /^rivumi: the RLM REPL could not be confined: no Landlock.*--rlm-sandbox none/,
    );
    expect(runFolder().events.map((e) => e.type)).toEqual(["run.started", "run.failed"]);
  });
});
