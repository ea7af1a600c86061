import type { Settings } from "../config/settings.js";
import { NO_MEMORY } from "../context/session-context.js";
import type { Journal } from "../journal/journal.js";
import type { Trigger } from "../trigger/trigger.js";
import type { ModePorts } from "../modes/ports.js";

/**
 * Ports for a run that does no I/O (an ignored event, a stop): every port that would reach a
 * model, GitHub or git says it is not available, so a mode that wrongly uses one fails loudly.
 */
export function idlePorts(run: {
  settings: Settings;
  trigger: Trigger;
  journal: Journal;
  signal: AbortSignal;
  journalName: string;
  started: number;
}): ModePorts {
  return {
    ...run,
    model: () => Promise.reject(new Error("the model is not available to this run")),
    memory: () => Promise.resolve(NO_MEMORY),
    memoryStore: () => Promise.reject(new Error("the memory store is not available to this run")),
    access: undefined,
    work: {
      target: () => Promise.reject(new Error("no workspace is available to this run")),
      open: () => Promise.reject(new Error("no workspace is available to this run")),
    },
    ci: () => Promise.reject(new Error("GitHub Actions are not available to this run")),
    progress: () => undefined,
    redact: (text) => text,
  };
}
