// What a real run records for people and for replay: the agent loop writes its requests to
// `requests.jsonl` through a FileJournal, and `rivumi journal replay` sends them again.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { runLoop } from "../../src/agent/loop.js";
import { turnLimit } from "../../src/agent/stop.js";
import { submitReviewTool } from "../../src/agent/tools/submit-review.js";
import { defineTool } from "../../src/agent/tools/tool.js";
import { replayJournal } from "../../src/cli/journal-replay.js";
import { FileJournal } from "../../src/journal/journal.js";
import { RequestLog } from "../../src/journal/requests-log.js";
import { readJournal } from "../../src/viewer/read.js";
import { readRequests, readRequestsBeside } from "../../src/viewer/requests.js";
import { buildPage } from "../../src/viewer/run-model.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { Redactor } from "../../src/redact/redactor.js";
import { startModelServer, type ModelServer } from "../support/model-server.js";
import { repl, rlmWorld, type RlmWorld } from "../rlm/scripted.js";
import { tempDir, type TempDir } from "./fixtures.js";

const SECRET = "ghs_recordedSecret0123456789abcdef";

const echo = defineTool({
  name: "echo",
  description: "Echoes text.",
  parameters: z.object({ text: z.string().min(1) }),
  execute: ({ text }) => Promise.resolve(`echo: ${text}`),
});

let tmp: TempDir;
let rlm: RlmWorld | undefined;
const servers: ModelServer[] = [];
beforeEach(() => {
  tmp = tempDir();
});
afterEach(async () => {
  tmp.remove();
  await Promise.all(servers.splice(0).map((s) => s.close()));
  const world = rlm;
  rlm = undefined;
  await world?.close();
});

async function server(...args: Parameters<typeof startModelServer>) {
  const started = await startModelServer(...args);
  servers.push(started);
  return started;
}

