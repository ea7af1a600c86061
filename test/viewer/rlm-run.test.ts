// The tree from a real RLM run: the engine with its Python REPL and a scripted model writes the
// journal, and the page shows each cell's code and output, the batch, and the nested run.
import { afterEach, describe, expect, it } from "vitest";
import { JOURNAL_SCHEMA_VERSION } from "../../src/journal/events.js";
import { readJournal } from "../../src/viewer/read.js";
import { buildPage } from "../../src/viewer/run-model.js";
import { repl, rlmWorld, type RlmWorld } from "../rlm/scripted.js";
import { tempDir, type TempDir } from "../journal/fixtures.js";

let world: RlmWorld | undefined;
let tmp: TempDir | undefined;
afterEach(async () => {
  tmp?.remove();
  const w = world;
  world = undefined;
  await w?.close();
});

const BATCH =
  'r = sub_query_batch("Summarize.", ["s1", "s2", "s3"], dependency_mode="independent", safety_note="independent")\nprint(len(r))';

describe("the RLM tree of a real run", () => {
  it("shows each cell's code and output, the batch's fan-out, and the nested run inside its turn", async () => {
    world = await rlmWorld({
      root: [
        repl(BATCH),
        repl('a = sub_rlm("Second word?", source="alpha beta gamma")\nprint(a)'),
        repl("finalize(a)"),
      ],
      nested: [repl('finalize("beta")')],
    });
    await world.run({ maxDepth: 1 });
    const cells = world.journal.events.filter((e) => e.type === "rlm.cell");
    expect(cells[0]).toMatchObject({ code: BATCH, output: "3\n", stdoutChars: 2 });

    tmp = tempDir();
    const lines = world.journal.events.map((e, seq) =>
      JSON.stringify({ v: JOURNAL_SCHEMA_VERSION, seq, ...e }),
    );
    const path = tmp.write("journal.jsonl", `${lines.join("\n")}\n`);
    const [root] = buildPage(await readJournal(path)).rlm;
    expect(root!.turns.map((t) => t.title)).toEqual(["turn 1", "turn 2", "turn 3"]);
    const [first, second] = root!.turns;
    expect(first!.texts).toEqual([
      { label: "code", text: BATCH, code: true },
      { label: "output", text: "3\n", code: true },
    ]);
    expect(first!.batches.map((b) => b.title)).toEqual(["3 × batch"]);
    expect(first!.batches[0]!.detail).toMatch(/^fan-out 3 · wall /);
    expect(second!.nested.map((n) => n.title)).toEqual(["RLM · depth 1"]);
    expect(second!.nested[0]!.turns[0]!.texts[0]!.text).toBe('finalize("beta")');
    expect(second!.batches.map((b) => b.title)).toEqual(["1 × rlm"]);
  });
});
