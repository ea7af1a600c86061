// What the adapter tells the run's journal. Declared here, beside the adapter, and taken into
// the journal's union (journal/events.ts), so that the model port needs no journal code.

export type NegotiationEvent =
  /**
   * An endpoint refused a parameter: the request went again without it (or with its
   * alternative), and no later request of the run to that base URL and model carries it.
   */
  | {
      type: "model.negotiated";
      baseUrl: string;
      model: string;
      /** What was refused: `max_tokens`, `response_format json_schema`, `prompt_cache_key`… */
      refused: string;
      /** What is sent in its place: the other cap name, `response_format json_object`, or `nothing`. */
      instead: string;
      status: number;
      /** The server's words, on one line and cut short. */
      error: string;
    }
  /** The run made its first client for `model` at `baseUrl`; `key` says whether one was given. */
  | { type: "model.endpoint"; baseUrl: string; model: string; key: boolean }
  /** A reply counted reasoning tokens: the default completion cap rose for the rest of the run. */
  | { type: "model.cap_raised"; from: number; to: number };

/** Where the adapter reports what it learned: the run's journal, or nothing. */
export interface NegotiationSink {
  emit(event: NegotiationEvent): void;
}
