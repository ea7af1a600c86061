// A model as a reasoning model's server reports it: of each reply's completion tokens, a share was
// spent thinking (`completion_tokens_details.reasoning_tokens`, which the adapter turns into
// `Usage.reasoningTokens`). The counts the wrapped model returned are kept as they are: reasoning
// is a part of the completion, never more tokens.
import type { ModelPort } from "../../src/model/port.js";

/** `model`, each reply's usage saying that `share` of its completion tokens were reasoning. */
export function reportingReasoning(model: ModelPort, share = 0.5): ModelPort {
  return {
    model: model.model,
    async complete(messages, tools, signal, options) {
      const reply = await model.complete(messages, tools, signal, options);
      const reasoningTokens = Math.floor(reply.usage.completionTokens * share);
      return { ...reply, usage: { ...reply.usage, reasoningTokens } };
    },
  };
}
