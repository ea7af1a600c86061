// The bundled action against OpenAI's reasoning models as the emulator of test/support/providers
// plays them. `token-limit-param` stays `auto`: the loopback base URL is not api.openai.com, so
// the adapter first sends `max_tokens` (as to any other host), gets OpenAI's 400 and learns
// `max_completion_tokens` for the whole run. The tool loop reads one file's diff and submits,
// leaving two directories of hunks to the child reviewers; each one's first reply is JSON cut
// short, and its repair turn answers properly. One bundle run of a small pull request (~75 KB of
// diff): npm test runs it.
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { isReviewChild, messageText, type RecordedRequest } from "../support/model-server.js";
import { startEmulator, type EmulatorStep } from "../support/providers/core.js";
import { OPENAI, openAIShape } from "../support/providers/openai.js";
import type { EmulatedReply } from "../support/providers/shapes.js";

const MODEL = "o4-mini";
const LINES = 800;

/** A file of `LINES` lines; at head, every tenth line changes: one hunk each. */
function source(name: string, edited: boolean): string {
  const lines: string[] = [];
  for (let i = 0; i < LINES; i++) {
    const changed = edited && i % 10 === 0;
    lines.push(`export const ${name}${i} = compute("${name}", ${i}${changed ? ", true" : ""});`);
  }
  return lines.join("\n") + "\n";
}

const BASE = {
  "README.md": "# Widgets\n",
  "src/app.ts": "export const answer = 41;\n",
  "alpha/ledger.ts": source("ledger", false),
  "beta/report.ts": source("report", false),
};
const HEAD = {
  "src/app.ts": "export const answer = 42;\n",
  "alpha/ledger.ts": source("ledger", true),
  "beta/report.ts": source("report", true),
};

/** A finding as a strict-schema reply holds it: every optional field present, as null. */
const finding = (path: string, name: string) => ({
  path,
  line: 1,
  start_line: null,
  side: "RIGHT",
  severity: "minor",
  title: "Flag passed without a name",
  body: "A bare `true` says nothing at the call site; name the option.",
  quote: `export const ${name}0 = compute("${name}", 0, true);`,
  replacement: null,
});
const FINDING = finding("alpha/ledger.ts", "ledger");

/** A child's first answer: the findings object cut in the middle of a string. */
function cutShort(alpha: boolean): EmulatedReply {
  const whole = JSON.stringify({
    findings: [alpha ? FINDING : finding("beta/report.ts", "report")],
  });
  const content = whole.slice(0, Math.floor(whole.length * 0.6));
  // Alpha's reply stops at the cap, as OpenAI reports it; beta's says "stop", as some servers do.
  return { content, finishReason: alpha ? "length" : "stop", reasoningTokens: 1500 };
}

function childReply(req: RecordedRequest): EmulatedReply {
  const messages = req.body.messages;
  const alpha = messageText(messages[1]!).includes("alpha/ledger.ts");
  if (messages.length === 2) return cutShort(alpha);
  // The repair turn: alpha's finding whole; beta, thinking again, finds nothing.
  return {
    content: JSON.stringify({ findings: alpha ? [FINDING] : [] }),
    reasoningTokens: 700,
  };
}

const LOOP: EmulatorStep[] = [
  { toolCalls: [{ name: "git_diff", arguments: { path: "src/app.ts" } }], reasoningTokens: 320 },
  {
    toolCalls: [
      {
        name: "submit_review",
        arguments: { summary: "The answer changes; the ledgers get a flag.", findings: [] },
      },
    ],
    reasoningTokens: 450,
  },
];

const events = (world: ActionWorld) =>
  world.results
    .readArtifactFile("rivumi-journal-review-1", "journal.jsonl")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as { type: string; [k: string]: unknown });

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

