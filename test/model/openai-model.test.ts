import { getEventListeners } from "node:events";
import { afterEach, describe, expect, it } from "vitest";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { startModelServer, type ModelServer } from "../support/model-server.js";

let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createOpenAIModel", () => {
  it("leaves no listener on the run's signal once its requests settle", async () => {
    server = await startModelServer([], { fallback: { content: "ok" } });
    const model = createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "m1" });
    const run = new AbortController();
    for (let i = 0; i < 5; i++) {
      const reply = await model.complete([{ role: "user", content: `n${i}` }], [], run.signal);
      expect(reply.content).toBe("ok");
    }
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("still stops a request in flight when the run's signal aborts, with its reason", async () => {
    server = await startModelServer([{ hang: true }]);
    const model = createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "m1" });
    const run = new AbortController();
    const call = model.complete([{ role: "user", content: "hi" }], [], run.signal);
    setTimeout(() => run.abort(new Error("cancelled by the run")), 50);
    await expect(call).rejects.toThrow();
    expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
  });

  it("sends nothing for a signal aborted before the request", async () => {
    server = await startModelServer([]);
    const model = createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "m1" });
    const run = new AbortController();
    run.abort(new Error("cancelled"));
    await expect(
      model.complete([{ role: "user", content: "hi" }], [], run.signal),
    ).rejects.toThrow();
    expect(server.requests).toHaveLength(0);
  });
});
