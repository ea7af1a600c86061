// Class: a model endpoint that answers garbage: an HTML page with a 200, JSON without `choices`,
// a body cut off mid-JSON, a connection reset. The run fails with an explanation everywhere and
// its journal, never crashes or takes the garbage for a review.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createActionWorld, FULL, PR, type ActionWorld } from "../support/action-world.js";
import { uploadedJournal } from "./helpers.js";

type Answer = (res: import("node:http").ServerResponse) => void;

const GARBAGE: [string, Answer][] = [
  [
    "an HTML page with 200",
    (res) => {
      res.writeHead(200, { "content-type": "text/html" });
      res.end("<html><body><h1>Welcome to nginx!</h1></body></html>");
    },
  ],
  [
    "JSON without choices",
    (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ id: "x", object: "chat.completion", model: "m" }));
    },
  ],
  [
    "truncated JSON",
    (res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"id":"x","choices":[{"index":0,"message":{"role":"assistant","content":"Loo');
    },
  ],
  ["a connection reset", (res) => res.socket?.destroy()],
];

let world: ActionWorld | undefined;
let server: Server | undefined;
afterEach(async () => {
  await world?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined));
  world = undefined;
  server = undefined;
});

/** A loopback "model" that answers every request the same way; returns its base URL. */
async function garbageModel(answer: Answer): Promise<{ url: string; asked: () => number }> {
  let asked = 0;
  server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      asked += 1;
      answer(res);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    asked: () => asked,
  };
}

describe("model garbage", () => {
  it.each(GARBAGE)("fails with an explanation on %s", async (_what, answer) => {
    const model = await garbageModel(answer);
    const w = (world = await createActionWorld());
    const run = await w.run({ inputs: { "base-url": model.url } });
    expect(run.signal).toBeUndefined();
    expect(run.exitCode).toBe(1);
    expect(run.outputs.conclusion).toBe("failure");
    expect(model.asked()).toBeGreaterThan(0);
    expect(w.github.issueComments(FULL, PR)[0]?.body).toContain("Rivumi could not finish");
    expect(run.summary).toContain("Rivumi: failed");
    const { events } = uploadedJournal(w);
    expect(events.some((e) => e.type === "model.response" && e.error)).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "run.finished", conclusion: "failure" });
  });
});
