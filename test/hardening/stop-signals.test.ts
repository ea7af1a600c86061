// Class: SIGINT, SIGTERM, repeated signals and a signal right at the start each stop the run and
// let it publish; none ends the process by the signal.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { StopSignals } from "../../src/action/signals.js";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import type { RunOptions } from "../support/action-run.js";
import { readOr, uploadedJournal } from "./helpers.js";

let world: ActionWorld | undefined;
afterEach(async () => {
  world?.github.assertNoViolations();
  await world?.close();
  world = undefined;
});

/** A world whose model answers once with a tool call, then never again. */
const hangingWorld = () =>
  createActionWorld({
    script: [{ toolCalls: [{ name: "git_diff", arguments: {} }] }],
    modelFallback: { hang: true },
  });

/** Sends `signals` (with a pause between) once the model has been asked twice. */
function signalWhenWaiting(w: ActionWorld, signals: NodeJS.Signals[]): RunOptions["onStart"] {
  return (child) => {
    const poll = setInterval(() => {
      if (w.model.requests.length < 2) return;
      clearInterval(poll);
      signals.forEach((signal, k) => setTimeout(() => child.kill(signal), k * 100));
    }, 10);
  };
}

/**
 * A preload that sends the process SIGINT the moment a SIGINT listener is added: the earliest a
 * signal can be caught at all, before the rest of the action has loaded.
 */
const SIGNAL_AT_ONCE = `--import=data:text/javascript,${encodeURIComponent(
  `const on = process.on.bind(process);
   let sent = false;
   process.on = (name, listener) => {
     const result = on(name, listener);
     if (name === "SIGINT" && !sent) { sent = true; process.kill(process.pid, "SIGINT"); }
     return result;
   };`,
)}`;

function expectPublished(w: ActionWorld, run: Awaited<ReturnType<ActionWorld["run"]>>) {
  expect(run.signal).toBeUndefined();
  expect(run.exitCode).toBe(0);
  expect(run.outputs.conclusion).toBe("partial");
  expect(run.summary).toContain("Rivumi: partial result");
  expect(JSON.parse(readFileSync(run.outputs["result-file"]!, "utf8"))).toMatchObject({
    conclusion: "partial",
    stop: "cancelled",
  });
  // run.finished ends the run's own events; a comment request that GitHub answers after the
  // publishing deadline is still journaled when it lands, so only publishing may follow it.
  const events = uploadedJournal(w).events;
  const end = events.findIndex((e) => e.type === "run.finished");
  expect(events[end]).toMatchObject({ type: "run.finished", stop: "cancelled" });
  expect(events.slice(end + 1).filter((e) => !/^(publish\.|journal\.cut$)/.test(e.type))).toEqual(
    [],
  );
}

describe("SIGINT, SIGTERM, repeated and early signals", () => {
  it.each([["SIGINT"], ["SIGTERM"]] as const)(
    "%s in the middle of the loop stops the run and publishes it everywhere",
    async (signal) => {
      const w = (world = await hangingWorld());
      const run = await w.run({ onStart: signalWhenWaiting(w, [signal]) });
      expectPublished(w, run);
      expect(w.github.issueComments(FULL, PR)[0]?.body).toContain("cancelled before it finished");
    },
  );

  it("a second and a third signal hurry the publishing instead of killing the process", async () => {
    const w = (world = await hangingWorld());
    const run = await w.run({ onStart: signalWhenWaiting(w, ["SIGINT", "SIGINT", "SIGTERM"]) });
    expectPublished(w, run);
    expect(run.stdout).toContain("again: publishing what is done");
  });

  it("a signal as soon as the process can catch one stops the run, which still publishes", async () => {
    const w = (world = await hangingWorld());
    const run = await w.run({ env: { NODE_OPTIONS: SIGNAL_AT_ONCE } });
    expect(run.signal).toBeUndefined();
    expect(run.exitCode).not.toBeUndefined();
    expect(run.outputs.conclusion).toMatch(/^(partial|failure)$/);
    expect(readOr(run.outputs["result-file"] ?? "")).toContain('"conclusion"');
    expect(run.summary).toContain("## Rivumi");
    expect(uploadedJournal(w).events.at(-1)).toMatchObject({ type: "run.finished" });
    // Stopped before the model was ever asked.
    expect(w.model.requests).toHaveLength(0);
  });

  it("remembers a signal that came before the run could stop, and stops it once it can", () => {
    const signals = new StopSignals().install();
    try {
      process.emit("SIGTERM");
      process.emit("SIGTERM");
      const controller = new AbortController();
      const said: string[] = [];
      signals.attach(controller, (text) => said.push(text));
      expect(controller.signal.aborted).toBe(true);
      expect(signals.stoppedAt).toBeTypeOf("number");
      // Later signals reach the publishing's listeners, and the handlers stay installed.
      let hurried = 0;
      signals.onSignal(() => (hurried += 1));
      process.emit("SIGINT");
      expect(hurried).toBe(1);
      expect(process.listenerCount("SIGINT")).toBe(1);
    } finally {
      signals.dispose();
    }
    expect(process.listenerCount("SIGINT")).toBe(0);
  });
});
