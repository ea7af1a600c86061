// The real `openai` SDK pointed at an emulator, keeping each raw answer: the SDK drops error
// bodies it does not recognise, and the self-tests check what the provider actually sent.
import OpenAI, { APIError } from "openai";
import type { Emulator } from "../support/providers/index.js";

export interface Seen {
  status: number;
  contentType: string;
  text: string;
}

export interface TestClient {
  client: OpenAI;
  /** Every answer, raw, in order. */
  seen: Seen[];
  /** The last answer's body parsed as JSON. */
  lastJson: () => unknown;
}

export function clientFor(
  emulator: Emulator,
  opts: { apiKey?: string; headers?: Record<string, string>; baseURL?: string } = {},
): TestClient {
  const seen: Seen[] = [];
  const recording: typeof fetch = async (input, init) => {
    const res = await fetch(input, init);
    const text = await res.clone().text();
    seen.push({ status: res.status, contentType: res.headers.get("content-type") ?? "", text });
    return res;
  };
  const client = new OpenAI({
    baseURL: opts.baseURL ?? emulator.url,
    apiKey: opts.apiKey ?? "sk-test",
    maxRetries: 0,
    timeout: 5_000,
    fetch: recording,
    ...(opts.headers ? { defaultHeaders: opts.headers } : {}),
  });
  return {
    client,
    seen,
    lastJson: () => JSON.parse(seen.at(-1)?.text ?? "null") as unknown,
  };
}

export const USER = [{ role: "user" as const, content: "Say hi." }];

export const READ_TOOL: OpenAI.ChatCompletionFunctionTool = {
  type: "function",
  function: {
    name: "git_diff",
    description: "Show the diff",
    parameters: { type: "object", properties: { path: { type: "string" } } },
  },
};

/** The error a request ends in (fails the test if it succeeds). */
export async function failure(request: Promise<unknown>): Promise<APIError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof APIError) return error;
    throw error;
  }
  throw new Error("the request succeeded");
}
