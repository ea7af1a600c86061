// A model client wired to a refusing loopback server and a negotiation of its own, journaling
// into a list: what the negotiation tests set up for each case.
import type { JournalEvent } from "../../src/journal/events.js";
import { ModelNegotiation, type NegotiationOptions } from "../../src/model/negotiation.js";
import { createOpenAIModel, type OpenAIModelOptions } from "../../src/model/openai-model.js";
import type { ModelPort, ToolSpec } from "../../src/model/port.js";
import {
  startRefusingModelServer,
  type RefusingServer,
  type RefusingServerOptions,
} from "./refusing-model-server.js";

export interface NegotiatingModel {
  server: RefusingServer;
  events: JournalEvent[];
  negotiation: ModelNegotiation;
  model: ModelPort;
}

/** The server, a negotiation journaling into `events`, and a client "m1" of the server. */
export async function negotiatingModel(
  serverOpts: RefusingServerOptions,
  negotiationOpts: NegotiationOptions = {},
  modelOpts: Partial<OpenAIModelOptions> = {},
): Promise<NegotiatingModel> {
  const server = await startRefusingModelServer(serverOpts);
  const events: JournalEvent[] = [];
  const journal = { emit: (e: JournalEvent) => void events.push(e) };
  const negotiation = new ModelNegotiation({ journal, ...negotiationOpts });
  const model = createOpenAIModel({
    baseUrl: server.url,
    apiKey: "sk-test",
    model: "m1",
    negotiation,
    ...modelOpts,
  });
  return { server, events, negotiation, model };
}

/** One request of a user message, with the options and tools given. */
export const ask = (
  model: ModelPort,
  options: Parameters<ModelPort["complete"]>[3] = {},
  tools: ToolSpec[] = [],
) =>
  model.complete(
    [{ role: "user", content: "Answer in JSON." }],
    tools,
    new AbortController().signal,
    options,
  );

/** The `model.negotiated` events among `events`. */
export const negotiated = (events: JournalEvent[]) =>
  events.filter(
    (e): e is Extract<JournalEvent, { type: "model.negotiated" }> => e.type === "model.negotiated",
  );
