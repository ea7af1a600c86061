// A scripted model for RLM runs: root turns, nested-RLM turns and child calls arrive concurrently
// at one loopback server, so requests are routed by their system prompt, not by arrival order.
import { MemoryJournal } from "../../src/journal/journal.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import { CHILD_SYSTEM } from "../../src/rlm/children.js";
import { runRlm, type RlmOptions, type RlmResult } from "../../src/rlm/engine.js";
import { RLM_SYSTEM_PROMPT } from "../../src/rlm/prompt.js";
import {
  messageText,
  startModelServer,
  type ModelServer,
  type RecordedRequest,
  type ReplyStep,
  type StaticStep,
} from "../support/model-server.js";

/** A root reply holding one ```repl block. */
export const repl = (code: string, extra: Omit<ReplyStep, "content"> = {}): ReplyStep => ({
  content: "```repl\n" + code + "\n```",
  ...extra,
});

export type Role = "root" | "nested" | "child";

export function roleOf(req: RecordedRequest): Role {
  const [system, first] = req.body.messages;
  const text = system ? messageText(system) : "";
  if (text === CHILD_SYSTEM) return "child";
  if (text !== RLM_SYSTEM_PROMPT) throw new Error(`unexpected system prompt: ${text.slice(0, 80)}`);
  return first && messageText(first).startsWith("You are a nested RLM") ? "nested" : "root";
}

/** The user text of a child request: prompt plus slice. */
export const childText = (req: RecordedRequest) => messageText(req.body.messages.at(-1)!);

export interface Script {
  root: StaticStep[];
  nested?: StaticStep[];
  /** Answers child calls; default: "ok: " and the first line of the prompt. */
  child?: (text: string, req: RecordedRequest) => StaticStep | Promise<StaticStep>;
}

export interface RlmWorld {
  server: ModelServer;
  journal: MemoryJournal;
  requests(role: Role): RecordedRequest[];
  run(options: Partial<RlmOptions>): Promise<RlmResult>;
  close(): Promise<void>;
}

export async function rlmWorld(script: Script): Promise<RlmWorld> {
  const root = [...script.root];
  const nested = [...(script.nested ?? [])];
  const server = await startModelServer([], {
    fallback: async (req) => {
      const role = roleOf(req);
      if (role === "child")
        return script.child
          ? script.child(childText(req), req)
          : { content: `ok: ${childText(req).split("\n")[0]}` };
      const next = (role === "root" ? root : nested).shift();
      if (!next) throw new Error(`the ${role} script is empty at request #${req.index}`);
      return next;
    },
  });
  const journal = new MemoryJournal();
  return {
    server,
    journal,
    requests: (role) => server.requests.filter((r) => roleOf(r) === role),
    run: (options) =>
      runRlm({
        input: { text: "" },
        question: "What does the input say?",
        model: createOpenAIModel({ baseUrl: server.url, apiKey: "sk-test", model: "root-model" }),
        childModel: createOpenAIModel({
          baseUrl: server.url,
          apiKey: "sk-test",
          model: "child-model",
        }),
        journal,
        retry: { attempts: 2, baseDelayMs: 1, maxDelayMs: 5 },
        ...options,
      }),
    async close() {
      await server.close();
      const left = [...root.map(() => "root"), ...nested.map(() => "nested")];
      if (left.length) throw new Error(`scripted steps never used: ${left.join(", ")}`);
      server.assertDone();
    },
  };
}

/** The user message fed back after the root turn `n` (1-based). */
export function feedbackAfter(world: RlmWorld, n: number): string {
  const req = world.requests("root")[n];
  if (!req) throw new Error(`no root request after turn ${n}`);
  return messageText(req.body.messages.at(-1)!);
}
