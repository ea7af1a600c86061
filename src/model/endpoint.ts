// What the base URL alone says about an endpoint: which token-cap parameter it takes first and
// how it wants the key. Everything else is learned from its answers (see negotiation.ts).

export {
  REASONING_EFFORTS,
  TOKEN_LIMIT_SETTINGS,
  type ReasoningEffort,
  type TokenLimitParam,
  type TokenLimitSetting,
} from "../config/model-choices.js";
import type { TokenLimitParam, TokenLimitSetting } from "../config/model-choices.js";

const AZURE_SUFFIXES = [".openai.azure.com", ".cognitiveservices.azure.com"];

function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).hostname.toLowerCase();
  } catch {
    return "";
  }
}

/** Azure OpenAI's resource hosts, which take the key in an `api-key` header. */
export function isAzureEndpoint(baseUrl: string): boolean {
  const host = hostOf(baseUrl);
  return AZURE_SUFFIXES.some((suffix) => host.endsWith(suffix));
}

export function isOpenAIEndpoint(baseUrl: string): boolean {
  return hostOf(baseUrl) === "api.openai.com";
}

/**
 * The cap parameter sent first. Every current OpenAI model, on OpenAI and on Azure, takes
 * `max_completion_tokens` (reasoning models refuse `max_tokens`); most other servers only know
 * `max_tokens`. A refusal still switches to the other one (see negotiation.ts).
 */
export function tokenLimitParamFor(baseUrl: string, setting: TokenLimitSetting): TokenLimitParam {
  if (setting !== "auto") return setting;
  return isOpenAIEndpoint(baseUrl) || isAzureEndpoint(baseUrl)
    ? "max_completion_tokens"
    : "max_tokens";
}

/** The other name of the cap. */
export function otherTokenLimitParam(param: TokenLimitParam): TokenLimitParam {
  return param === "max_tokens" ? "max_completion_tokens" : "max_tokens";
}

/**
 * How the openai SDK sends the key. Azure's resource endpoints (the v1 one included) read
 * `api-key`; a `null` default header drops the SDK's own `Authorization: Bearer`, so the key
 * goes out once, in the header the host expects.
 */
export function keyOptions(
  baseUrl: string,
  apiKey: string | undefined,
): { apiKey: string; defaultHeaders?: Record<string, string | null> } {
  // Local servers (Ollama, llama.cpp) take any key; the SDK insists on one.
  const key = apiKey ?? "no-key";
  if (!isAzureEndpoint(baseUrl)) return { apiKey: key };
  return { apiKey: key, defaultHeaders: { "api-key": key, Authorization: null } };
}
