// Class: a job cancelled while GitHub fails or stalls still leaves its local results (summary,
// outputs, result.json, journal) and its artifact: the runner sends SIGINT, SIGTERM 7.5 s later
// and SIGKILL at 10 s, and the process ends on its own before that.
import { statSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, type ActionWorld } from "../support/action-world.js";
import type { Fault } from "../support/github-server.js";
import {
  cancelLikeRunner,
  hookGitHub,
  isCommentWrite,
  readOr,
  uploadedJournal,
} from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  await world?.close();
  world = undefined;
});

const FAILING = (): Fault => ({ status: 502, message: "Bad Gateway" });
const STALLING = () => new Promise<Fault>(() => undefined);

describe("cancellation while GitHub fails and while it stalls", () => {
  it.each([
    ["fails (502 on every comment write)", FAILING],
    ["stalls (comment writes never answer)", STALLING],
  ])("publishes every local result and the artifact when GitHub %s", async (_what, answer) => {
    const w = (world = await createActionWorld({
      script: [{ toolCalls: [{ name: "git_diff", arguments: {} }] }],
      modelFallback: { hang: true },
    }));
    hookGitHub(w.github, (req) => (isCommentWrite(req) ? answer() : undefined));
    const sent: { at?: number } = {};
    const run = await w.run({
      onStart: cancelLikeRunner(() => w.model.requests.length >= 2, sent),
    });
    // Ended by itself, before SIGKILL, with its results out.
    expect(run.signal).toBeUndefined();
    expect(run.exitCode).toBe(0);
    const resultFile = run.outputs["result-file"] ?? "";
    const result = JSON.parse(readOr(resultFile) || "{}") as Record<string, unknown>;
    expect(result).toMatchObject({ conclusion: "partial", stop: "cancelled" });
    expect(statSync(resultFile).mtimeMs).toBeLessThan(sent.at! + 7_500);
    expect(run.outputs.conclusion).toBe("partial");
    expect(run.outputs["comment-url"]).toBe("");
    expect(run.summary).toContain("Rivumi: partial result");
    expect(run.summary).toContain("Not published on GitHub");
    expect(uploadedJournal(w).events.at(-1)).toMatchObject({
      type: "run.finished",
      conclusion: "partial",
    });
  });
});
