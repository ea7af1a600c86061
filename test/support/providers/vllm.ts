// vLLM's OpenAI-compatible server (`vllm serve`, http://localhost:8000/v1).
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, wire, type EmulatedReply, type RawAnswer } from "./shapes.js";

export interface VllmOptions extends EmulatorOptions {
  /**
   * Started with --enable-auto-tool-choice and a --tool-call-parser (default). Without them a
   * request whose tool_choice is "auto" is refused
   * (https://github.com/vllm-project/vllm/issues/9986).
   */
  autoToolChoice?: boolean;
  /**
   * Releases before the error envelope: the error object at the top level, not under `error`
   * (https://github.com/vllm-project/vllm/pull/17664).
   */
  legacyErrors?: boolean;
}

function rules(opts: VllmOptions): ProviderRules {
  const error = (status: number, message: string): RawAnswer => {
    const fields = { message, type: "BadRequestError", param: null, code: status };
    // https://github.com/vllm-project/vllm/pull/37011 shows the current envelope.
    return { status, body: opts.legacyErrors ? { object: "error", ...fields } : { error: fields } };
  };
  return {
    name: "vllm",
    basePath: "/v1",
    // Fields vLLM does not know are accepted and only logged
    // (https://github.com/vllm-project/vllm/pull/10463, https://github.com/vllm-project/guidellm/issues/208).
    check(req: RecordedRequest): RawAnswer | undefined {
      const body = bodyOf(req);
      if (opts.autoToolChoice === false && body.tool_choice === "auto")
        return error(
          400,
          '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
        );
      return undefined;
    },
    shape(completion: Record<string, unknown>, reply: EmulatedReply) {
      const out = wire(completion);
      const choice = out.choices[0]!;
      // https://github.com/vllm-project/guidellm/issues/208: every message has a tool_calls list
      // (empty when none) and every choice a stop_reason.
      choice.message.tool_calls ??= [];
      choice.stop_reason = null;
      // https://github.com/vllm-project/vllm/pull/27752 and /pull/33402: reasoning is in
      // `reasoning`; `reasoning_content` was removed.
      if (reply.reasoning !== undefined) choice.message.reasoning = reply.reasoning;
      return out;
    },
  };
}

export function startVllm(opts: VllmOptions = {}): Promise<Emulator> {
  return startEmulator(rules(opts), opts);
}

/** https://github.com/vllm-project/vllm/issues/3145: an unhandled failure is plain text. */
export const VLLM_CRASH: RawAnswer = {
  status: 500,
  body: "Internal Server Error",
  contentType: "text/plain; charset=utf-8",
};
