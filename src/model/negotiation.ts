// What a run learns about its model endpoints, shared by every model client of the run (the tool
// loop, child reviewers, the RLM root and its children, the triage digest, replay). A parameter
// a server refused is never sent to it again; while it is not yet known whether a server takes a
// parameter, one request finds out and the others wait for its answer, so a review's first
// dozen concurrent child requests do not all fail the same way.
import type { NegotiationSink } from "./negotiation-events.js";
import {
  tokenLimitParamFor,
  type ReasoningEffort,
  type TokenLimitParam,
  type TokenLimitSetting,
} from "./endpoint.js";
import { apiErrorText } from "./error-body.js";
import { DEFAULT_OUTPUT_TOKENS, OutputCap } from "./output-cap.js";
import { refusedParams } from "./refusal.js";
import { describeFeature, replacementOf, wireParams, type WireWants } from "./wire-params.js";

export interface NegotiationOptions {
  /** `token-limit-param`: which cap name goes first (`auto`: by the endpoint). */
  tokenLimitParam?: TokenLimitSetting;
  /** `reasoning-effort`, sent with every request when set. */
  reasoningEffort?: ReasoningEffort | undefined;
  /** `max-output-tokens` as the run starts, and whether the user set it (then it never moves). */
  outputTokens?: { tokens: number; explicit: boolean };
  /** Where what is learned is recorded. */
  journal?: NegotiationSink;
}

/** Resolves when `turn` settles, or rejects when `signal` aborts first; leaves no listener. */
function waitFor(turn: Promise<void>, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener("abort", onAbort, { once: true });
    void turn.then(() => {
      signal.removeEventListener("abort", onAbort);
      resolve();
    });
  });
}

/** Most times one request is sent again: each resend follows a refusal that taught something. */
const MAX_RESENDS = 8;

/** One base URL and model: what it accepted, what it refused, and the request finding out. */
export class EndpointKnowledge {
  readonly accepted = new Set<string>();
  readonly refused = new Set<string>();
  /** Settles when the request sent while something was unknown is answered. */
  private probe: Promise<void> | undefined;
  readonly prefer: TokenLimitParam;

  constructor(
    readonly baseUrl: string,
    readonly model: string,
    private readonly run: ModelNegotiation,
  ) {
    this.prefer = tokenLimitParamFor(baseUrl, run.tokenLimitParam);
  }

  /**
   * Sends one request with the parameters this endpoint takes. A refusal that names a parameter
   * the request carried is learned and the request sent again, adapted; any other failure is
   * the caller's, unchanged.
   */
  async exchange<T>(
    wants: WireWants,
    send: (params: Record<string, unknown>) => Promise<T>,
    signal: AbortSignal,
  ): Promise<T> {
    for (let resends = 0; ;) {
      const { params, features } = wireParams(wants, this.prefer, this.refused);
      const unknown = features.filter((f) => !this.accepted.has(f.id));
      if (unknown.length > 0 && this.probe) {
        await waitFor(this.probe, signal);
        continue;
      }
      let release: (() => void) | undefined;
      if (unknown.length > 0) this.probe = new Promise<void>((resolve) => (release = resolve));
      try {
        const reply = await send(params);
        for (const f of unknown) this.accepted.add(f.id);
        return reply;
      } catch (error) {
        const params = new Set(refusedParams(error, [...new Set(features.map((f) => f.param))]));
        // What this request carried and was refused: never in the next body, so each resend
        // differs from the last (a request sent before another learned the same is resent too).
        const refused = features.filter((f) => params.has(f.param));
        if (refused.length === 0 || resends >= MAX_RESENDS || signal.aborted) throw error;
        const learned = refused.filter((f) => !this.refused.has(f.id));
        for (const f of refused) {
          this.accepted.delete(f.id);
          this.refused.add(f.id);
        }
        for (const f of learned)
          this.run.journal?.emit({
            type: "model.negotiated",
            baseUrl: this.baseUrl,
            model: this.model,
            refused: describeFeature(f),
            instead: replacementOf(f, this.refused),
            status: (error as { status: number }).status,
            error: apiErrorText(error),
          });
        resends++;
        this.run.countResent();
      } finally {
        if (release) {
          this.probe = undefined;
          release();
        }
      }
    }
  }
}

/**
 * The run's model wire: its choices (cap name, reasoning effort, completion cap) and what it has
 * learned of each endpoint. Create one per run and pass it to every `createOpenAIModel`.
 */
export class ModelNegotiation {
  readonly tokenLimitParam: TokenLimitSetting;
  readonly reasoningEffort: ReasoningEffort | undefined;
  readonly outputCap: OutputCap;
  readonly journal: NegotiationOptions["journal"];
  private readonly endpoints = new Map<string, EndpointKnowledge>();
  private resent = 0;

  constructor(opts: NegotiationOptions = {}) {
    this.tokenLimitParam = opts.tokenLimitParam ?? "auto";
    this.reasoningEffort = opts.reasoningEffort;
    this.journal = opts.journal;
    const start = opts.outputTokens ?? { tokens: DEFAULT_OUTPUT_TOKENS, explicit: false };
    this.outputCap = new OutputCap(start.tokens, start.explicit, (from, to) =>
      this.journal?.emit({ type: "model.cap_raised", from, to }),
    );
  }

  /**
   * Requests an endpoint refused for a parameter and that were sent again: each reached the
   * server, so a count of the run's requests includes them.
   */
  get resentRequests(): number {
    return this.resent;
  }

  /** @internal One refused request was sent again (see `EndpointKnowledge.exchange`). */
  countResent(): void {
    this.resent++;
  }

  /** What the run knows of `model` at `baseUrl`, the same object for every client of it. */
  endpoint(baseUrl: string, model: string): EndpointKnowledge {
    const key = `${baseUrl.replace(/\/+$/, "")}\n${model}`;
    let known = this.endpoints.get(key);
    if (!known) {
      known = new EndpointKnowledge(baseUrl, model, this);
      this.endpoints.set(key, known);
    }
    return known;
  }
}

/** The run's negotiation from its settings, recording what it learns in `journal`. */
export function negotiationFor(
  settings: {
    tokenLimitParam: TokenLimitSetting;
    reasoningEffort: ReasoningEffort | undefined;
    maxOutputTokens: number;
    maxOutputTokensSet: boolean;
  },
  journal: NegotiationSink | undefined,
): ModelNegotiation {
  return new ModelNegotiation({
    tokenLimitParam: settings.tokenLimitParam,
    reasoningEffort: settings.reasoningEffort,
    outputTokens: { tokens: settings.maxOutputTokens, explicit: settings.maxOutputTokensSet },
    ...(journal ? { journal } : {}),
  });
}
