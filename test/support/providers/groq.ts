// Groq (https://api.groq.com/openai/v1), per https://console.groq.com/docs/openai.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, messagesOf, type RawAnswer } from "./shapes.js";

export interface GroqOptions extends EmulatorOptions {
  /**
   * Refuse max_completion_tokens, as Groq did in September 2024
   * (https://github.com/tmc/langchaingo/issues/1028). Whether it still does was not confirmed.
   */
  refuseMaxCompletionTokens?: boolean;
}

// The docs list these as "not supported and will result in a 400 error"; the wording of those
// errors was not found, so the messages are the emulator's, in Groq's envelope.
const NOT_SUPPORTED = ["logprobs", "logit_bias", "top_logprobs"];

/** Groq's envelope: message and type only (https://github.com/agno-agi/agno/issues/1065). */
function groqError(message: string): RawAnswer {
  return { status: 400, body: { error: { message, type: "invalid_request_error" } } };
}

function rules(opts: GroqOptions): ProviderRules {
  return {
    name: "groq",
    basePath: "/openai/v1",
    check(req: RecordedRequest): RawAnswer | undefined {
      const body = bodyOf(req);
      for (const param of NOT_SUPPORTED)
        if (param in body) return groqError(`property '${param}' is unsupported`);
      if (body.n !== undefined && body.n !== 1) return groqError("'n' : number must be at most 1");
      if (messagesOf(req).some((m) => "name" in m))
        return groqError("'messages.name' : property 'name' is unsupported");
      if ((opts.refuseMaxCompletionTokens ?? true) && "max_completion_tokens" in body)
        return groqError(
          "property 'max_completion_tokens' is unsupported, did you mean 'max_tokens'?",
        );
      // https://github.com/agno-agi/agno/issues/1065
      const format = body.response_format as { type?: string } | undefined;
      const tools = body.tools;
      if (format?.type === "json_object" && Array.isArray(tools) && tools.length)
        return groqError(
          "response_format` json_object cannot be combined with tool/function calling",
        );
      return undefined;
    },
  };
}

/**
 * https://github.com/groq/groq-typescript/issues/28: the model's tool call did not parse; a 400
 * with code tool_use_failed and the raw generation. Not a refused parameter: never resend it.
 */
export function groqToolUseFailed(generation = "<function=git_diff>{}</function>"): {
  raw: RawAnswer;
} {
  const error = {
    message:
      "Failed to call a function. Please adjust your prompt. See 'failed_generation' for more details.",
    type: "invalid_request_error",
    code: "tool_use_failed",
    failed_generation: generation,
  };
  return { raw: { status: 400, body: { error } } };
}

export function startGroq(opts: GroqOptions = {}): Promise<Emulator> {
  return startEmulator(rules(opts), opts);
}
