// Mistral's API (https://api.mistral.ai/v1): a strict schema that refuses what it does not know.
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, messagesOf, wire, type RawAnswer } from "./shapes.js";

/**
 * Fields the emulator accepts. `max_completion_tokens` (https://github.com/editor-code-assistant/eca/issues/231)
 * and `n` (https://github.com/crewAIInc/crewAI/issues/60) were seen refused; `prompt_cache_key`
 * and `reasoning_effort` are refused by inference from the same rule, not from a report.
 */
const ACCEPTED = new Set([
  "model",
  "messages",
  "temperature",
  "top_p",
  "max_tokens",
  "stream",
  "stop",
  "random_seed",
  "response_format",
  "tools",
  "tool_choice",
  "presence_penalty",
  "frequency_penalty",
  "parallel_tool_calls",
  "prediction",
  "safe_prompt",
]);

// Message fields per role; anything else is extra (https://github.com/Gage-Technologies/mistral-go/pull/2
// for user.name, https://github.com/charmbracelet/crush/issues/1590 for assistant.reasoning_content).
const MESSAGE_FIELDS: Record<string, string[]> = {
  system: ["role", "content"],
  user: ["role", "content"],
  assistant: ["role", "content", "tool_calls", "prefix"],
  tool: ["role", "content", "tool_call_id", "name"],
};

/** A 422 from Mistral's validation: `message` is an object listing every extra input. */
function extraForbidden(extras: { loc: (string | number)[]; input: unknown }[]): RawAnswer {
  const detail = extras.map((e) => ({
    type: "extra_forbidden",
    loc: ["body", ...e.loc],
    msg: "Extra inputs are not permitted",
    input: e.input,
  }));
  const body = {
    object: "error",
    message: { detail },
    type: "invalid_request_error",
    param: null,
    code: null,
  };
  return { status: 422, body };
}

/** https://github.com/nearai/ironclaw/issues/1241, https://github.com/zed-industries/zed/issues/53034 */
function badToolCallId(id: unknown): RawAnswer {
  const message = `Tool call id was ${String(id)} but must be a-z, A-Z, 0-9, with a length of 9.`;
  const body = {
    object: "error",
    message,
    type: "invalid_function_call",
    param: null,
    code: "3280",
    raw_status_code: 400,
  };
  return { status: 400, body };
}

function mistralRefusal(req: RecordedRequest): RawAnswer | undefined {
  const body = bodyOf(req);
  const extras: { loc: (string | number)[]; input: unknown }[] = Object.keys(body)
    .filter((key) => !ACCEPTED.has(key))
    .map((key) => ({ loc: [key], input: body[key] }));
  for (const [index, message] of messagesOf(req).entries()) {
    const role = String(message.role);
    const allowed = MESSAGE_FIELDS[role] ?? [];
    for (const key of Object.keys(message))
      if (!allowed.includes(key))
        extras.push({ loc: ["messages", index, role, key], input: message[key] });
  }
  if (extras.length) return extraForbidden(extras);
  for (const message of messagesOf(req)) {
    const ids = Array.isArray(message.tool_calls)
      ? (message.tool_calls as { id?: unknown }[]).map((c) => c.id)
      : message.role === "tool"
        ? [message.tool_call_id]
        : [];
    const bad = ids.findIndex((id) => typeof id !== "string" || !/^[a-zA-Z0-9]{9}$/.test(id));
    if (bad >= 0) return badToolCallId(ids[bad]);
  }
  return undefined;
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

function toolCallId(n: number): string {
  let id = "";
  for (let i = 0; i < 9; i++) id += ALPHABET[(n * 7 + i * 13) % ALPHABET.length];
  return id;
}

export const MISTRAL: ProviderRules = {
  name: "mistral",
  basePath: "/v1",
  check: mistralRefusal,
  shape(completion: Record<string, unknown>, _reply, req) {
    const out = wire(completion);
    // Mistral's own ids are 9 letters and digits, the form it then requires back.
    (out.choices[0]!.message.tool_calls ?? []).forEach(
      (call, i) => (call.id = toolCallId(req.index * 10 + i)),
    );
    return out;
  },
};

export function startMistral(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator(MISTRAL, opts);
}
