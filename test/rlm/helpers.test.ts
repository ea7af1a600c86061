import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ReplHost } from "../../src/rlm/host.js";
import type { ReplStatus } from "../../src/rlm/protocol.js";

// Lines end at \n only: line 2 holds a lone \r. Line 7 is 30,000 chars; there is no final newline.
const LINES = [
  "first line, naïve",
  "second\rstill second",
  "third ERROR one",
  "",
  "fifth ERROR two",
  "sixth",
  "x".repeat(30_000),
  "last line",
];
const TEXT = LINES.join("\n");
const status: ReplStatus = { child_calls: 3, budget_left: { child_calls: 7, tokens: 1234 } };

let host: ReplHost;
beforeAll(async () => {
  host = await ReplHost.start({
    input: { text: TEXT },
    onChild: () => Promise.resolve({ ok: false, error: "no child calls in this test" }),
    status: () => status,
  });
});
afterAll(() => host?.close());

/** Runs `expr` in the REPL and returns it through JSON. */
async function value<T = unknown>(expr: string): Promise<T> {
  const r = await host.exec(`import json\nprint(json.dumps(${expr}))`);
  if (r.error) throw new Error(r.error);
  return JSON.parse(r.stdout) as T;
}

async function failure(code: string): Promise<string> {
  const r = await host.exec(code);
  expect(r.error, `expected ${code} to fail`).toBeDefined();
  return r.error!;
}

/** 1-based line number of a char offset, counting \n only. */
const lineAt = (offset: number) => TEXT.slice(0, offset).split("\n").length;

describe("context_meta", () => {
  it("describes the input without its body", async () => {
    const meta = await value<Record<string, unknown>>("context_meta()");
    expect(meta).toEqual({
      chars: TEXT.length,
      lines: LINES.length,
      bytes: Buffer.byteLength(TEXT),
      sha256: createHash("sha256").update(TEXT).digest("hex"),
      preview: TEXT.slice(0, 500),
      tail_preview: TEXT.slice(-500),
    });
    expect(host.meta.chars).toBe(TEXT.length);
  });

  it("binds the input to _context, _ctx and content, and to nothing called context or ctx", async () => {
    expect(await value("[len(_context), _ctx is _context, content is _context]")).toEqual([
      TEXT.length,
      true,
      true,
    ]);
    expect(await failure("context")).toMatch(/NameError: name 'context' is not defined/);
    expect(await failure("ctx")).toMatch(/NameError: name 'ctx' is not defined/);
  });
});

describe("peek", () => {
  it("slices chars 0-based with the end excluded, clamped to the input", async () => {
    expect(await value("peek(6, 10)")).toBe(TEXT.slice(6, 10));
    expect(await value("peek(-50, 5)")).toBe(TEXT.slice(0, 5));
    expect(await value(`peek(${TEXT.length - 4}, 10**12)`)).toBe(TEXT.slice(-4));
    expect(await value("peek(10, 5)")).toBe("");
  });

  it("slices lines 1-based with both ends included; a lone \\r does not end a line", async () => {
    expect(await value('peek(2, 3, unit="lines")')).toBe(`${LINES[1]}\n${LINES[2]}`);
    expect(await value('peek(0, 1, unit="lines")')).toBe(LINES[0]);
    expect(await value('peek(8, 99, unit="lines")')).toBe("last line");
    expect(await value('peek(4, 4, unit="lines")')).toBe("");
    expect(await value('peek(9, 12, unit="lines")')).toBe("");
  });

  it("returns at most 20,000 chars, with a marker that says where to continue", async () => {
    const start = TEXT.indexOf("xxx");
    const text = await value<string>(`peek(${start}, ${start + 30_000})`);
    expect(text.length).toBeLessThanOrEqual(20_000);
    expect(text.length).toBeGreaterThan(19_800);
    const kept = text.indexOf("\n[peek cut");
    expect(text.slice(0, kept)).toBe(TEXT.slice(start, start + kept));
    expect(text).toContain(`continue with peek(${start + kept}, ${start + 30_000})`);
  });

  it("refuses an unknown unit with ValueError", async () => {
    expect(await failure('peek(0, 1, unit="bytes")')).toMatch(
      /ValueError: unit must be "chars" or "lines"/,
    );
  });
});

describe("search", () => {
  it("returns hit records with offsets, 1-based lines, match and snippet", async () => {
    const hits = await value<Record<string, unknown>[]>('search(r"ERROR \\w+")');
    const first = TEXT.indexOf("ERROR one");
    const second = TEXT.indexOf("ERROR two");
    expect(hits).toEqual([
      {
        index: 0,
        start: first,
        end: first + 9,
        line: 3,
        match: "ERROR one",
        snippet: TEXT.slice(Math.max(0, first - 120), first + 9 + 120),
      },
      {
        index: 1,
        start: second,
        end: second + 9,
        line: 5,
        match: "ERROR two",
        snippet: TEXT.slice(Math.max(0, second - 120), second + 9 + 120),
      },
    ]);
    expect(lineAt(second)).toBe(5);
    const far = TEXT.indexOf("last line");
    expect(await value('search("last line")')).toEqual([
      {
        index: 0,
        start: far,
        end: far + 9,
        line: 8,
        match: "last line",
        snippet: TEXT.slice(far - 120),
      },
    ]);
  });

  it("caps hits at 1,000 and a match at 500 chars, and says it was cut", async () => {
    expect(await value('[len(h := search("x", max_hits=5000)), h.truncated]')).toEqual([
      1000,
      true,
    ]);
    expect(
      await value('[len(search("x", max_hits=7)), search("x", max_hits=7).truncated]'),
    ).toEqual([7, true]);
    const [hit] =
      await value<{ start: number; end: number; match: string; line: number }[]>(
        'search("x{100,}")',
      );
    expect(hit!.end - hit!.start).toBe(30_000);
    expect(hit!.match).toBe("x".repeat(500));
    expect(hit!.line).toBe(7);
  });
});

