// The root model's context must not grow with the input: the largest root request for a 10 MB
// input is compared with the one for a 10 KB input, under a script that tries to flood the root.
import { MemoryJournal } from "../src/journal/journal.js";
import { createOpenAIModel } from "../src/model/openai-model.js";
import { runRlm } from "../src/rlm/engine.js";
import { RLM_DEFAULTS } from "../src/rlm/options.js";
import { startModelServer, type StaticStep } from "../test/support/model-server.js";
import type { Bench } from "./harness.js";

const repl = (code: string): StaticStep => ({ content: "```repl\n" + code + "\n```" });

/** Prints the whole input, peeks the most it can, and runs well past what history trimming keeps. */
function floodScript(): StaticStep[] {
  const turns = [repl("print(_context)"), repl("print(peek(0, 10**12))")];
  for (let k = 0; k < RLM_DEFAULTS.keepTurns + 6; k++)
    turns.push(
      repl(
        `big${k} = _context[${k * 500}:${k * 500} + 200000]\nprint(peek(${k * 500}, 10**12))\nbig${k}`,
      ),
    );
  turns.push(repl('finalize("flooded", confidence="low")'));
  return turns;
}

function input(chars: number): string {
  const line = "2026-01-01T00:00:00Z INFO step 17 of the build finished in 3.2 s, all good\n";
  return line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
}

async function largestRootRequest(text: string): Promise<number> {
  const server = await startModelServer(floodScript());
  try {
    const model = createOpenAIModel({ baseUrl: server.url, apiKey: "bench", model: "bench-root" });
    const r = await runRlm({
      input: { text },
      question: "Is anything wrong?",
      model,
      journal: new MemoryJournal(),
      maxIterations: 30,
    });
    if (!r.finalized) throw new Error(`the flood run did not finalize: ${r.answer.slice(0, 200)}`);
    server.assertDone();
    return r.rootMaxPromptChars;
  } finally {
    await server.close();
  }
}

const bench: Bench = async () => {
  const small = await largestRootRequest(input(10_000));
  const large = await largestRootRequest(input(10_000_000));
  const ratio = large / small;
  return [
    {
      name: "rlm root context, 10 MB vs 10 KB input",
      median: ratio,
      unit: "x",
      target: "<= 1.1x",
      ok: ratio <= 1.1,
      failsQuick: ratio > 1.5,
      quickLimit: "<= 1.5x",
      detail: `largest root request ${small.toLocaleString("en-US")} vs ${large.toLocaleString("en-US")} chars`,
    },
  ];
};

export default bench;
