// The journal's record of where a run's model requests go: the base URL (never a key, never a
// user name or password in the URL) and whether a key was given, once per model.
import { safeUrl } from "../config/endpoint.js";
import type { NegotiationSink } from "./negotiation-events.js";

/** Returns a function to call with each model a client is made for; it records each one once. */
export function endpointRecorder(
  settings: { baseUrl: string; apiKey: string | undefined },
  journal: NegotiationSink,
): (model: string) => void {
  const seen = new Set<string>();
  return (model) => {
    if (seen.has(model)) return;
    seen.add(model);
    journal.emit({
      type: "model.endpoint",
      baseUrl: safeUrl(settings.baseUrl),
      model,
      key: (settings.apiKey ?? "") !== "",
    });
  };
}
