import * as z from "zod";
import {
  DEFAULT_OUTPUT_TOKENS,
  REASONING_EFFORTS,
  REASONING_OUTPUT_TOKENS,
  TOKEN_LIMIT_SETTINGS,
} from "./model-choices.js";

/** Reads one raw input value; "" when unset (the shape of `core.getInput`). */
export type InputReader = (name: string) => string;

/** A misconfigured input: the message names the input, what is wrong and the expected form. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

import {
  flag,
  globs,
  list,
  oneOf,
  optionalPositiveInt,
  optionalPrice,
  optionalText,
  positiveInt,
  trimmed,
  url,
} from "./input-types.js";
import { FIX_INPUTS, fixSettings, type FixSettings } from "./fix-inputs.js";

/** Every action input, keyed by its name in action.yml. */
const schema = z.object({
  /** Token for GitHub's API: comments, permissions, pull request data. */
  "github-token": trimmed.pipe(z.string().min(1, "is required (usually ${{ github.token }})")),
  /** Key for the OpenAI-compatible endpoint. */
  "api-key": optionalText,
  /** Base URL of any OpenAI-compatible chat-completions endpoint. */
  "base-url": url,
  /** Model name sent with every request. */
  model: trimmed.pipe(z.string().min(1, "is required, for example gpt-4.1-mini")),
  /** A task for the agent; on a pull request it replaces the default review task. */
  prompt: optionalText,
  /** Most model turns in one run. */
  "max-turns": positiveInt(30),
  /** Token budget of the whole run: prompt plus completion tokens over every request. */
  "max-tokens": positiveInt(400_000),
  /** Wall-clock limit; the run stops and publishes what it has. */
  "timeout-minutes": positiveInt(20),
  /** USD per million prompt tokens; with the output price it turns on cost accounting. */
  "price-input-per-mtok": optionalPrice,
  /** USD per million completion tokens. */
  "price-output-per-mtok": optionalPrice,
  /** Spending cap in USD, enforced when both prices are set. */
  "max-cost-usd": optionalPrice,
  /** Whose pull requests are reviewed: writers only, or everyone (untrusted mode). */
  "review-authors": trimmed
    .transform((s) => (s === "" ? "writers" : s.toLowerCase()))
    .pipe(z.enum(["writers", "everyone"], { message: "expected writers or everyone" })),
  /** Bot logins allowed to trigger Rivumi (comma or space separated). */
  "allow-bots": list,
  /** Login Rivumi comments as, when GraphQL `viewer` cannot tell. */
  "bot-login": optionalText,
  /** Names the sticky comment this job keeps; by default one per workflow and job. */
  "comment-key": trimmed.transform((s, ctx) => {
    if (s === "") return undefined;
    if (!/^[A-Za-z0-9._/-]{1,100}$/.test(s)) {
      ctx.addIssue({
        code: "custom",
        message: "expected up to 100 letters, digits, '.', '_', '/' or '-', for example review",
      });
      return z.NEVER;
    }
    return s;
  }),
  /** Keep the disposable workspace after the run (for debugging). */
  "keep-workspace": flag(false),
  /** User-layer instructions, always kept. */
  instructions: optionalText,
  /** A file (in the runner's checkout) with user-layer instructions. */
  "instructions-file": optionalText,
  /** Which commit a pull request's instruction files are read from. */
  "instructions-from": trimmed
    .transform((s) => (s === "" ? "base" : s.toLowerCase()))
    .pipe(z.enum(["base", "head"], { message: "expected base or head" })),
  /** Largest instruction document read, in bytes. */
  "instruction-max-bytes": positiveInt(32_768),
  /** Budget of the rendered instructions section, in bytes. */
  "instructions-total-bytes": positiveInt(65_536),
  /** Whether a deeper AGENTS.md/RIVUMI.md replaces the layers above it or adds to them. */
  "instructions-layering": trimmed
    .transform((s) => (s === "" ? "override" : s.toLowerCase()))
    .pipe(z.enum(["override", "stack"], { message: "expected override or stack" })),
  /** Give task runs by writers edit tools (write_file, apply_patch) in the workspace. */
  "allow-edits": flag(false),
  /** Send a prompt cache key: auto (OpenAI's endpoint only), on, or off. */
  "prompt-cache-key": trimmed
    .transform((s) => (s === "" ? "auto" : s.toLowerCase()))
    .pipe(z.enum(["auto", "on", "off"], { message: "expected auto, on or off" })),
  /** Branch holding the memory store. */
  "memory-branch": trimmed.transform((s) => (s === "" ? "rivumi-memory" : s)),
  /** owner/repo holding the memory store (org-wide memory); this repository when empty. */
  "memory-repository": trimmed.transform((s, ctx) => {
    if (s === "") return undefined;
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(s)) {
      ctx.addIssue({ code: "custom", message: "expected owner/repo" });
      return z.NEVER;
    }
    return s;
  }),
  /** Token for the memory repository; `github-token` when empty. */
  "memory-token": optionalText,
  /** Most memory entries injected into the prompt. */
  "memory-limit": positiveInt(20),
  /** Only files matching these globs are reviewed (comma or newline separated); all when empty. */
  "include-paths": globs,
  /** Files matching these globs are left out of the review, and counted as excluded. */
  "exclude-paths": globs,
  /** A file whose diff is larger than this many bytes is left out of the review as too large. */
  "max-file-bytes": positiveInt(1_000_000),
  /** Reviewable diff up to this many bytes goes to the tool loop first; larger ones to the RLM path. */
  "rlm-threshold-bytes": positiveInt(150_000),
  /** landlock: the RLM REPL confines itself (Landlock, seccomp) or runs no model code; none opts out. */
  "rlm-sandbox": trimmed
    .transform((s) => (s === "" ? "landlock" : s.toLowerCase()))
    .pipe(z.enum(["landlock", "none"], { message: "expected landlock or none" })),
  /**
   * Completion cap of every model request, reserved against the budget before it is sent. Unset:
   * 4,096, or 16,384 with `reasoning-effort` or once a reply counts reasoning tokens.
   */
  "max-output-tokens": optionalPositiveInt,
  /** The cap's parameter name: auto (max_completion_tokens for OpenAI and Azure, else max_tokens). */
  "token-limit-param": oneOf(TOKEN_LIMIT_SETTINGS, "auto"),
  /** A reasoning model's effort, sent as `reasoning_effort` only when set. */
  "reasoning-effort": oneOf(REASONING_EFFORTS),
  /** Model of the RLM engine's child calls (the per-batch reviewers); `model` when empty. */
  "child-model": optionalText,
  /** Child calls in flight at once. */
  "review-concurrency": positiveInt(4),
  /** Post findings on their lines as one pull request review (the summary stays in the comment). */
  "inline-comments": flag(true),
  /** Findings below this severity are counted in the comment, not posted on their lines. */
  "min-severity": trimmed
    .transform((s) => (s === "" ? "minor" : s.toLowerCase()))
    .pipe(
      z.enum(["critical", "major", "minor", "nit"], {
        message: "expected critical, major, minor or nit",
      }),
    ),
  /** Most inline comments in one review; the rest are listed in the comment, by severity. */
  "max-inline-comments": positiveInt(25),
  /** Resolve Rivumi's own review threads whose code was fixed (outdated, no reply, no new finding). */
  "resolve-outdated-threads": flag(true),
  /** incremental: a new push is reviewed from the last reviewed head; full: every push in full. */
  "review-scope": trimmed
    .transform((s) => (s === "" ? "incremental" : s.toLowerCase()))
    .pipe(z.enum(["incremental", "full"], { message: "expected incremental or full" })),
  /** Bytes of one failed job's log kept for triage; past it the head and the tail are kept. */
  "triage-log-max-bytes": positiveInt(256 * 1024 * 1024),
  /** Seconds a job log's download may go without receiving a byte before it is given up. */
  "triage-log-idle-seconds": positiveInt(60),
  /** Seconds one job log's download may take in all. */
  "triage-log-timeout-seconds": positiveInt(300),
  /** With no pull request (a push), open or update one issue per failure signature. */
  "triage-issue": flag(false),
  ...FIX_INPUTS,
});