const lines = (path: string) =>
  readFileSync(path, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe("requests.jsonl", () => {
  it("holds each request's new messages once, redacted, and replays to the same conversations", async () => {
    const recorded = await server([
      { toolCalls: [{ name: "echo", arguments: { text: `token ${SECRET}` } }] },
      { status: 503 },
      {
        toolCalls: [{ name: "submit_review", arguments: { summary: "Fine.", findings: [] } }],
      },
    ]);
    const redactor = new Redactor();
    redactor.add(SECRET);
    const journalPath = join(tmp.dir, "journal.jsonl");
    const journal = new FileJournal(journalPath, redactor);
    const controller = new AbortController();
    const result = await runLoop({
      model: createOpenAIModel({ baseUrl: recorded.url, apiKey: "k", model: "m-old" }),
      tools: [echo, submitReviewTool],
      toolContext: {
        root: "/nonexistent",
        diff: { base: "a", head: "b" },
        signal: controller.signal,
      },
      system: "You review code.",
      user: ["Review the change."],
      stopWhen: [turnLimit(5)],
      prices: undefined,
      journal,
      signal: controller.signal,
      retry: { attempts: 3, baseDelayMs: 1, maxDelayMs: 5 },
    });
    recorded.assertDone();
    expect(result.stop).toBe("final-answer");

    const requestsPath = join(tmp.dir, "requests.jsonl");
    const text = readFileSync(requestsPath, "utf8");
    expect(text).not.toContain(SECRET);
    const side = lines(requestsPath);
    // Two request lines and their replies; the retry wrote no line of its own.
    expect(side.map((l) => [l.seq, "messages" in l ? "request" : "reply"])).toEqual([
      [0, "request"],
      [1, "reply"],
      [2, "request"],
      [3, "reply"],
    ]);
    // The second request line carries only what was new: the assistant's call and its result.
    expect((side[0]!.messages as unknown[]).length).toBe(2);
    expect((side[2]!.messages as { role: string }[]).map((m) => m.role)).toEqual([
      "assistant",
      "tool",
    ]);
    expect(side[0]!.tools).toBeDefined();
    expect(side[2]!.tools).toBeUndefined();
    const requests = lines(journalPath).filter((e) => e.type === "model.request");
    expect(requests.map((e) => [e.turn, e.attempt, e.requestsSeq])).toEqual([
      [1, 1, 0],
      [2, 1, 2],
      [2, 2, 2],
    ]);

    // The recorded conversations are what the model received, with the secret masked.
    const rebuilt = await readRequests(requestsPath);
    const sent = recorded.requests.filter((r) => r.index !== 2);
    for (const [i, seq] of [0, 2].entries()) {
      const masked = JSON.parse(redactor.redact(JSON.stringify(sent[i]!.body.messages))) as unknown;
      expect(rebuilt.request(seq)?.messages).toEqual(masked);
      expect(rebuilt.request(seq)?.tools).toEqual(sent[i]!.body.tools);
    }

    // The page shows what each request added and what came back; a retry repeats nothing.
    const page = buildPage(await readJournal(journalPath), {
      requests: await readRequestsBeside(journalPath),
    });
    const rows = page.timeline.rows.filter((r) => r.kind === "model");
    expect(rows.map((r) => r.texts.map((t) => t.label))).toEqual([
      ["sent · system", "sent · user", "reply"],
      ["sent · assistant", "sent · tool"],
      ["reply"],
    ]);
    expect(rows[0]!.texts[1]!.text).toBe("Review the change.");
    expect(rows[1]!.texts[1]!.text).toMatch(/^echo: token /);
    expect(JSON.stringify(page)).not.toContain(SECRET);

    const other = await server([
      { toolCalls: [{ name: "echo", arguments: { text: "something else" } }] },
      { content: "A final answer instead." },
    ]);
    const report = await replayJournal({
      journalPath,
      model: createOpenAIModel({ baseUrl: other.url, apiKey: "k", model: "m-new" }),
      baseUrl: other.url,
      signal: new AbortController().signal,
    });
    other.assertDone();
    expect(other.requests.map((r) => r.body.messages?.length)).toEqual([2, 4]);
    expect(report.items.map((i) => [i.requestsSeq, i.differs])).toEqual([
      [0, true],
      [2, true],
    ]);
    expect(report.items[1]!.verdict).toMatch(
      /recorded 1 tool call \(submit_review\); replayed a final answer/,
    );
  });

  it("grows with the conversation, not with the turns times the conversation", async () => {
    const turns = 20;
    const text = "z".repeat(5_000);
    const recorded = await server([
      ...Array.from({ length: turns - 1 }, (_, i) => ({
        toolCalls: [{ name: "echo", arguments: { text: `${i} ${text}` } }],
      })),
      { content: "Done." },
    ]);
    const journal = new FileJournal(join(tmp.dir, "journal.jsonl"), new Redactor());
    const controller = new AbortController();
    await runLoop({
      model: createOpenAIModel({ baseUrl: recorded.url, apiKey: "k", model: "m" }),
      tools: [echo],
      toolContext: {
        root: "/nonexistent",
        diff: { base: "a", head: "b" },
        signal: controller.signal,
      },
      system: "s",
      user: ["u"],
      stopWhen: [turnLimit(turns + 1)],
      prices: undefined,
      journal,
      signal: controller.signal,
    });
    recorded.assertDone();
    const last = JSON.stringify(recorded.requests.at(-1)!.body.messages).length;
    const everyRequest = recorded.requests.reduce(
      (n, r) => n + JSON.stringify(r.body.messages).length,
      0,
    );
    const size = readFileSync(join(tmp.dir, "requests.jsonl"), "utf8").length;
    expect(everyRequest).toBeGreaterThan(8 * last);
    expect(size).toBeLessThan(2 * last);
  });

  it("stops at its cap with a line that says so, and the reader reports it", async () => {
    const path = join(tmp.dir, "requests.jsonl");
    const log = new RequestLog(path, new Redactor(), 600);
    const thread = log.thread();
    const first = [
      { role: "system" as const, content: "s" },
      { role: "user" as const, content: "u" },
    ];
    expect(thread.request(1, first, [])).toBe(0);
    const big = [...first, { role: "user" as const, content: "x".repeat(1_000) }];
    expect(thread.request(2, big, [])).toBeUndefined();
    // Once a line is missing, the thread cannot be rebuilt further: nothing more is written.
    expect(
      thread.request(3, [...big, { role: "user" as const, content: "y" }], []),
    ).toBeUndefined();
    const written = lines(path);
    expect(written).toHaveLength(2);
    expect(String(written[1]!.cut)).toMatch(/reached its cap of 600 bytes/);
    const read = await readRequests(path);
    expect(read.seqs).toEqual([0]);
    expect(read.notes.join("\n")).toMatch(/later requests were not recorded/);
  });

  it("gives threads that run at the same time their own names", () => {
    const log = new RequestLog(join(tmp.dir, "requests.jsonl"), new Redactor());
    const a = log.thread();
    const b = log.thread();
    a.request(1, [{ role: "system", content: "a" }], []);
    b.request(1, [{ role: "system", content: "b" }], []);
    expect(lines(join(tmp.dir, "requests.jsonl")).map((l) => l.thread)).toEqual(["main", "loop-2"]);
  });

  it("records each RLM root turn whole, nested levels apart, and replays them in order", async () => {
    rlm = await rlmWorld({
      root: [
        repl('a = sub_rlm("Second word?", source="alpha beta gamma")\nprint(a)'),
        repl("finalize(a)"),
      ],
      nested: [repl('finalize("beta")')],
    });
    const journalPath = join(tmp.dir, "journal.jsonl");
    await rlm.run({ maxDepth: 1, journal: new FileJournal(journalPath, new Redactor()) });
    const side = lines(join(tmp.dir, "requests.jsonl")).filter((l) => "messages" in l);
    const turns = lines(journalPath).filter((e) => e.type === "rlm.turn");
    expect(turns.map((t) => [t.depth, t.iteration, t.model])).toEqual([
      [0, 1, "root-model"],
      [1, 1, "child-model"],
      [0, 2, "root-model"],
    ]);
    expect(side.map((l) => [l.seq, l.thread, l.turn])).toEqual([
      [0, "rlm-depth0-1", 1],
      [2, "rlm-depth1-2", 1],
      [4, "rlm-depth0-1", 2],
    ]);
    expect(turns.map((t) => t.requestsSeq)).toEqual([0, 2, 4]);
    // Each turn's conversation is rebuilt by the engine, so each line holds it whole.
    for (const line of side) expect((line.messages as { role: string }[])[0]?.role).toBe("system");
    const sent = [...rlm.requests("root"), ...rlm.requests("nested")].sort(
      (a, b) => a.index - b.index,
    );

    const other = await server([
      { content: "no block" },
      { content: "no block" },
      { content: "no block" },
    ]);
    const report = await replayJournal({
      journalPath,
      model: createOpenAIModel({ baseUrl: other.url, apiKey: "k", model: "m-new" }),
      baseUrl: other.url,
      signal: new AbortController().signal,
    });
    other.assertDone();
    expect(other.requests.map((r) => r.body.messages)).toEqual(sent.map((r) => r.body.messages));
    expect(report.items.map((i) => [i.thread, i.turn, i.differs])).toEqual([
      ["rlm-depth0-1", 1, true],
      ["rlm-depth1-2", 1, true],
      ["rlm-depth0-1", 2, true],
    ]);
  });
});
