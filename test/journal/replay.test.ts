import { readdirSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { run } from "../../src/cli/journal-command.js";
import { NoRecordedRequests, replayJournal } from "../../src/cli/journal-replay.js";
import type { ChatMessage, ToolSpec } from "../../src/model/port.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { startModelServer, type ModelServer } from "../support/model-server.js";
import { journalText, tempDir, type AnyEvent, type TempDir } from "./fixtures.js";

let tmp: TempDir;
let server: ModelServer | undefined;
let out: string[];
let err: string[];
const saved = { ...process.env };
beforeEach(() => {
  tmp = tempDir();
  out = [];
  err = [];
  vi.spyOn(process.stdout, "write").mockImplementation((s) => (out.push(String(s)), true));
  vi.spyOn(process.stderr, "write").mockImplementation((s) => (err.push(String(s)), true));
});
afterEach(async () => {
  vi.restoreAllMocks();
  process.env = { ...saved };
  tmp.remove();
  await server?.close();
  server = undefined;
});

const TOOLS: ToolSpec[] = [
  {
    type: "function",
    function: {
      name: "read_file",
      description: "Read a file",
      parameters: { type: "object", properties: { path: { type: "string" } } },
    },
  },
];
const FIRST: ChatMessage[] = [
  { role: "system", content: "You review code." },
  { role: "user", content: "Review the change." },
];
const SECOND: ChatMessage[] = [
  {
    role: "assistant",
    content: null,
    tool_calls: [
      {
        id: "c1",
        type: "function",
        function: { name: "read_file", arguments: '{"path":"a.ts","max":5}' },
      },
    ],
  },
  { role: "tool", tool_call_id: "c1", content: "const a = 1;" },
];

const usage = { promptTokens: 100, completionTokens: 10, cachedTokens: 0 };

/** A run of two turns; the second was retried once. */
function journal(withSeq = true): AnyEvent[] {
  const seq = (n: number) => (withSeq ? { requestsSeq: n } : {});
  return [
    {
      type: "run.started",
      version: "0.1.0",
      event: "local",
      runId: "1",
      attempt: "1",
      mode: "cli",
    },
    {
      type: "model.request",
      turn: 1,
      attempt: 1,
      messages: 2,
      bytes: 10,
      model: "gpt-old",
      ...seq(0),
    },
    {
      type: "model.response",
      turn: 1,
      attempt: 1,
      ms: 900,
      usage,
      finishReason: "tool_calls",
      toolCalls: 1,
    },
    {
      type: "tool.call",
      turn: 1,
      id: "c1",
      name: "read_file",
      arguments: '{"path":"a.ts","max":5}',
    },
    { type: "tool.result", turn: 1, id: "c1", name: "read_file", ok: true, ms: 1, bytes: 12 },
    {
      type: "model.request",
      turn: 2,
      attempt: 1,
      messages: 4,
      bytes: 20,
      model: "gpt-old",
      ...seq(2),
    },
    {
      type: "model.response",
      turn: 2,
      attempt: 1,
      ms: 50,
      error: "overloaded",
      status: 503,
      willRetry: true,
    },
    {
      type: "model.request",
      turn: 2,
      attempt: 2,
      messages: 4,
      bytes: 20,
      model: "gpt-old",
      ...seq(2),
    },
    {
      type: "model.response",
      turn: 2,
      attempt: 2,
      ms: 700,
      usage,
      finishReason: "stop",
      toolCalls: 0,
    },
    {
      type: "run.finished",
      conclusion: "success",
      stop: "final-answer",
      turns: 2,
      usage,
      ms: 2000,
    },
  ];
}

const requestLine = (seq: number, turn: number, messages: ChatMessage[], tools?: ToolSpec[]) =>
  JSON.stringify({ v: 1, seq, thread: "main", turn, messages, ...(tools ? { tools } : {}) });
const replyLine = (seq: number, turn: number, replyTo: number, reply: object) =>
  JSON.stringify({ v: 1, seq, thread: "main", turn, replyTo, reply });

function writeRun(opts: { replies?: boolean; withSeq?: boolean } = {}): string {
  const lines = [requestLine(0, 1, FIRST, TOOLS)];
  if (opts.replies !== false)
    lines.push(
      replyLine(1, 1, 0, {
        content: "",
        toolCalls: [{ id: "c1", name: "read_file", arguments: '{"path":"a.ts","max":5}' }],
        finishReason: "tool_calls",
      }),
    );
  lines.push(requestLine(2, 2, SECOND));
  if (opts.replies !== false)
    lines.push(replyLine(3, 2, 2, { content: "LGTM.", toolCalls: [], finishReason: "stop" }));
  tmp.write("requests.jsonl", `${lines.join("\n")}\n`);
  return tmp.write("journal.jsonl", journalText(journal(opts.withSeq)));
}

async function replay(path: string, limit?: number) {
  server ??= await startModelServer();
  return replayJournal({
    journalPath: path,
    model: createOpenAIModel({ baseUrl: server.url, apiKey: "k", model: "gpt-new" }),
    baseUrl: server.url,
    limit,
    signal: new AbortController().signal,
  });
}

describe("journal replay", () => {
  it("sends each recorded request once, rebuilt from requests.jsonl, and compares the replies", async () => {
    server = await startModelServer([
      // Same call, its arguments in another key order.
      {
        toolCalls: [{ name: "read_file", arguments: { max: 5, path: "a.ts" } }],
        usage: { prompt_tokens: 90, completion_tokens: 7 },
      },
      { content: "Looks fine to me." },
    ]);
    const path = writeRun();
    const before = readdirSync(tmp.dir).sort();
    const report = await replay(path);
    server.assertDone();
    expect(server.requests.map((r) => r.body.model)).toEqual(["gpt-new", "gpt-new"]);
    expect(server.requests[0]!.body.messages).toEqual(FIRST);
    expect(server.requests[0]!.body.tools).toEqual(TOOLS);
    expect(server.requests[1]!.body.messages).toEqual([...FIRST, ...SECOND]);
    expect(server.requests[1]!.body.tools).toEqual(TOOLS);
    expect(report.items.map((i) => [i.seq, i.requestsSeq, i.turn, i.messages, i.differs])).toEqual([
      [1, 0, 1, 2, false],
      [5, 2, 2, 4, true],
    ]);
    expect(report.items[0]!.verdict).toBe("same tool calls: read_file");
    expect(report.items[0]!.replayed).toMatchObject({
      tokens: { input: 90, output: 7, cached: 0 },
    });
    expect(report.items[1]!.verdict).toBe("final answer differs (recorded 5 chars, replayed 17)");
    // The answered attempt's numbers, not the failed one's.
    expect(report.items[1]!.recorded).toMatchObject({
      ms: 700,
      model: "gpt-old",
      kind: "final answer",
    });
    expect(readdirSync(tmp.dir).sort()).toEqual(before);
  });

  it("says a kind of reply changed, and reads the recorded calls from the next request without reply lines", async () => {
    server = await startModelServer([
      { toolCalls: [{ name: "read_file", arguments: { path: "b.ts" } }] },
      { toolCalls: [{ name: "read_file", arguments: { path: "c.ts" } }] },
    ]);
    const report = await replay(writeRun({ replies: false }));
    expect(report.items.map((i) => i.verdict)).toEqual([
      'same tools, other arguments: recorded read_file({"max":5,"path":"a.ts"}); replayed read_file({"path":"b.ts"})',
      "recorded a final answer; replayed 1 tool call (read_file)",
    ]);
    expect(report.items.map((i) => i.differs)).toEqual([true, true]);
  });

  it("replays only the first N with --limit", async () => {
    server = await startModelServer([
      { toolCalls: [{ name: "read_file", arguments: { path: "a.ts", max: 5 } }] },
    ]);
    const report = await replay(writeRun(), 1);
    expect(report.items).toHaveLength(1);
    server.assertDone();
  });

  it("says clearly when a journal has no recorded requests", async () => {
    const bare = tmp.write("journal.jsonl", journalText(journal()));
    await expect(replay(bare)).rejects.toThrow(NoRecordedRequests);
    await expect(replay(bare)).rejects.toThrow(
      /has no recorded requests \(no requests.jsonl beside it\)/,
    );
    const unlinked = writeRun({ withSeq: false });
    await expect(replay(unlinked)).rejects.toThrow(
      /no model.request or rlm.turn event carries a requestsSeq/,
    );
  });
});

describe("rivumi journal replay", () => {
  it("prints the report and exits 0 when every request was answered", async () => {
    server = await startModelServer([
      { toolCalls: [{ name: "read_file", arguments: { path: "a.ts", max: 5 } }] },
      { content: "LGTM." },
    ]);
    const path = writeRun();
    expect(await run(["replay", path, "--base-url", server.url, "--model", "gpt-new"])).toBe(0);
    const text = out.join("");
    expect(text).toContain(`against gpt-new at ${server.url}: 2 requests`);
    expect(text).toContain("#2 seq 5 turn 2 (main, 4 messages) [same]");
    expect(text).toContain("summary: 2 replayed · 2 same · 0 differ · 0 not comparable · 0 failed");
  });

  it("exits 1 when a request fails, and when there is nothing to replay", async () => {
    server = await startModelServer([
      { status: 400, error: "model gpt-new does not exist" },
      { status: 400, error: "model gpt-new does not exist" },
    ]);
    const path = writeRun();
    expect(
      await run(["replay", path, "--base-url", server.url, "--model", "gpt-new", "--json"]),
    ).toBe(1);
    const report = JSON.parse(out.join(""));
    expect(report.items[0].replayed.error).toBe("400 model gpt-new does not exist");
    tmp.remove();
    tmp = tempDir();
    const bare = tmp.write("journal.jsonl", journalText(journal()));
    expect(await run(["replay", bare, "--base-url", server.url, "--model", "m"])).toBe(1);
    expect(err.join("")).toMatch(/this journal has no recorded requests/);
  });
});