export type Settings = Readonly<{
  githubToken: string;
  apiKey: string | undefined;
  baseUrl: string;
  model: string;
  prompt: string | undefined;
  maxTurns: number;
  maxTokens: number;
  timeoutMinutes: number;
  prices: { inputPerMTok: number; outputPerMTok: number } | undefined;
  maxCostUsd: number | undefined;
  reviewAuthors: "writers" | "everyone";
  allowBots: readonly string[];
  botLogin: string | undefined;
  commentKey: string | undefined;
  keepWorkspace: boolean;
  instructions: string | undefined;
  instructionsFile: string | undefined;
  instructionsFrom: "base" | "head";
  instructionMaxBytes: number;
  instructionsTotalBytes: number;
  instructionsLayering: "override" | "stack";
  allowEdits: boolean;
  promptCacheKey: "auto" | "on" | "off";
  memory: Readonly<{
    branch: string;
    repository: string | undefined;
    token: string | undefined;
    limit: number;
  }>;
  includePaths: readonly string[];
  excludePaths: readonly string[];
  maxFileBytes: number;
  rlmThresholdBytes: number;
  rlmSandbox: "landlock" | "none";
  /** The completion cap the run starts with (see `max-output-tokens`). */
  maxOutputTokens: number;
  /** `max-output-tokens` was set: the cap never rises by itself. */
  maxOutputTokensSet: boolean;
  tokenLimitParam: "auto" | "max_completion_tokens" | "max_tokens";
  reasoningEffort: "minimal" | "low" | "medium" | "high" | undefined;
  childModel: string | undefined;
  reviewConcurrency: number;
  triage: Readonly<{
    logMaxBytes: number;
    /** Each log download's own deadlines: without a byte, and in all. */
    logIdleSeconds: number;
    logTimeoutSeconds: number;
    issue: boolean;
  }>;
  reviewScope: "incremental" | "full";
  inline: Readonly<{
    comments: boolean;
    minSeverity: "critical" | "major" | "minor" | "nit";
    maxComments: number;
    resolveOutdated: boolean;
  }>;
  fix: FixSettings;
}>;

