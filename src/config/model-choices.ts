// The model inputs' vocabulary and defaults: what settings accept, and what the adapter (model/)
// starts from. Kept here, below the adapter, so that reading the inputs needs no model code.

/** The two names a completion cap goes by on the wire. */
export type TokenLimitParam = "max_completion_tokens" | "max_tokens";

/** The `token-limit-param` input: `auto` decides by the endpoint. */
export type TokenLimitSetting = "auto" | TokenLimitParam;

export const TOKEN_LIMIT_SETTINGS = ["auto", "max_completion_tokens", "max_tokens"] as const;

/** The `reasoning-effort` input, sent as `reasoning_effort` only when set. */
export const REASONING_EFFORTS = ["minimal", "low", "medium", "high"] as const;
export type ReasoningEffort = (typeof REASONING_EFFORTS)[number];

/** The cap when neither `max-output-tokens` nor `reasoning-effort` is set. */
export const DEFAULT_OUTPUT_TOKENS = 4_096;
/** The default for a reasoning model: room to think and still answer. */
export const REASONING_OUTPUT_TOKENS = 16_384;
