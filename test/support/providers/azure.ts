// Azure OpenAI's v1 endpoint (https://<resource>.openai.azure.com/openai/v1/): OpenAI's models
// and rules behind Azure's key header. The suite reaches it under an Azure host name that
// azure-host.ts resolves to the loopback server.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { openAIRefusal, openAIShape } from "./openai.js";
import type { RawAnswer } from "./shapes.js";

export const AZURE_KEY = "azure-test-key";

// https://github.com/SciSharp/BotSharp/issues/386: a wrong or missing key is a 401 whose error
// has a string code and no type or param.
const ACCESS_DENIED: RawAnswer = {
  status: 401,
  body: {
    error: {
      code: "401",
      message:
        "Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.",
    },
  },
};

/**
 * Key authentication is the `api-key` header (https://github.com/spring-projects/spring-ai/issues/259
 * citing https://learn.microsoft.com/en-us/azure/ai-services/openai/reference#authentication).
 * Whether the v1 endpoint also takes the key as a Bearer token was not confirmed: the emulator
 * accepts only `api-key`, so a client that sends its key any other way is told so.
 */
function azureRefusal(req: RecordedRequest): RawAnswer | undefined {
  if (req.headers["api-key"] !== AZURE_KEY) return ACCESS_DENIED;
  return openAIRefusal(req);
}

export const AZURE: ProviderRules = {
  name: "azure",
  // https://learn.microsoft.com/en-us/azure/ai-foundry/openai/api-version-lifecycle (v1 API)
  basePath: "/openai/v1",
  check: azureRefusal,
  shape: openAIShape,
};

export function startAzure(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(AZURE, opts);
}
