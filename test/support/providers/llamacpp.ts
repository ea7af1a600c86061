// llama.cpp's server, llama-server (http://localhost:8080/v1).
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, wire, type EmulatedReply, type RawAnswer } from "./shapes.js";

export interface LlamaCppOptions extends EmulatorOptions {
  /**
   * Started without --jinja: a request with tools is a 500
   * (https://github.com/containers/ramalama/issues/988, https://github.com/defilantech/LLMKube/issues/126).
   */
  jinja?: boolean;
  /**
   * Tool-call arguments as a JSON object instead of a string: the server's behaviour for a while
   * in 2026 (https://github.com/ggml-org/llama.cpp/issues/20198), then behind --tool-args-object
   * (https://github.com/ggml-org/llama.cpp/pull/20202).
   */
  toolArgsObject?: boolean;
  /** Builds before https://github.com/ggml-org/llama.cpp/pull/12292 sent tool calls an empty id. */
  emptyToolCallIds?: boolean;
}

function rules(opts: LlamaCppOptions): ProviderRules {
  return {
    name: "llama.cpp",
    basePath: "/v1",
    check(req: RecordedRequest): RawAnswer | undefined {
      const tools = bodyOf(req).tools;
      if (opts.jinja === false && Array.isArray(tools) && tools.length > 0)
        return {
          status: 500,
          body: {
            error: {
              code: 500,
              message: "tools param requires --jinja flag",
              type: "server_error",
            },
          },
        };
      return undefined;
    },
    shape(completion: Record<string, unknown>, reply: EmulatedReply) {
      const out = wire(completion);
      const message = out.choices[0]!.message;
      // https://github.com/ggml-org/llama.cpp/pull/11607: with --reasoning-format deepseek (the
      // default) a thinking model's reasoning is in reasoning_content beside content.
      if (reply.reasoning !== undefined) message.reasoning_content = reply.reasoning;
      for (const call of message.tool_calls ?? []) {
        if (opts.emptyToolCallIds) call.id = "";
        if (opts.toolArgsObject && typeof call.function.arguments === "string")
          call.function.arguments = JSON.parse(call.function.arguments) as unknown;
      }
      // https://github.com/openai-php/client/issues/780: replies carry llama.cpp's own `timings`.
      out.timings = {
        prompt_n: out.usage?.prompt_tokens,
        predicted_n: out.usage?.completion_tokens,
      };
      return out;
    },
  };
}

export function startLlamaCpp(opts: LlamaCppOptions = {}): Promise<Emulator> {
  return startEmulator(rules(opts), opts);
}
