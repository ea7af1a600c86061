import OpenAI from "openai";
import { describe, expect, it } from "vitest";
import { NEGOTIABLE_PARAMS, refusedParams } from "../../src/model/refusal.js";

/** An SDK error as the openai client builds it from a JSON error body. */
function apiError(
  status: number,
  error: Record<string, unknown>,
): InstanceType<typeof OpenAI.APIError> {
  return OpenAI.APIError.generate(status, { error }, undefined, new Headers());
}

/** An SDK error from a plain-text body. */
function textError(status: number, text: string): InstanceType<typeof OpenAI.APIError> {
  return OpenAI.APIError.generate(status, undefined, text, new Headers());
}

const ALL = [...NEGOTIABLE_PARAMS];

describe("refusedParams", () => {
  it("reads OpenAI's unsupported_parameter, naming the refused name and not the one suggested", () => {
    const error = apiError(400, {
      message:
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      type: "invalid_request_error",
      param: "max_tokens",
      code: "unsupported_parameter",
    });
    expect(refusedParams(error, ["max_tokens", "max_completion_tokens"])).toEqual(["max_tokens"]);
  });

  it("reads a refused value (temperature) from OpenAI's unsupported_value", () => {
    const error = apiError(400, {
      message:
        "Unsupported value: 'temperature' does not support 0.2 with this model. Only the default (1) value is supported.",
      type: "invalid_request_error",
      param: "temperature",
      code: "unsupported_value",
    });
    expect(refusedParams(error, ALL)).toEqual(["temperature"]);
  });

  it("reads Azure's unrecognized argument, which has no param", () => {
    const error = apiError(400, {
      message: "Unrecognized request argument supplied: max_completion_tokens",
      type: "invalid_request_error",
      param: null,
      code: null,
    });
    expect(refusedParams(error, ["max_completion_tokens", "tool_choice"])).toEqual([
      "max_completion_tokens",
    ]);
  });

  it("reads a plain-text body, and a 422", () => {
    expect(refusedParams(textError(400, "unsupported parameter: prompt_cache_key"), ALL)).toEqual([
      "prompt_cache_key",
    ]);
    expect(
      refusedParams(textError(422, "property 'reasoning_effort' is unsupported"), ALL),
    ).toEqual(["reasoning_effort"]);
  });

  it("reads a provider error passed on inside a message, as text or as JSON", () => {
    const inner = JSON.stringify({
      error: {
        code: 400,
        message:
          'Invalid JSON payload received. Unknown name "parallel_tool_calls": Cannot find field.',
      },
    });
    const error = apiError(400, { message: `Error from provider: ${inner}`, code: null });
    expect(refusedParams(error, ALL)).toEqual(["parallel_tool_calls"]);
    expect(refusedParams(apiError(400, { message: inner }), ALL)).toEqual(["parallel_tool_calls"]);
  });

  it("is not a refusal when the parameter is only badly set, or another field is wrong", () => {
    const tooLarge = apiError(400, {
      message:
        "max_tokens is too large: 200000. This model supports at most 16384 completion tokens, whereas you provided 200000.",
      type: "invalid_request_error",
      param: "max_tokens",
      code: "invalid_value",
    });
    expect(refusedParams(tooLarge, ALL)).toEqual([]);
    const schema = apiError(400, {
      message:
        "Invalid schema for response_format 'findings': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Extra required key 'note' supplied.",
      type: "invalid_request_error",
      param: "response_format",
      code: null,
    });
    expect(refusedParams(schema, ALL)).toEqual([]);
    const messages = apiError(400, {
      message: "Unknown role 'developer' in messages[0]",
      param: "messages",
      code: null,
    });
    expect(refusedParams(messages, ALL)).toEqual([]);
  });

  it("counts only parameters the request carried, and only a 400 or 422", () => {
    const error = apiError(400, {
      message: "Unsupported parameter: 'temperature' is not supported with this model.",
      param: "temperature",
      code: "unsupported_parameter",
    });
    expect(refusedParams(error, ["max_tokens"])).toEqual([]);
    const server = OpenAI.APIError.generate(
      500,
      { error: { message: "unsupported parameter: temperature" } },
      undefined,
      new Headers(),
    );
    expect(refusedParams(server, ALL)).toEqual([]);
    expect(refusedParams(new Error("unsupported parameter: temperature"), ALL)).toEqual([]);
  });
});