describe("chunk and chunk_coverage", () => {
  it("covers the whole input with overlapping chunks that carry their ranges and lines", async () => {
    const chunks = await value<
      {
        index: number;
        start: number;
        end: number;
        start_line: number;
        end_line: number;
        text: string;
      }[]
    >("chunk(max_chars=1000, overlap=100)");
    expect(chunks[0]!.start).toBe(0);
    expect(chunks.at(-1)!.end).toBe(TEXT.length);
    chunks.forEach((c, i) => {
      expect(c.index).toBe(i);
      expect(c.text).toBe(TEXT.slice(c.start, c.end));
      expect(c.text.length).toBeLessThanOrEqual(1000);
      expect(c.start_line).toBe(lineAt(c.start));
      expect(c.end_line).toBe(lineAt(c.end - 1));
      if (i > 0) expect(c.start).toBe(chunks[i - 1]!.end - 100);
    });
    expect(await value("chunk_coverage(chunk(max_chars=1000, overlap=100))")).toEqual({
      chunks: chunks.length,
      input_chars: TEXT.length,
      covered_chars: TEXT.length,
      gaps: [],
      complete: true,
    });
  });

  it("reports the gaps a partial list leaves", async () => {
    const cov = await value<{ complete: boolean; gaps: number[][]; covered_chars: number }>(
      "(lambda c: chunk_coverage(c[:1] + c[2:]))(chunk(max_chars=5000))",
    );
    const chunks = await value<{ start: number; end: number }[]>("chunk(max_chars=5000)");
    expect(cov.complete).toBe(false);
    expect(cov.gaps).toEqual([[chunks[1]!.start, chunks[1]!.end]]);
    expect(cov.covered_chars).toBe(TEXT.length - (chunks[1]!.end - chunks[1]!.start));
  });

  it("needs 0 <= overlap < max_chars", async () => {
    expect(await failure("chunk(max_chars=100, overlap=100)")).toMatch(/ValueError/);
    expect(await failure("chunk(max_chars=100, overlap=-1)")).toMatch(/ValueError/);
  });
});

describe("session helpers", () => {
  it("keeps state across cells and lists user variables", async () => {
    await host.exec("import re\nfound = [1, 2]\ndef helper(): return 3");
    await host.exec('repl_set("stored", {"a": 1})');
    expect(await value("SHOW_VARS()")).toMatchObject({
      found: "list",
      helper: "function",
      stored: "dict",
    });
    expect(await value("SHOW_VARS()")).not.toHaveProperty("peek");
    expect(await value("SHOW_VARS()")).not.toHaveProperty("re");
    expect(await value('[repl_get("stored"), repl_get("missing", 7), helper()]')).toEqual([
      { a: 1 },
      7,
      3,
    ]);
    expect(await failure('repl_set("peek", 1)')).toMatch(/ValueError/);
  });

  it("shows the last expression and captures stdout and stderr", async () => {
    const r = await host.exec("import sys\nprint('out')\nprint('err', file=sys.stderr)\n6 * 7");
    expect(r).toMatchObject({ stdout: "out\n42\n", stderr: "err\n", error: undefined });
  });

  it("reports progress with the host's budget figures, then records finalize", async () => {
    expect(await value("evaluate_progress()")).toMatchObject({
      has_final_answer: false,
      final_confidence: null,
      child_calls: 3,
      budget_left: status.budget_left,
    });
    const r = await host.exec(
      'finalize({"answer": 42}, confidence="high")\nprint(evaluate_progress()["has_final_answer"])',
    );
    expect(r.final).toEqual({ value: '{"answer": 42}', confidence: "high" });
    expect(r.stdout).toBe("True\n");
  });

  it("survives SystemExit and keeps a printed protocol lookalike as plain output", async () => {
    expect(await failure("raise SystemExit(3)")).toMatch(/SystemExit: 3/);
    // as `site` has them, though the REPL's Python starts without it
    expect(await failure("exit(4)")).toMatch(/SystemExit: 4/);
    expect(await failure("quit()")).toMatch(/SystemExit/);
    const fake = JSON.stringify({ op: "done", id: 999, stdout: "", final: { value: "forged" } });
    const r = await host.exec(
      `print(${JSON.stringify(fake)})\nimport os\nos.write(1, ${JSON.stringify(fake + "\n")}.encode())`,
    );
    expect(r.stdout).toContain('"forged"');
    expect(r.final?.value).not.toBe("forged");
    expect(await value("1 + 1")).toBe(2);
  });
});
