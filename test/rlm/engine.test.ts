import { afterEach, describe, expect, it } from "vitest";
import { promptChars } from "../../src/rlm/model-call.js";
import { RLM_SYSTEM_PROMPT } from "../../src/rlm/prompt.js";
import { messageText } from "../support/model-server.js";
import { feedbackAfter, repl, rlmWorld, type RlmWorld, type Script } from "./scripted.js";

let world: RlmWorld | undefined;
afterEach(async () => {
  const w = world;
  world = undefined;
  await w?.close();
});

async function setup(script: Script): Promise<RlmWorld> {
  world = await rlmWorld(script);
  return world;
}

/** `n` lines of filler, about 60 chars each. */
const filler = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) => `${String(i + from).padStart(7, "0")} INFO worker heartbeat ok, queue depth 3`,
  ).join("\n");

describe("the root loop over large inputs", () => {
  it("finds a needle in a 10 MB input through search and finalizes it", async () => {
    const needle = "NEEDLE-7391: the deploy key rotated at 04:12";
    const text = `${filler(110_000)}\n${needle}\n${filler(100_000, 110_001)}\n`;
    expect(text.length).toBeGreaterThan(10_000_000);
    const w = await setup({
      root: [
        repl(
          'hits = search(r"NEEDLE-\\d+: .*")\nprint(len(hits), hits[0]["line"], hits[0]["match"])',
        ),
        repl('finalize(hits[0]["match"], confidence="high")'),
      ],
    });
    const r = await w.run({ input: { text } });
    expect(r).toMatchObject({
      answer: needle,
      confidence: "high",
      finalized: true,
      stop: "finalized",
      iterations: 2,
    });
    expect(feedbackAfter(w, 1)).toContain(`1 110001 ${needle}`);
    const opening = messageText(w.requests("root")[0]!.body.messages[1]!);
    expect(opening).toContain("chars: 10,");
    expect(opening).not.toContain("NEEDLE");
    expect(r.rootMaxPromptChars).toBeLessThan(20_000);
    const started = w.journal.events.find((e) => e.type === "rlm.started");
    expect(started).toMatchObject({ depth: 0, inputChars: text.length, isolation: r.isolation });
    if (process.getuid?.() === 0) expect(r.isolation).toMatch(/^uid 65534 \(dropped from root\)/);
  });

  it("counts over all lines in Python, without child calls", async () => {
    const lines = Array.from({ length: 50_000 }, (_, i) =>
      i % 7 === 3 ? `${i} level=ERROR boom` : `${i} level=INFO fine`,
    );
    const expected = lines.filter((l) => l.includes("level=ERROR")).length;
    const w = await setup({
      root: [
        repl(
          'n = sum(1 for line in _context.split("\\n") if "level=ERROR" in line)\nfinalize(str(n), confidence="high")',
        ),
      ],
    });
    const r = await w.run({ input: { text: lines.join("\n") } });
    expect(r.answer).toBe(String(expected));
    expect(r.childCalls).toBe(0);
    expect(w.requests("child")).toHaveLength(0);
  });

  it("maps the whole input through chunk and sub_query_batch with complete coverage", async () => {
    const text = filler(3_500);
    const w = await setup({
      root: [
        repl(
          [
            "chunks = chunk(max_chars=10000)",
            "cov = chunk_coverage(chunks)",
            "notes = []",
            "for i in range(0, len(chunks), 16):",
            '    notes += sub_query_batch("Note anything unusual.", chunks[i:i + 16], dependency_mode="independent", safety_note="read-only")',
            'print(len(chunks), len(notes), cov["complete"])',
          ].join("\n"),
        ),
        repl(
          "finalize(f\"{len(notes)} of {cov['chunks']} chunks processed; complete={cov['complete']}\")",
        ),
      ],
    });
    const r = await w.run({ input: { text } });
    const chunks = Math.ceil(text.length / 10_000);
    expect(chunks).toBeGreaterThan(16);
    expect(r.coverage).toEqual({
      chunks,
      input_chars: text.length,
      covered_chars: text.length,
      gaps: [],
      complete: true,
    });
    expect(r.answer).toBe(`${chunks} of ${chunks} chunks processed; complete=True`);
    expect(r.childCalls).toBe(chunks);
    const children = w.requests("child");
    expect(children).toHaveLength(chunks);
    expect(new Set(children.map((c) => c.body.model))).toEqual(new Set(["child-model"]));
    const ranges = children
      .map((c) =>
        /chars (\d+)-(\d+)/
          .exec(messageText(c.body.messages.at(-1)!))!
          .slice(1)
          .map(Number),
      )
      .sort((a, b) => a[0]! - b[0]!);
    let covered = 0;
    for (const [start, end] of ranges) {
      expect(start).toBe(covered);
      covered = end!;
    }
    expect(covered).toBe(text.length);
  });
});

