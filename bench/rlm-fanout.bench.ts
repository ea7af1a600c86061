// Fan-out: 16 slices through sub_query_batch at concurrency 8 against a model that answers in
// 200 ms should take two waves, 400 ms. The cell's own time is measured. The child model runs in a
// process of its own, as a real endpoint would, so that its CPU time is not charged to the engine;
// the root turns come from the loopback scripted model.
import { spawn } from "node:child_process";
import { MemoryJournal } from "../src/journal/journal.js";
import { createOpenAIModel } from "../src/model/openai-model.js";
import { runRlm } from "../src/rlm/engine.js";
import { startModelServer, type StaticStep } from "../test/support/model-server.js";
import { median, type Bench } from "./harness.js";

const LATENCY = 200;
const IDEAL = 2 * LATENCY;

const CHILD_SERVER = `
const http = require("node:http");
const body = JSON.stringify({ id: "chatcmpl-bench", object: "chat.completion", created: 0, model: "bench-child",
  choices: [{ index: 0, message: { role: "assistant", content: "ok", refusal: null }, finish_reason: "stop", logprobs: null }],
  usage: { prompt_tokens: 20, completion_tokens: 1, total_tokens: 21 } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on("end", () => setTimeout(() => { res.writeHead(200, { "content-type": "application/json" }); res.end(body); }, ${LATENCY}));
});
server.listen(0, "127.0.0.1", () => process.stdout.write(server.address().port + "\\n"));
process.stdin.on("end", () => process.exit(0)).resume();
`;

const bench: Bench = async ({ quick }) => {
  // One more batch than is measured: the first pays for connections and warm-up.
  const samples = quick ? 3 : 9;
  const cell =
    'r = sub_query_batch("Summarize this slice.", [f"slice {i}" for i in range(16)], dependency_mode="independent", safety_note="read-only")\n' +
    'assert len(r) == 16 and all(x == "ok" for x in r), r';
  const root: StaticStep[] = [
    ...Array.from({ length: samples + 1 }, () => ({ content: "```repl\n" + cell + "\n```" })),
    { content: '```repl\nfinalize("done")\n```' },
  ];
  const child = spawn(process.execPath, ["-e", CHILD_SERVER], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const server = await startModelServer(root);
  const journal = new MemoryJournal();
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.once("error", reject);
      child.stdout.once("data", (d: Buffer) => resolve(d.toString().trim()));
    });
    const r = await runRlm({
      input: { text: "fan-out bench" },
      question: "fan out",
      model: createOpenAIModel({ baseUrl: server.url, apiKey: "bench", model: "bench-root" }),
      childModel: createOpenAIModel({
        baseUrl: `http://127.0.0.1:${port}/v1`,
        apiKey: "bench",
        model: "bench-child",
      }),
      journal,
      concurrency: 8,
      maxIterations: samples + 2,
    });
    if (!r.finalized)
      throw new Error(`the fan-out run did not finalize: ${r.answer.slice(0, 300)}`);
    server.assertDone();
  } finally {
    child.stdin.end();
    await server.close();
  }
  const times = journal.events
    .flatMap((e) => (e.type === "rlm.cell" && !e.finalized ? [e.ms] : []))
    .slice(1);
  const m = median(times);
  return [
    {
      name: "rlm fan-out 16 slices at concurrency 8, 200 ms model",
      median: m / IDEAL,
      unit: "x two waves",
      target: "<= 1.25x (500 ms)",
      ok: m <= IDEAL * 1.25,
      failsQuick: m > IDEAL * 2,
      quickLimit: "<= 2x (800 ms)",
      detail: `median ${m.toFixed(0)} ms over ${times.length} batches`,
    },
  ];
};

export default bench;