export const INPUT_NAMES = Object.keys(schema.shape) as (keyof typeof schema.shape)[];

/** Inputs whose values never appear in an error message. */
const SECRET_INPUTS = new Set(["github-token", "api-key", "memory-token"]);

/** Parses every input once into a frozen Settings object, or throws a SettingsError. */
export function parseSettings(read: InputReader): Settings {
  const raw = Object.fromEntries(INPUT_NAMES.map((name) => [name, read(name)]));
  // Parsed once per run: zod's compiled fast path (a `new Function` per object schema) costs the
  // start-up more than it could ever save here.
  const parsed = schema.safeParse(raw, { jitless: true });
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "?");
      const shown = raw[name] && !SECRET_INPUTS.has(name) ? ` (got "${raw[name]}")` : "";
      return `input '${name}'${shown}: ${issue.message}`;
    });
    throw new SettingsError(lines.join("; "));
  }
  const v = parsed.data;
  const inP = v["price-input-per-mtok"];
  const outP = v["price-output-per-mtok"];
  if ((inP === undefined) !== (outP === undefined)) {
    throw new SettingsError(
      "inputs 'price-input-per-mtok' and 'price-output-per-mtok' go together: set both (USD per million tokens) or neither",
    );
  }
  if (v["max-cost-usd"] !== undefined && inP === undefined) {
    throw new SettingsError(
      "input 'max-cost-usd' needs 'price-input-per-mtok' and 'price-output-per-mtok' to compute cost",
    );
  }
  return Object.freeze({
    githubToken: v["github-token"],
    apiKey: v["api-key"],
    baseUrl: v["base-url"],
    model: v.model,
    prompt: v.prompt,
    maxTurns: v["max-turns"],
    maxTokens: v["max-tokens"],
    timeoutMinutes: v["timeout-minutes"],
    prices:
      inP !== undefined && outP !== undefined
        ? { inputPerMTok: inP, outputPerMTok: outP }
        : undefined,
    maxCostUsd: v["max-cost-usd"],
    reviewAuthors: v["review-authors"],
    allowBots: Object.freeze(v["allow-bots"]),
    botLogin: v["bot-login"],
    commentKey: v["comment-key"],
    keepWorkspace: v["keep-workspace"],
    instructions: v.instructions,
    instructionsFile: v["instructions-file"],
    instructionsFrom: v["instructions-from"],
    instructionMaxBytes: v["instruction-max-bytes"],
    instructionsTotalBytes: v["instructions-total-bytes"],
    instructionsLayering: v["instructions-layering"],
    allowEdits: v["allow-edits"],
    promptCacheKey: v["prompt-cache-key"],
    memory: Object.freeze({
      branch: v["memory-branch"],
      repository: v["memory-repository"],
      token: v["memory-token"],
      limit: v["memory-limit"],
    }),
    includePaths: Object.freeze(v["include-paths"]),
    excludePaths: Object.freeze(v["exclude-paths"]),
    maxFileBytes: v["max-file-bytes"],
    rlmThresholdBytes: v["rlm-threshold-bytes"],
    rlmSandbox: v["rlm-sandbox"],
    maxOutputTokens:
      v["max-output-tokens"] ??
      (v["reasoning-effort"] ? REASONING_OUTPUT_TOKENS : DEFAULT_OUTPUT_TOKENS),
    maxOutputTokensSet: v["max-output-tokens"] !== undefined,
    tokenLimitParam: v["token-limit-param"] ?? "auto",
    reasoningEffort: v["reasoning-effort"],
    childModel: v["child-model"],
    reviewConcurrency: v["review-concurrency"],
    triage: Object.freeze({
      logMaxBytes: v["triage-log-max-bytes"],
      logIdleSeconds: v["triage-log-idle-seconds"],
      logTimeoutSeconds: v["triage-log-timeout-seconds"],
      issue: v["triage-issue"],
    }),
    reviewScope: v["review-scope"],
    inline: Object.freeze({
      comments: v["inline-comments"],
      minSeverity: v["min-severity"],
      maxComments: v["max-inline-comments"],
      resolveOutdated: v["resolve-outdated-threads"],
    }),
    fix: fixSettings(v),
  });
}