describe("child-call helpers", () => {
  it('refuses batches without dependency_mode="independent", before any call', async () => {
    const w = await setup({
      root: [
        repl(
          [
            "for call in (",
            '    lambda: sub_query_batch("x", ["a", "b"]),',
            '    lambda: sub_query_batch("x", ["a"], dependency_mode="sequential"),',
            '    lambda: sub_query_map(["x", "y"]),',
            "):",
            "    try:",
            "        call()",
            '        print("ran")',
            "    except ValueError as e:",
            '        print("refused:", str(e)[:60])',
          ].join("\n"),
        ),
        repl('finalize("done")'),
      ],
    });
    await w.run({});
    const fed = feedbackAfter(w, 1);
    expect(
      fed.match(/refused: sub_query_(batch|map) runs its calls in parallel, so it needs dep/g),
    ).toHaveLength(3);
    expect(fed).not.toContain("ran");
    expect(w.requests("child")).toHaveLength(0);
  });

  it("carries state through sub_query_sequence, one step after another", async () => {
    const w = await setup({
      root: [
        repl(
          'steps = sub_query_sequence("Advance the counter.", ["a", "b", "c"])\nfinalize(" ".join(steps))',
        ),
      ],
      child: (text) => {
        const prev = /Result of the previous step:\nstate=(\d+)/.exec(text);
        return { content: `state=${prev ? Number(prev[1]) + 1 : 1}` };
      },
    });
    const r = await w.run({});
    expect(r.answer).toBe("state=1 state=2 state=3");
    const texts = w.requests("child").map((c) => messageText(c.body.messages.at(-1)!));
    expect(texts[1]).toContain("state=1");
    expect(texts[2]).toContain("state=2");
  });

  it("turns a failed child call into an error string in its place, not a failed batch", async () => {
    const w = await setup({
      root: [
        repl(
          'r = sub_query_batch("Summarize.", ["slice-1", "slice-2", "slice-3", "slice-4"], dependency_mode="independent", safety_note="independent")',
        ),
        repl('finalize(" | ".join(x[:40] for x in r))'),
      ],
      child: (text) =>
        text.includes("slice-3")
          ? { status: 500, error: "upstream exploded" }
          : { content: `fine ${/slice-\d/.exec(text)![0]}` },
    });
    const r = await w.run({});
    const parts = r.answer.split(" | ");
    expect(parts).toHaveLength(4);
    expect(parts[0]).toBe("fine slice-1");
    expect(parts[2]).toMatch(/^\[child call failed: 500 /);
    expect(parts[3]).toBe("fine slice-4");
    const failed = w.journal.events.filter((e) => e.type === "rlm.child_call" && !e.ok);
    expect(failed).toHaveLength(1);
  });

  it("runs sub_rlm as a nested RLM up to max-depth and as a plain call beyond it", async () => {
    const w = await setup({
      root: [
        repl('a = sub_rlm("What is the second word?", source="alpha beta gamma")\nprint(a)'),
        repl("finalize(a)"),
      ],
      nested: [
        repl('b = sub_rlm("Check this.", source=_context.split()[1])\nprint(b)'),
        repl('finalize("nested says " + b)'),
      ],
      child: (text) => ({ content: `plain child saw ${text.slice(-12).trim()}` }),
    });
    const r = await w.run({ maxDepth: 1 });
    expect(r.answer).toBe("nested says plain child saw <<<\nbeta\n>>>");
    const started = w.journal.events.filter((e) => e.type === "rlm.started").map((e) => e.depth);
    expect(started).toEqual([0, 1]);
    const kinds = w.journal.events.flatMap((e) =>
      e.type === "rlm.child_call" ? [`${e.depth}:${e.kind}`] : [],
    );
    expect(kinds).toEqual(["1:rlm-as-query", "0:rlm"]);
    expect(new Set(w.requests("nested").map((q) => q.body.model))).toEqual(
      new Set(["child-model"]),
    );
  });

  it("makes sub_rlm a plain child call at max-depth 0", async () => {
    const w = await setup({
      root: [repl('finalize(sub_rlm("Summarize.", source="tiny"))')],
      child: () => ({ content: "plain" }),
    });
    const r = await w.run({ maxDepth: 0 });
    expect(r.answer).toBe("plain");
    expect(w.requests("nested")).toHaveLength(0);
  });
});

describe("the contract", () => {
  it("restates the contract after no block, two blocks or prose, and runs none of them", async () => {
    const two = "```repl\nrepl_set('ran', 1)\n```\nand\n```repl\nrepl_set('ran', 2)\n```";
    const w = await setup({
      root: [
        { content: "I will start by searching the input for errors." },
        { content: two },
        { content: "Here is an idea:\n```python\nrepl_set('ran', 3)\n```" },
      ],
    });
    const r = await w.run({});
    expect(r).toMatchObject({ finalized: false, stop: "contract", iterations: 3 });
    expect(r.answer).toMatch(/failed: three replies in a row/);
    expect(feedbackAfter(w, 1)).toMatch(/had no ```repl block, so nothing ran.*1 of 3/s);
    expect(feedbackAfter(w, 2)).toMatch(/had 2 ```repl blocks, so nothing ran.*2 of 3/s);
    expect(w.journal.events.filter((e) => e.type === "rlm.cell")).toHaveLength(0);
  });

  it("forgives a violation once a reply keeps the contract again", async () => {
    const w = await setup({
      root: [
        { content: "prose" },
        { content: "more prose" },
        repl("x = 1"),
        { content: "prose again" },
        repl("finalize(str(repl_get('ran')))"),
      ],
    });
    const r = await w.run({});
    expect(r).toMatchObject({ answer: "None", finalized: true, iterations: 5 });
  });

  it("never runs code from a reply cut off at the token limit", async () => {
    const w = await setup({
      root: [
        repl("finalize('from the cut reply')", { finishReason: "length" }),
        repl("finalize(str(evaluate_progress()['has_final_answer']))"),
      ],
    });
    const r = await w.run({});
    expect(r.answer).toBe("False");
    expect(feedbackAfter(w, 1)).toMatch(
      /cut off at the output token limit, so none of its code ran/,
    );
  });

  it("ends at the iteration limit with what is known, and says so", async () => {
    const w = await setup({
      root: [repl("print('step one')"), repl("print('step two')"), repl("print('step three')")],
    });
    const r = await w.run({ maxIterations: 3 });
    expect(r).toMatchObject({
      finalized: false,
      stop: "iteration-limit",
      iterations: 3,
      confidence: null,
    });
    expect(r.answer).toMatch(/limit of 3 turns before finalize\(\).*step three/s);
    expect(feedbackAfter(w, 2)).toMatch(/This is your last turn \(3 of 3\)/);
  });

  it("stops a running cell at once when the run is cancelled", async () => {
    const w = await setup({ root: [repl("while True:\n    pass")] });
    const controller = new AbortController();
    // Cancel once the loop is inside the cell (its root reply served, then a moment), however
    // long a busy machine takes to start the REPL.
    let cancelledAt = Infinity;
    const watch = setInterval(() => {
      if (w.requests("root").length === 0) return;
      clearInterval(watch);
      setTimeout(() => {
        cancelledAt = Date.now();
        controller.abort();
      }, 300);
    }, 20);
    const r = await w.run({ signal: controller.signal, cellTimeoutMs: 60_000 });
    clearInterval(watch);
    expect(r).toMatchObject({ stop: "cancelled", finalized: false });
    expect(Date.now() - cancelledAt).toBeLessThan(5_000);
  });

  it("goes on in a fresh process after a cell that loops forever", async () => {
    const w = await setup({
      root: [
        repl("kept = 1"),
        repl("while True:\n    pass"),
        repl("print('kept' in globals())"),
        repl("finalize('recovered')"),
      ],
    });
    const r = await w.run({ cellTimeoutMs: 800 });
    expect(r.answer).toBe("recovered");
    expect(feedbackAfter(w, 2)).toMatch(/ran past its 0.8 s time limit.*fresh REPL process.*gone/s);
    expect(feedbackAfter(w, 3)).toContain("False");
    expect(w.journal.events.find((e) => e.type === "rlm.cell" && e.lost)).toBeDefined();
  });
});

describe("the root history", () => {
  it("sees a clipped preview of what cells print and only the recent turns whole", async () => {
    const text = filler(40_000);
    const peeks = Array.from({ length: 9 }, (_, i) =>
      repl(`print(peek(${i * 1000}, ${i * 1000} + 10**9))`),
    );
    const w = await setup({ root: [repl("print(_context)"), ...peeks, repl("finalize('ok')")] });
    const r = await w.run({ input: { text } });
    const first = feedbackAfter(w, 1);
    expect(first).toMatch(/stdout \(1,9\d\d,\d{3} chars, first 4,000 shown\)/);
    expect(first.length).toBeLessThan(4_400);
    expect(feedbackAfter(w, 2)).toMatch(/stdout \(20,001 chars, first 4,000 shown\)/);
    const roots = w.requests("root");
    expect(roots).toHaveLength(11);
    const last = roots.at(-1)!.body.messages;
    expect(last).toHaveLength(2 + 2 * 6);
    expect(messageText(last.at(-1)!)).toMatch(/4 earlier turn\(s\) were trimmed/);
    const sizes = roots.map((q) => promptChars(q.body.messages as never));
    expect(Math.max(...sizes)).toBe(r.rootMaxPromptChars);
    expect(r.rootMaxPromptChars).toBeLessThan(RLM_SYSTEM_PROMPT.length + 3_000 + 6 * 4_700);
  });
});
