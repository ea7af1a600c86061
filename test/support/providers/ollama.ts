// Ollama's OpenAI compatibility (http://localhost:11434/v1), documented at
// https://docs.ollama.com/api/openai-compatibility: the key is required by clients but ignored.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, retotal, wire, type EmulatedReply, type RawAnswer } from "./shapes.js";

export interface OllamaOptions extends EmulatorOptions {
  /** Models pulled on this server (default: any model is there). */
  models?: string[];
  /**
   * A thinking model answering through /v1 with all its text in `reasoning` and none in
   * `content` (https://github.com/ollama/ollama/issues/15288).
   */
  reasoningOnly?: boolean;
}

function rules(opts: OllamaOptions): ProviderRules {
  return {
    name: "ollama",
    basePath: "/v1",
    // https://github.com/hoornet/nives/issues/1: a path it does not serve (a base URL without
    // /v1) is a text/plain "404 page not found", not JSON.
    notFound: () => ({ status: 404, body: "404 page not found", contentType: "text/plain" }),
    check(req: RecordedRequest): RawAnswer | undefined {
      const model = String(bodyOf(req).model);
      if (!opts.models || opts.models.includes(model)) return undefined;
      // https://github.com/netease-youdao/QAnything/issues/555
      return {
        status: 404,
        body: {
          error: {
            message: `model "${model}" not found, try pulling it first`,
            type: "api_error",
            param: null,
            code: null,
          },
        },
      };
    },
    shape(completion: Record<string, unknown>, reply: EmulatedReply, req: RecordedRequest) {
      const out = wire(completion);
      const message = out.choices[0]!.message;
      // https://github.com/ollama/ollama/issues/7125: max_completion_tokens is accepted and
      // ignored; only max_tokens caps. A reply under an ignored cap runs to the model's end.
      const body = bodyOf(req);
      const cap = typeof body.max_tokens === "number" ? body.max_tokens : undefined;
      if (cap !== undefined && out.usage && Number(out.usage.completion_tokens) > cap) {
        out.choices[0]!.finish_reason = "length";
        out.usage.completion_tokens = cap;
        retotal(out.usage);
      }
      // https://github.com/tidyverse/ellmer/pull/981, issue 15288: reasoning in `reasoning`.
      if (reply.reasoning !== undefined) message.reasoning = reply.reasoning;
      if (opts.reasoningOnly && message.content) {
        message.reasoning = message.content;
        message.content = "";
      }
      // Tool calls finish as "tool_calls" (https://github.com/ollama/ollama/pull/5995).
      return out;
    },
  };
}

export function startOllama(opts: OllamaOptions = {}): Promise<Emulator> {
  return startEmulator(rules(opts), opts);
}
