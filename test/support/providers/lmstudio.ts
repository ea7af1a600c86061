// LM Studio's OpenAI-compatible server (http://localhost:1234/v1).
import type { RecordedRequest } from "../model-replies.js";
import { startEmulator, type Emulator, type EmulatorOptions, type ProviderRules } from "./core.js";
import { bodyOf, wire, type RawAnswer } from "./shapes.js";

export interface LmStudioOptions extends EmulatorOptions {
  /** A model that sometimes emits a tool call whose id is empty (see below). */
  emptyToolCallIds?: boolean;
}

function rules(opts: LmStudioOptions): ProviderRules {
  let next = 193_629_320;
  return {
    name: "lmstudio",
    basePath: "/v1",
    check(req: RecordedRequest): RawAnswer | undefined {
      const format = bodyOf(req).response_format as { type?: string } | undefined;
      // https://github.com/willmiao/ComfyUI-Lora-Manager/issues/1033 (LM Studio 0.4.19) and
      // https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/189: json_object is refused,
      // and `error` is a bare string, not an object.
      if (format?.type !== undefined && format.type !== "json_schema" && format.type !== "text")
        return {
          status: 400,
          body: { error: "'response_format.type' must be 'json_schema' or 'text'" },
        };
      return undefined;
    },
    shape(completion: Record<string, unknown>) {
      const out = wire(completion);
      // https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/830: tool-call ids are digit
      // strings ("193629320"), and some models' calls come back with an empty one.
      for (const call of out.choices[0]!.message.tool_calls ?? [])
        call.id = opts.emptyToolCallIds ? "" : String(next++);
      return out;
    },
  };
}

export function startLmStudio(opts: LmStudioOptions = {}): Promise<Emulator> {
  return startEmulator(rules(opts), opts);
}
