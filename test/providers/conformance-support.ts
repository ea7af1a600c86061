// What the conformance suite runs against each provider emulator: the adapter as Rivumi builds
// it (base URL, key, model as a user would configure them) and one tiny review end to end.
import { ModelNegotiation, type NegotiationOptions } from "../../src/model/negotiation.js";
import { createOpenAIModel } from "../../src/model/openai-model.js";
import type { ModelPort, StructuredReply } from "../../src/model/port.js";
import type { Outcome, ReviewResult } from "../../src/outcome/outcome.js";
import { AZURE_KEY } from "../support/providers/azure.js";
import { azureUrl, resolveAzureToLoopback } from "../support/providers/azure-host.js";
import type { Emulator, EmulatorOptions, ProviderEntry } from "../support/providers/index.js";
import type { EmulatorStep } from "../support/providers/shapes.js";
import { codeLines, reviewWorld, type ReviewWorld } from "../support/review-world.js";

export interface Target {
  entry: ProviderEntry;
  emulator: Emulator;
  /** The base URL a user would set: an Azure host name for Azure, the loopback URL otherwise. */
  baseUrl: string;
  apiKey: string;
  model: string;
  close(): Promise<void>;
}

export async function target(
  entry: ProviderEntry,
  opts: EmulatorOptions = {},
  model = entry.model,
): Promise<Target> {
  const emulator = await entry.start(opts);
  const azure = entry.id === "azure";
  const restore = azure ? resolveAzureToLoopback() : undefined;
  return {
    entry,
    emulator,
    baseUrl: azure ? azureUrl(emulator.url) : emulator.url,
    apiKey: azure ? AZURE_KEY : "sk-conformance",
    model,
    async close() {
      await emulator.close();
      restore?.();
    },
  };
}

/** Runs `fn` against a fresh emulator of `entry`, closed afterwards whatever happens. */
export async function withTarget<T>(
  entry: ProviderEntry,
  opts: EmulatorOptions,
  fn: (t: Target) => Promise<T>,
  model?: string,
): Promise<T> {
  const t = await target(entry, opts, model);
  try {
    return await fn(t);
  } finally {
    await t.close();
  }
}

/**
 * The adapter for a target, with the run-wide choices a workflow would set (`token-limit-param`,
 * `reasoning-effort`), negotiating on its own as one run's clients do.
 */
export function adapterFor(t: Target, choices: NegotiationOptions = {}): ModelPort {
  return createOpenAIModel({
    baseUrl: t.baseUrl,
    apiKey: t.apiKey,
    model: t.model,
    negotiation: new ModelNegotiation(choices),
  });
}

export const SIGNAL = new AbortController().signal;

export const FINDINGS: StructuredReply = {
  name: "findings",
  schema: {
    type: "object",
    properties: {
      findings: {
        type: "array",
        items: {
          type: "object",
          properties: {
            path: { type: "string" },
            line: { type: "integer" },
            body: { type: "string" },
          },
          required: ["path", "line", "body"],
          additionalProperties: false,
        },
      },
    },
    required: ["findings"],
    additionalProperties: false,
  },
};

const BASE = {
  "src/api/handler.ts": codeLines("h", 5),
  "src/ui/view.ts": codeLines("v", 5),
};
const HEAD = {
  "src/api/handler.ts": codeLines("h", 4) + "export const added = 1;\n",
  "src/ui/view.ts": codeLines("v", 6),
};

/**
 * The tool loop's turns: two calls in one turn (one without arguments, one reading half the
 * diff), then the review. The other half is left to the child reviewers, so both kinds of
 * request meet the provider.
 */
export function loopScript(
  extra: Partial<Record<"first" | "second", object>> = {},
): EmulatorStep[] {
  return [
    {
      toolCalls: [
        { name: "list_files", arguments: {} },
        { name: "git_diff", arguments: { path: "src/api/handler.ts" } },
      ],
      ...extra.first,
    },
    {
      toolCalls: [{ name: "submit_review", arguments: { summary: "Looks fine.", findings: [] } }],
      ...extra.second,
    },
  ];
}

/** One small review of two files against the target, the world closed afterwards. */
export async function reviewAgainst(
  t: Target,
  inputs: Record<string, string> = {},
): Promise<{ outcome: Outcome<ReviewResult>; world: ReviewWorld }> {
  const world = await reviewWorld({
    baseFiles: BASE,
    headFiles: HEAD,
    modelServer: t.emulator,
    inputs: { "base-url": t.baseUrl, "api-key": t.apiKey, model: t.model, ...inputs },
  });
  try {
    return { outcome: await world.run(), world };
  } finally {
    await world.close();
  }
}