describe("the bundled action against a reasoning model", () => {
  it("learns max_completion_tokens from one refusal, repairs each cut-short child reply once, examines every hunk and reports the reasoning tokens", async () => {
    // Reasoning tokens as the emulator put them on the wire, reply by reply.
    const reported: number[] = [];
    const model = await startEmulator(
      {
        ...OPENAI,
        shape(completion, reply, req) {
          const out = openAIShape(completion, reply, req) as {
            usage?: { completion_tokens_details?: { reasoning_tokens?: number } };
          };
          reported.push(out.usage?.completion_tokens_details?.reasoning_tokens ?? 0);
          return out;
        },
      },
      { script: LOOP, children: childReply },
    );
    world = await createActionWorld({ model, baseFiles: BASE, headFiles: HEAD });
    const runStarted = Date.now();
    const run = await world.run({
      inputs: { model: MODEL, "inline-comments": "false" },
    });
    const runMs = Date.now() - runStarted;
    const journal = events(world);
    const batches = journal.filter((e) => e.type === "review.batch");
    const requests = model.requests;
    const children = requests.filter(isReviewChild);
    const reasoning = reported.reduce((a, b) => a + b, 0);
    const figures = `requests ${requests.length} (${children.length} child), batches ${batches.length}, repairs ${batches.filter((b) => b.repaired).length}, refusals ${model.refused.length}, conclusion ${run.outputs.conclusion}, reasoning tokens ${run.outputs["reasoning-tokens"]} (emulator ${reasoning}), bundle run ${runMs} ms`;

    expect(run.stderr, figures).toBe("");
    expect(run.exitCode, figures).toBe(0);
    expect(run.outputs.conclusion, figures).toBe("success");
    model.assertDone();

    // Every hunk was examined: one by the tool loop, the rest by the repaired child reviewers.
    const total = Number(run.outputs["hunks-total"]);
    expect(total, figures).toBe(1 + 2 * (LINES / 10));
    expect(run.outputs["hunks-examined"], figures).toBe(String(total));

    // One refusal, of the first request, for max_tokens; nothing after it carried max_tokens.
    expect(
      model.refused.map((r) => r.index),
      figures,
    ).toEqual([1]);
    expect(model.refused[0]!.body).toHaveProperty("max_tokens");
    const negotiated = journal.filter((e) => e.type === "model.negotiated");
    expect(negotiated, figures).toHaveLength(1);
    expect(negotiated[0]).toMatchObject({
      refused: "max_tokens",
      instead: "max_completion_tokens",
      status: 400,
      model: MODEL,
    });
    for (const req of requests.slice(1)) {
      expect(req.body, `request #${req.index}`).not.toHaveProperty("max_tokens");
      expect(req.body, `request #${req.index}`).toHaveProperty("max_completion_tokens");
    }
    // The first reply counted reasoning tokens: the default cap rose once, and the children had it.
    expect(journal.filter((e) => e.type === "model.cap_raised")).toEqual([
      expect.objectContaining({ from: 4096, to: 16384 }),
    ]);
    for (const req of children) expect(req.body.max_completion_tokens).toBe(16384);

    // Two batches (one per directory), each cut short once and repaired once.
    expect(batches, figures).toHaveLength(2);
    for (const batch of batches) expect(batch, figures).toMatchObject({ ok: true, repaired: true });
    // Alpha's reply ended at the cap; beta's said "stop" but its JSON does not close.
    expect(batches.map((b) => b.repairReason).sort(), figures).toEqual([
      expect.stringMatching(/^it was cut off at the output token limit/),
      expect.stringMatching(/^its JSON is cut short/),
    ]);
    const firsts = children.filter((r) => r.body.messages.length === 2);
    const repairs = children.filter((r) => r.body.messages.length === 4);
    expect(firsts, figures).toHaveLength(2);
    expect(repairs, figures).toHaveLength(2);
    for (const req of repairs) {
      const [, , said, asked] = req.body.messages;
      expect(said?.role).toBe("assistant");
      expect(messageText(said!)).toMatch(/^\{"findings":\[\{"path":"(alpha|beta)\//);
      expect(messageText(asked!)).toMatch(/^Your reply could not be used: /);
    }

    // Requests: the loop's two turns, two per batch, and the refused first one.
    expect(requests.length, figures).toBe(LOOP.length + 2 * batches.length + 1);

    // The reasoning tokens the emulator reported, summed, in the outputs, summary and comment.
    expect(reasoning, figures).toBe(320 + 450 + 2 * 1500 + 2 * 700);
    expect(run.outputs["reasoning-tokens"], figures).toBe(String(reasoning));
    expect(Number(run.outputs["tokens-out"])).toBeGreaterThan(reasoning);
    expect(run.summary).toContain(`cached, ${reasoning} reasoning)`);
    const [comment] = world.github.issueComments(FULL, PR);
    expect(comment?.body).toContain(`cached, ${reasoning} reasoning)`);
    expect(comment?.body).toMatch(new RegExp(`Examined ${total} of ${total} hunks`));
    // The repaired reply's finding is the review's (listed in the comment: no inline review, whose
    // two throttled writes would cost the test two seconds).
    expect(comment?.body).toContain(`**minor** \`alpha/ledger.ts:1\`: ${FINDING.title}`);
  });
});
