import { NO_MEMORY } from "../context/session-context.js";
import type { ModePorts } from "../modes/ports.js";
import type { RunFacts } from "../run-facts.js";

/**
 * Ports for a run that does no I/O (an ignored event, a stop): every port that would reach a
 * model, GitHub or git says it is not available, so a mode that wrongly uses one fails loudly.
 */
export function idlePorts(run: Omit<RunFacts, "redact">): ModePorts {
  return {
    ...run,
    model: () => Promise.reject(new Error("the model is not available to this run")),
    memory: () => Promise.resolve(NO_MEMORY),
    memoryStore: () => Promise.reject(new Error("the memory store is not available to this run")),
    access: () => Promise.resolve(undefined),
    work: {
      target: () => Promise.reject(new Error("no workspace is available to this run")),
      open: () => Promise.reject(new Error("no workspace is available to this run")),
    },
    ci: () => Promise.reject(new Error("GitHub Actions are not available to this run")),
    outputCap: run.settings.maxOutputTokens,
    resentRequests: () => 0,
    progress: () => undefined,
    lastReview: () => Promise.reject(new Error("GitHub is not available to this run")),
    reviewThreads: () => Promise.reject(new Error("GitHub is not available to this run")),
    permissionOf: () => Promise.reject(new Error("GitHub is not available to this run")),
    selfLogin: () => Promise.reject(new Error("GitHub is not available to this run")),
    redact: (text) => text,
  };
}
