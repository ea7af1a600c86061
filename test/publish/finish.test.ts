import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { guardedCore } from "../../src/action/log.js";
import { MemoryJournal } from "../../src/journal/journal.js";
import type { Outcome } from "../../src/outcome/outcome.js";
import { reviewResult } from "../support/results.js";
import { finish, type FinishPorts } from "../../src/publish/finish.js";
import { Redactor } from "../../src/redact/redactor.js";
import { fakeCore } from "../action/main-wiring.js";
import { FEATURE_TEXTS } from "../../src/action/feature-texts.js";

const SECRET = "ghs_secretTokenValue0123456789";

const outcome = (over: Partial<Outcome> = {}): Outcome => ({
  conclusion: "success",
  stop: "final-answer",
  note: undefined,
  stats: {
    turns: 2,
    usage: { promptTokens: 10, completionTokens: 5, cachedTokens: 0, reasoningTokens: 0 },
    costUsd: undefined,
    ms: 9,
    model: "m",
  },
  journalName: "rivumi-journal-review-1",
  notices: [],
  attachments: [],
  publications: [{ kind: "sticky-comment", pr: 3 }],
  result: reviewResult({ review: { summary: `All good ${SECRET}`, findings: [] } }),
  ...over,
});

function setup(publishAll: NonNullable<FinishPorts["publisher"]>["publishAll"] | undefined) {
  const dir = mkdtempSync(join(tmpdir(), "rivumi-finish-"));
  const { core, calls } = fakeCore();
  const journal = new MemoryJournal();
  const redactor = new Redactor();
  redactor.add(SECRET);
  const said: string[] = [];
  const ports: FinishPorts = {
    // As main gives it: the action log's core, which neutralises what it prints.
    core: guardedCore(core, (text) => redactor.redact(text)),
    journal,
    redactor,
    publisher: publishAll ? { publishAll } : undefined,
    resultPath: join(dir, "result.json"),
    journalPath: join(dir, "journal.jsonl"),
    journalName: "rivumi-journal-review-1",
    stepSummary: true,
    canUpload: false,
    say: (t) => said.push(t),
    texts: FEATURE_TEXTS,
  };
  return { ports, calls, journal, said };
}

describe("finish", () => {
  it("writes the local results first, then publishes, then completes the summary and outputs, redacted", async () => {
    const order: string[] = [];
    const { ports, calls, journal, said } = setup((o) => {
      // Everything local is out before GitHub is asked for anything.
      order.push(`publish ${o.publications.length}`);
      expect(existsSync(ports.resultPath)).toBe(true);
      expect(calls.outputs.conclusion).toBe("success");
      expect(calls.summary.join("")).toContain("Rivumi: done");
      return Promise.resolve({ commentUrl: "https://github.test/c/9", failures: [] });
    });
    await finish(outcome(), ports);
    expect(order).toEqual(["publish 1"]);
    expect(calls.summary.join("")).toContain("https://github.test/c/9");
    expect(calls.summary.join("")).not.toContain(SECRET);
    const written = readFileSync(ports.resultPath, "utf8");
    expect(JSON.parse(written)).toMatchObject({ conclusion: "success" });
    expect(written).not.toContain(SECRET);
    expect(calls.outputs).toMatchObject({
      conclusion: "success",
      "comment-url": "https://github.test/c/9",
    });
    expect(journal.events.at(-1)).toMatchObject({ type: "run.finished", conclusion: "success" });
    expect(said.join("\n")).toContain("journal stays at");
    expect(calls.failed).toEqual([]);
  });

  it("warns about each publication that failed and still writes every local result", async () => {
    const { ports, calls } = setup(() =>
      Promise.resolve({
        commentUrl: undefined,
        failures: [{ target: "comment", error: "503 Service Unavailable" }],
      }),
    );
    await finish(outcome(), ports);
    expect(calls.warning.join("\n")).toContain("could not publish the comment: 503");
    expect(existsSync(ports.resultPath)).toBe(true);
    expect(calls.outputs["comment-url"]).toBe("");
    // Not a plain success: the conclusion, the result file and the summary say what is missing.
    expect(calls.outputs.conclusion).toBe("partial");
    const result = JSON.parse(readFileSync(ports.resultPath, "utf8")) as Record<string, unknown>;
    expect(result).toMatchObject({
      conclusion: "partial",
      published: { comment: null, unpublished: [{ target: "comment" }] },
    });
    expect(calls.summary.at(-1)).toMatch(/Not published on GitHub[\s\S]*comment: 503/);
  });

  it("fails the step for a failure, and skips the summary file when the runner gave none", async () => {
    const { ports, calls, journal } = setup(undefined);
    await finish(
      outcome({
        conclusion: "failure",
        stop: undefined,
        note: "Rivumi failed in the workspace phase: boom",
        publications: [],
      }),
      { ...ports, stepSummary: false },
    );
    expect(calls.failed).toEqual(["Rivumi failed in the workspace phase: boom"]);
    expect(calls.summary).toEqual([]);
    expect(journal.events.at(-1)).toMatchObject({ type: "run.finished", stop: "error" });
  });

  it("names no artifact when the runner gave no token to upload one, and publishes that outcome", async () => {
    const seen: Outcome[] = [];
    const { ports, calls } = setup((o) => {
      seen.push(o);
      return Promise.resolve({ commentUrl: "https://github.test/c/9", failures: [] });
    });
    await finish(outcome(), ports);
    expect(seen[0]?.artifactMissing).toBe("no artifact token");
    expect(calls.summary.join("")).toContain("| journal | not uploaded (no artifact token) |");
    expect(calls.summary.join("")).not.toContain("rivumi-journal-review-1");
    expect(calls.outputs.conclusion).toBe("success");
  });

  it("logs an outcome's notices as notices, neutralised", async () => {
    const { ports, calls } = setup(undefined);
    await finish(outcome({ notices: ["::set-output name=x::y"], publications: [] }), ports);
    expect(calls.notice).toHaveLength(1);
    expect(calls.notice[0]?.startsWith("::")).toBe(false);
  });
});
